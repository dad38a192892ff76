"""Train a masked policy network for Claim with PyTorch on the CPU, then measure it.

The agent plays one seat of the Gymnasium environment (``claim_v0.single_agent``) against one of
the project's bots, both seats in turn, and learns by a clipped policy gradient (PPO): the
reward is +1 / -1 / 0 at the end of the game, and a value head that learns to predict it splits
the credit among the moves (GAE). Illegal actions are never sampled: their logits are -inf in
the softmax. Then the greedy policy (its most likely legal move) plays a fixed set of deals in
both seats against ``random`` and ``heuristic``, and the win rates are printed with Wilson 95%
intervals. The same --seed (and --threads) gives the same weights and the same results::

    python examples/train_policy.py --seed 1 --out policy.pt   # ~10 min on one core
    python examples/train_policy.py --updates 0          # the untrained policy, for comparison
    python examples/train_policy.py --factions random    # any setup option of `claim deal`

It needs the ``train`` extra (``pip install -e '.[train]'``). docs/rl.md, "An example that
learns", gives the figures of a real run.
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import torch
from torch import nn

from claim.envs import claim_v0
from claim.envs.actions import ACTION_COUNT
from claim.envs.encoding import OBSERVATION_SIZE
from claim.envs.games import SETUP_OPTION_NAMES
from claim.envs.single import ClaimSingleAgentEnv

#: the evaluation deals: the same for every run and every --seed, so that runs compare on them
EVAL_SEED_BASE = 1_000_000


class Policy(nn.Module):
    """A small MLP: the observation in, a logit per legal action and a value estimate out."""

    def __init__(self, hidden: int) -> None:
        super().__init__()
        # the first layer as a sum of weight rows: an observation has 10,015 entries but only
        # ~75 are nonzero: ~100x fewer multiplications than a dense Linear, the same function
        self.embed = nn.EmbeddingBag(OBSERVATION_SIZE, hidden, mode="sum")
        self.bias = nn.Parameter(torch.zeros(hidden))
        self.body = nn.Sequential(nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.logits = nn.Linear(hidden, ACTION_COUNT)
        self.value = nn.Linear(hidden, 1)
        # EmbeddingBag starts at N(0, 1), far too large a sum over ~75 inputs: use the scale
        # a Linear layer of 75 inputs starts with. A small policy head starts near uniform.
        nn.init.uniform_(self.embed.weight, -(75**-0.5), 75**-0.5)
        with torch.no_grad():
            self.logits.weight.mul_(0.01)

    def forward(self, obs: torch.Tensor, legal: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """``obs`` (B, 10015); ``legal`` (B, L): each state's legal action indices, padded with
        -1. Returns the logits (B, L), -inf at the padding, and the values (B,)."""
        rows, cols = obs.nonzero(as_tuple=True)  # row-major: each observation's entries together
        offsets = torch.bincount(rows, minlength=len(obs)).cumsum(0).roll(1)
        offsets[0] = 0
        # the entries are counts (a hidden deck shows ~40 "?"), the flags 0/1: log1p keeps the
        # large counts from swamping the flags without any per-field scaling
        weights = torch.log1p(obs[rows, cols])
        hidden = self.body(self.embed(cols, offsets, per_sample_weights=weights) + self.bias)
        # the masked softmax: only the legal actions' logits are computed (~10 of 3,594, from
        # their rows of the output layer); every other action is -inf, probability 0
        index = legal.clamp(min=0)
        logits = torch.einsum("bh,blh->bl", hidden, self.logits.weight[index])
        logits = (logits + self.logits.bias[index]).masked_fill(legal < 0, -math.inf)
        return logits, self.value(hidden).squeeze(-1)


def legal_indices(masks: list[np.ndarray]) -> torch.Tensor:
    """The action masks as padded rows of legal action indices (-1 past each row's end)."""
    found = [np.flatnonzero(mask) for mask in masks]
    legal = torch.full((len(found), max(len(f) for f in found)), -1, dtype=torch.long)
    for row, indices in enumerate(found):
        legal[row, : len(indices)] = torch.from_numpy(indices)
    return legal


@dataclass
class Batch:
    """The agent's moves in a batch of games, each game's moves in playing order."""

    obs: list[np.ndarray] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    choices: list[int] = field(default_factory=list)  # the position of the move among the legal
    logps: list[float] = field(default_factory=list)
    values: list[float] = field(default_factory=list)  # the value head's estimate, as played
    game: list[int] = field(default_factory=list)  # which game each move belongs to


def make_envs(bot: str, count: int, options: dict[str, Any]) -> list[ClaimSingleAgentEnv]:
    """``count`` environments against ``bot``, alternating seats, so the policy learns (and is
    measured) as first and second player alike."""
    return [claim_v0.single_agent(bot=bot, seat=i % 2, **options) for i in range(count)]


@torch.no_grad()
def play(
    policy: Policy, envs: list[ClaimSingleAgentEnv], seeds: list[int], greedy: bool
) -> tuple[list[float], Batch]:
    """One game in each environment, all in lockstep so that the network sees one batch per
    step (far faster than a forward pass per move). Returns each game's reward and, when
    sampling (training), the moves."""
    batch = Batch()
    current = [env.reset(seed=seed)[0] for env, seed in zip(envs, seeds, strict=True)]
    rewards = [0.0] * len(envs)
    live = list(range(len(envs)))
    while live:
        obs = np.stack([current[i]["observation"] for i in live])
        masks = [current[i]["action_mask"] for i in live]
        legal = legal_indices(masks)
        logits, values = policy(torch.from_numpy(obs), legal)
        if greedy:
            chosen = logits.argmax(-1)
        else:
            dist = torch.distributions.Categorical(logits=logits)
            chosen = dist.sample()
            batch.obs.extend(obs)
            batch.masks.extend(masks)
            batch.choices.extend(chosen.tolist())
            batch.logps.extend(dist.log_prob(chosen).tolist())
            batch.values.extend(values.tolist())
            batch.game.extend(live)
        actions = legal.gather(1, chosen[:, None]).squeeze(1)
        still = []
        for i, action in zip(live, actions.tolist(), strict=True):
            current[i], reward, done, _, _ = envs[i].step(action)
            if done:
                rewards[i] = float(reward)
            else:
                still.append(i)
        live = still
    return rewards, batch


def advantages(batch: Batch, rewards: list[float], lam: float) -> torch.Tensor:
    """Generalized advantage estimates (GAE, no discount): how much better each move left the
    game than the value head expected. The value head reads the Score piles and the Followers,
    so a trick won shows at once instead of only through the game's end (lam = 1: the plain
    final result minus the value, a far noisier signal)."""
    adv = torch.zeros(len(batch.choices))
    later: dict[int, tuple[float, float]] = {}  # game -> (value, advantage) of its next move
    for t in reversed(range(len(batch.choices))):  # the moves of a game are in playing order
        game, value = batch.game[t], batch.values[t]
        if game in later:
            next_value, next_adv = later[game]
            adv[t] = next_value - value + lam * next_adv
        else:  # the game's last move: the result is the only reward
            adv[t] = rewards[game] - value
        later[game] = (value, float(adv[t]))
    return adv


def update(
    policy: Policy,
    optimizer: torch.optim.Optimizer,
    batch: Batch,
    rewards: list[float],
    args: argparse.Namespace,
) -> float:
    """PPO's clipped objective over a few epochs of minibatches; returns the last loss."""
    obs = torch.from_numpy(np.stack(batch.obs))
    legal = legal_indices(batch.masks)
    choices = torch.tensor(batch.choices)
    old_logps = torch.tensor(batch.logps)
    adv_all = advantages(batch, rewards, args.lam)
    returns = adv_all + torch.tensor(batch.values)  # the value head's targets (lambda-returns)
    loss = torch.zeros(())
    for _ in range(args.epochs):
        for idx in torch.randperm(len(choices)).split(args.minibatch):
            logits, values = policy(obs[idx], legal[idx])
            dist = torch.distributions.Categorical(logits=logits)
            ratio = torch.exp(dist.log_prob(choices[idx]) - old_logps[idx])
            advantage = adv_all[idx]
            advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
            clipped = torch.clamp(ratio, 1 - args.clip, 1 + args.clip)
            policy_loss = -torch.min(ratio * advantage, clipped * advantage).mean()
            value_loss = (values - returns[idx]).pow(2).mean()
            entropy = dist.entropy().mean()  # keeps exploring early; -inf logits count 0 here
            loss = policy_loss + 0.5 * value_loss - args.entropy * entropy
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(policy.parameters(), 1.0)
            optimizer.step()
    return float(loss.detach())


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% for z = 1.96): sound near 0% and 100%."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def evaluate(policy: Policy, bot: str, games: int, options: dict[str, Any]) -> str:
    """The greedy policy (its most likely move) against ``bot`` over ``games`` // 2 fixed
    deals, each played in both seats."""
    envs = make_envs(bot, games, options)
    # each deal twice, once in each seat (as `claim arena` plays duplicate deals)
    seeds = [EVAL_SEED_BASE + i // 2 for i in range(games)]
    rewards, _ = play(policy, envs, seeds, greedy=True)
    wins = sum(r > 0 for r in rewards)
    draws = sum(r == 0 for r in rewards)
    low, high = wilson(wins, games)
    return (
        f"vs {bot}: won {100 * wins / games:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%) "
        f"of {games} games, {draws} drawn"
    )


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add = parser.add_argument
    add("--updates", type=int, default=400, help="policy updates (0: evaluate untrained)")
    add("--games", type=int, default=64, help="games per update, half in each seat")
    add("--opponent", default="random", help="the bot trained against (as `claim arena`)")
    add("--seed", type=int, default=0, help="seeds the network, the sampling and the deals")
    add("--eval-games", type=int, default=400, help="games per bot, each deal in both seats")
    add("--eval-bots", default="random,heuristic", help="comma-separated bots to measure against")
    add("--threads", type=int, default=1, help="torch CPU threads")
    add("--hidden", type=int, default=256, help="width of the two hidden layers")
    add("--lr", type=float, default=1e-3, help="Adam's initial step size")
    add("--epochs", type=int, default=4, help="passes over each batch")
    add("--minibatch", type=int, default=512, help="moves per gradient step")
    add("--lam", type=float, default=0.9, help="GAE's lambda (1: Monte Carlo returns)")
    add("--clip", type=float, default=0.2, help="PPO's ratio clip")
    add("--entropy", type=float, default=0.01, help="entropy bonus weight")
    add("--log-every", type=int, default=10, help="updates between progress lines")
    add("--load", help="start from these weights (from --out)")
    add("--out", help="save the trained weights here (torch.save of the state dict)")
    add("--quiet", action="store_true", help="print only the results")
    for name in SETUP_OPTION_NAMES:  # the setup options, spelled as `claim deal` spells them
        add("--" + name.replace("_", "-"), dest=name, help=f"setup option {name}")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> list[str]:
    """Train and evaluate; returns the result lines it printed (for tests)."""
    args = parse_args(argv)
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    deals = np.random.default_rng(args.seed)  # the training deals' seeds
    options = {n: getattr(args, n) for n in SETUP_OPTION_NAMES if getattr(args, n) is not None}
    policy = Policy(args.hidden)
    if args.load:
        policy.load_state_dict(torch.load(args.load))
    optimizer = torch.optim.Adam(policy.parameters(), lr=args.lr, fused=True)
    envs = make_envs(args.opponent, args.games, options)

    start, recent = time.perf_counter(), []
    for step in range(1, args.updates + 1):
        # below EVAL_SEED_BASE: a training deal is never one of the evaluation deals
        seeds = [int(s) for s in deals.integers(EVAL_SEED_BASE, size=args.games)]
        rewards, batch = play(policy, envs, seeds, greedy=False)
        # the step size falls linearly to 0: big steps while far from good play, then small
        # ones, so the policy settles instead of wandering with the noise of each batch
        for group in optimizer.param_groups:
            group["lr"] = args.lr * (1 - (step - 1) / args.updates)
        loss = update(policy, optimizer, batch, rewards, args)
        recent.extend(rewards)
        if not args.quiet and (step % args.log_every == 0 or step == args.updates):
            won = sum(r > 0 for r in recent) / len(recent)
            print(
                f"update {step}/{args.updates}: {step * args.games} games, "
                f"won {100 * won:.1f}% of the last {len(recent)} (sampling) "
                f"vs {args.opponent}, loss {loss:.3f}, {time.perf_counter() - start:.0f} s",
                flush=True,
            )
            recent = []
    train_time = time.perf_counter() - start

    if args.out:
        torch.save(policy.state_dict(), args.out)
    lines = [
        f"trained {args.updates} updates ({args.updates * args.games} games) in {train_time:.0f} s"
    ]
    print(lines[0], flush=True)
    for bot in args.eval_bots.split(","):
        lines.append(evaluate(policy, bot, args.eval_games, options))
        print(lines[-1], flush=True)
    return lines


if __name__ == "__main__":
    main()
