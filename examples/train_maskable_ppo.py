"""Train Claim with a standard library: sb3-contrib's MaskablePPO on the Gymnasium environment.

The agent plays one seat of ``claim_v0.single_agent`` against one of the project's bots (half the
environments in seat 0, half in seat 1). MaskablePPO reads the legal actions from the env's
``action_masks()`` method, so an illegal action is never sampled; the policy reads the
observation vector (the ``observation`` entry of the env's dict). Then the greedy policy (its most
likely legal move) plays fixed deals, each in both seats, against ``random`` and ``heuristic``,
and the win rates are printed with 95% intervals. CPU only; the same --seed (and --threads) gives
the same model and the same results::

    pip install -e '.[train]'     # torch (CPU), stable-baselines3 and sb3-contrib
    python examples/train_maskable_ppo.py --timesteps 300000 --out claim_ppo.zip
    python examples/train_maskable_ppo.py --load claim_ppo.zip --timesteps 0   # measure only

docs/rl.md, "Training with sb3-contrib (MaskablePPO)", gives the figures of a longer run.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import gymnasium
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv, VecMonitor

from claim.envs import claim_v0
from claim.envs.games import SETUP_OPTION_NAMES
from claim.sim.arena import paired_interval, wilson_interval

#: the evaluation deals' seeds start here: the training deals' seeds are drawn below 2**31 (the
#: env's unseeded resets), so no evaluation deal is a training deal, and every run meets the same
EVAL_SEED_BASE = 2**31
EVAL_BOTS = ("random", "heuristic")


def make_env(bot: str, seat: int, options: dict[str, Any]) -> gymnasium.Env[Any, Any]:
    """The single-agent env, its observation reduced to the vector the policy reads (the mask
    comes from ``action_masks()``, which Gymnasium's wrappers pass through)."""
    env = claim_v0.single_agent(bot=bot, seat=seat, **options)
    return gymnasium.wrappers.FlattenObservation(
        gymnasium.wrappers.FilterObservation(env, ["observation"])
    )


def env_factory(
    bot: str, seat: int, options: dict[str, Any]
) -> Callable[[], gymnasium.Env[Any, Any]]:
    """What DummyVecEnv takes: a function that makes one env."""
    return lambda: make_env(bot, seat, options)


def evaluate(model: MaskablePPO, bot: str, deals: int, options: dict[str, Any]) -> str:
    """The greedy policy against ``bot`` on ``deals`` fixed deals, each played in both seats (as
    ``claim arena`` plays duplicate deals): the win rate, its 95% interval paired over deals (the
    two games of a deal share the cards) and the per-game Wilson interval."""
    envs = [make_env(bot, seat, options) for seat in (0, 1)]
    deal_scores: list[float] = []
    wins = draws = 0
    for deal in range(deals):
        score = 0.0
        for env in envs:
            obs, _ = env.reset(seed=EVAL_SEED_BASE + deal)
            reward: Any = 0.0
            terminated = False
            while not terminated:
                masks = env.get_wrapper_attr("action_masks")()
                action, _ = model.predict(obs, action_masks=masks, deterministic=True)
                obs, reward, terminated, _, _ = env.step(int(action))
            wins += reward > 0
            draws += reward == 0
            score += 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0
        deal_scores.append(score / 2)
    games = 2 * deals
    rate = sum(deal_scores) / deals
    paired = paired_interval(deal_scores)
    low, high = wilson_interval(rate * games, games)
    paired_text = "n/a" if paired is None else f"{100 * paired[0]:.1f}-{100 * paired[1]:.1f}%"
    return (
        f"vs {bot}: scored {100 * rate:.1f}% of {games} games ({wins} won, {draws} drawn); "
        f"95% CI {paired_text} paired over {deals} deals, "
        f"{100 * low:.1f}-{100 * high:.1f}% Wilson"
    )


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--timesteps", type=int, default=300_000, help="agent moves to train on")
    parser.add_argument("--opponent", default="random", help="the training opponent (a bot spec)")
    parser.add_argument("--envs", type=int, default=8, help="environments, half in each seat")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    parser.add_argument("--eval-deals", type=int, default=500, help="deals per bot, both seats")
    parser.add_argument("--out", help="save the model here (a .zip, MaskablePPO.save)")
    parser.add_argument("--load", help="start from this saved model")
    parser.add_argument("--quiet", action="store_true", help="no training log")
    for name in SETUP_OPTION_NAMES:
        parser.add_argument(f"--{name.replace('_', '-')}", dest=name, help="a setup option")
    args = parser.parse_args(argv)
    if args.envs < 2 or args.envs % 2:
        parser.error("--envs must be even (half the environments in each seat)")
    return args


def main(argv: list[str] | None = None) -> list[str]:
    """Train, then measure; returns the result lines it printed (for tests)."""
    args = parse_args(argv)
    torch.set_num_threads(args.threads)
    options = {n: getattr(args, n) for n in SETUP_OPTION_NAMES if getattr(args, n) is not None}
    # VecMonitor: the training log's rollout/ep_rew_mean, the mean result of the last 100 games
    # (2 × win rate − 1 without draws)
    vec_env = VecMonitor(
        DummyVecEnv([env_factory(args.opponent, i % 2, options) for i in range(args.envs)])
    )
    if args.load:
        model = MaskablePPO.load(args.load, env=vec_env, device="cpu")
        model.set_random_seed(args.seed)
    else:
        model = MaskablePPO(
            "MlpPolicy",
            vec_env,
            n_steps=256,  # 2,048 moves (about 80 games) a rollout with 8 envs
            batch_size=256,
            n_epochs=4,
            gamma=1.0,  # the only reward is the game's result: no discount
            gae_lambda=0.95,
            ent_coef=0.01,
            seed=args.seed,
            device="cpu",
            verbose=0 if args.quiet else 1,
        )
    start, cpu = time.perf_counter(), time.process_time()
    if args.timesteps > 0:
        model.learn(total_timesteps=args.timesteps)
    lines = [
        f"trained {model.num_timesteps} timesteps ({vec_env.episode_count} games) in "
        f"{time.perf_counter() - start:.0f} s ({time.process_time() - cpu:.0f} s CPU)"
    ]
    if args.out:
        model.save(args.out)
    lines += [evaluate(model, bot, args.eval_deals, options) for bot in EVAL_BOTS]
    for line in lines:
        print(line)
    return lines


if __name__ == "__main__":
    main()
