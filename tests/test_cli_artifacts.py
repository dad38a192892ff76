"""Artifacts outside the engine (RULES.md §8, R-80): --artifacts on every game-starting command and
its one-line errors, the terminal game (`claim play`: your artifacts, the ones the bot used and how
many it still holds — never which —, the Flail card, the public tallies, the artifact decisions as
choices, the rules in the help), `claim replay` of a saved artifact game, and the per-artifact
statistics of `claim simulate` and `claim arena`."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from claim.apps.cli import cli, table_lines
from claim.core import cards, records
from claim.core.options import SetupOptions
from claim.core.powers import REGISTRY
from claim.core.view import observe
from claim.sim.arena import arena
from claim.sim.simulate import game_seed, play_random_game, simulate
from claim.text.account import Names, artifact_title
from clitools import assert_one_line_error, run
from scenario import CLAIM, position_record

YOU = Names(("you", "the bot"))
BOT_FIRST = Names(("the bot", "you"))


def table(record: dict[str, Any], seat: int) -> list[str]:
    state = records.replay(record)
    names = YOU if seat == 0 else BOT_FIRST
    # each line without its indent: the words are what these tests read, not the layout
    return [line.strip() for line in table_lines(observe(state, seat), seat, names)]


# -- the options --------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["deal", "simulate", "arena", "play"])
def test_every_game_starting_command_has_the_artifacts_option(command: str) -> None:
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "--artifacts" in result.stdout


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("sword", "error: --artifacts: unknown artifact 'sword'; artifacts are: flail-of-dawn, "),
        (
            "magic-wand,spyglass",
            "error: --artifacts: the artifact pool needs at least 6 artifacts, got 2",
        ),
        ("magic-wand,magic-wand", "error: --artifacts: artifact magic-wand is listed twice"),
    ],
)
def test_bad_artifacts_values_are_one_line_errors(value: str, text: str) -> None:
    """§2 step 5: three each from a pool of at least six known, distinct names."""
    assert_one_line_error(run("deal", "--artifacts", value), text)
    assert_one_line_error(run("simulate", "--games", "1", "--artifacts", value), text)
    assert_one_line_error(
        run("arena", "--bots", "random,random", "--deals", "1", "--artifacts", value), text
    )
    assert_one_line_error(run("play", "--artifacts", value), text)


def test_deal_with_a_named_pool() -> None:
    pool = "magic-wand,spyglass,ice-sword,kings-dagger,prowlers-torch,mask-of-darkness"
    result = run("deal", "--seed", "3", "--artifacts", pool)
    assert result.exit_code == 0, result.output
    setup = json.loads(result.stdout)["setup"]
    dealt = [*setup["artifacts"][0], *setup["artifacts"][1]]
    assert sorted(dealt) == sorted(pool.split(","))  # six from a pool of six: all of them
    assert sorted(setup["artifact_pool"]) == sorted(pool.split(","))


# -- play ---------------------------------------------------------------------------------------


def test_play_a_whole_game_with_artifacts_against_the_bot() -> None:
    """A game played to the end through stdin, always the first move (so every artifact window
    uses the first artifact offered): the start says which artifacts are yours and how many the
    bot holds; each table shows yours and the ones the bot used; the bot's unused artifacts are
    never named (§8, W11) — an artifact of the bot appears only once the bot has used it."""
    seed = 4
    result = run("play", "--seed", str(seed), "--artifacts", "--bot", "random", input="1\n" * 400)
    assert result.exit_code == 0, result.output
    out = result.stdout
    lines = out.splitlines()
    assert lines[-1] == "Thanks for playing."
    config = SetupOptions(artifacts="all").resolve(seed).config
    mine, theirs = config.artifacts
    assert lines[2] == (
        f"Artifacts: you hold {', '.join(artifact_title(a) for a in mine)}; the bot holds 3, "
        "secret until used. Dealt from all 16 (help shows their rules)."
    )
    assert f"  Your artifacts: {', '.join(artifact_title(a) for a in mine)}" in lines
    assert "  The bot's artifacts: 3 unused (secret); used: none" in lines
    for name in theirs:
        title = artifact_title(name)
        if title not in out:
            continue
        first = out.index(title)
        # first named where the bot uses it ("The bot uses the ...", "The bot's King's Dagger")
        assert out[:first].endswith(("The bot uses the ", "The bot's ")), (
            title,
            out[:first][-300:],
        )
    # the artifact decisions appear as choices, with what each move does
    assert "Right after your card: you may use an artifact, or pass." in lines
    assert "  1. Use the Magic Wand: +2 — your card counts +2" in lines
    assert "  2. Use the Magic Wand: -2 — your card counts -2" in lines
    assert out.count("You use the ") == 3  # each of your three, once
    # the bot's Dagger took a printed 5, said by its name (issue 37)
    took = re.search(r"The bot's King's Dagger takes (\w+ 5) into the bot's Score pile; you", out)
    assert took is not None
    assert re.search(rf"  Artifacts used: .*\(the King's Dagger took {took[1]}\)", out)


def test_play_help_lists_the_rules_of_the_artifacts_in_play() -> None:
    pool = "magic-wand,spyglass,ice-sword,kings-dagger,prowlers-torch,mask-of-darkness"
    result = run("play", "--seed", "3", "--artifacts", pool, input="help\nquit\n")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    config = SetupOptions(artifacts=pool).resolve(3).config
    for name in config.artifact_pool:
        rules = REGISTRY[name].rules_text().replace("``", "'")
        mark = " (yours)" if name in config.artifacts[0] else ""
        assert f"  {artifact_title(name)}{mark}: {rules}" in lines
    assert sum(" (yours): " in line for line in lines) == 3
    # an artifact not in the pool is not in play
    assert not any(line.startswith("  Gambler's Dice") for line in lines)
    plain = run("play", "--seed", "3", input="help\nquit\n").stdout
    assert "rtifacts:" not in plain and "Magic Wand" not in plain


def test_the_table_at_a_kings_dagger_window() -> None:
    """A7, A22: the bot follows with a printed 5; your King's Dagger is offered as a choice."""
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["knights:4", "goblins:1"], ["knights:5", "knights:3"]],
        moves=["play knights:4", "play knights:5"],
        artifacts=(
            ["kings-dagger", "gamblers-book", "prowlers-torch"],
            ["flail-of-dawn", "magic-wand", "spyglass"],
        ),
    )
    lines = table(record, 0)
    assert lines[-4:] == [
        "The bot just played Knight 5, a printed 5: your King's Dagger may take it, or pass.",
        "Your moves:",
        "1. Use the King's Dagger — take that 5 into your Score pile; the bot plays another card",
        "2. Pass — decline",
    ]
    assert "Your artifacts: King's Dagger, Gambler's Book, Prowler's Torch" in lines
    assert "The bot's artifacts: 3 unused (secret); used: none" in lines
    for name in ("Flail of Dawn", "Magic Wand", "Spyglass"):
        assert not any(name in line for line in lines)
    theirs = table(record, 1)
    assert "Your artifacts: Flail of Dawn, Magic Wand, Spyglass" in theirs
    assert not any("King's Dagger" in line for line in theirs)


def test_the_table_hides_a_masked_lead_and_counts_the_mask() -> None:
    """A16, W3: the follower sees "?" for a masked lead; both see the Mask's tricks left."""
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["goblins:5", "goblins:7"], ["goblins:0", "undead:9"]],
        moves=["use mask-of-darkness", "play goblins:5"],
        artifacts=(
            ["mask-of-darkness", "gamblers-book", "prowlers-torch"],
            ["flail-of-dawn", "flask-of-tears", "hunting-cloak"],
        ),
    )
    follower = table(record, 1)
    assert "The bot led a face-down card" in follower
    assert "Artifacts used: Mask of Darkness" in follower
    assert (
        "Mask of Darkness: the leader plays face-down and the follower may play any card (this "
        "trick and the one after)"
    ) in follower
    assert "The bot's artifacts: 2 unused (secret); used: Mask of Darkness" in follower
    # the masked card, by its name as by its code, is the leader's only
    assert not any("goblins:5" in line or "Goblin 5" in line for line in follower)
    assert "You led Goblin 5" in table(record, 0)


def test_the_table_between_the_phases_and_the_flail_card() -> None:
    """A4, A5, A39: the Flail of Dawn is asked as Phase Two begins; its card is shown to its
    owner only, and counted in the other's cards."""
    base = position_record(
        CLAIM,
        phase=1,
        number=13,
        prize="goblins:9",
        hands=[["knights:9"], ["knights:2"]],
        followers=[["undead:1", "undead:2"], ["dwarves:5", "dwarves:6"]],
        moves=["play knights:9", "play knights:2"],
        artifacts=(
            ["gamblers-book", "prowlers-torch", "flask-of-tears"],
            ["flail-of-dawn", "hunting-cloak", "wishing-lamp"],
        ),
    )
    base["moves"].append("pass")  # player 0's Gambler's Book
    flail = table(base, 1)
    assert flail[0] == "── Phase Two begins ──"
    assert flail[-4:] == [
        "Phase Two begins: your Flail of Dawn may make the bot set a card aside for their last "
        "trick, or pass.",
        "Your moves:",
        "1. Use the Flail of Dawn — the bot sets a card aside for their last trick",
        "2. Pass — decline",
    ]
    base["moves"].append("use flail-of-dawn")
    asked = table(base, 0)
    assert asked[0] == "── Phase Two begins ──"
    assert (
        "Flail of Dawn: set a card aside face-down; you must play it in your last trick."
    ) in asked
    base["moves"].append("aside goblins:9")
    owner = table(base, 0)
    assert "Set aside (Flail of Dawn): Goblin 9" in owner
    other = table(base, 1)
    assert "The bot has set a card aside face-down (Flail of Dawn) for their last trick" in other
    assert not any("goblins:9" in line or "Goblin 9" in line for line in other)
    assert any("the bot: hand 2, 1 set aside" in line for line in other)


def test_the_tallies_in_words() -> None:
    """The public counters (§8): the Torch's and the Mask's tricks left, the Flask of Tears and
    Ice Sword bonuses waiting for a player's next card, and your run of lost tricks while you
    hold a Flask of Tears (A15; the other's run is not shown, it would hint at their Flask)."""
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["goblins:5"], ["goblins:6"]],
        artifacts=(
            ["gamblers-book", "prowlers-torch", "flask-of-tears"],
            ["flail-of-dawn", "hunting-cloak", "ice-sword"],
        ),
    )
    record["position"]["counters"] = {
        "prowlers-torch": 1,
        "mask-of-darkness": 2,
        "flask-of-tears:1": 9,
        "ice-sword:0": 7,
        "losses:0": 4,
        "losses:1": 3,
    }
    lines = table(record, 0)
    assert (
        "Prowler's Torch: every card taken from the deck is shown to both players (this trick)"
    ) in lines
    assert (
        "Mask of Darkness: the leader plays face-down and the follower may play any card (this "
        "trick and the one after)"
    ) in lines
    assert "Ice Sword: you have +7 on your next card" in lines
    assert "Flask of Tears: the bot has +9 on their next card" in lines
    assert (
        "Flask of Tears: you have lost 4 tricks in a row; your Flask may be used at the start of "
        "a trick"
    ) in lines
    assert not any("lost 3" in line for line in table(record, 1))  # theirs: no Flask held


# -- replay -------------------------------------------------------------------------------------


def test_replay_of_a_saved_artifact_game(tmp_path: Path) -> None:
    """A game saved from `claim play` replays with the artifacts and their uses narrated."""
    target = tmp_path / "game.json"
    moves = "1\n" * 15
    result = run(
        "play",
        "--seed",
        "4",
        "--artifacts",
        "--bot",
        "random",
        input=f"{moves}save {target}\nquit\n",
    )
    assert result.exit_code == 0, result.output
    record = records.read_json(target)
    config = SetupOptions(artifacts="all").resolve(4).config
    assert record["setup"]["artifacts"] == [list(a) for a in config.artifacts]
    shown = run("replay", str(target))
    assert shown.exit_code == 0, shown.output
    lines = shown.stdout.splitlines()
    held = "; ".join(
        f"player {p} holds {', '.join(artifact_title(a) for a in config.artifacts[p])}"
        for p in (0, 1)
    )
    assert f"Artifacts (secret until used): {held}." in lines
    uses = [m for m in record["moves"] if m.split(" ")[0] == "use"]
    assert uses, "the saved game has artifact uses"
    told = [line for line in lines if " uses the " in line or "King's Dagger takes" in line]
    assert len(told) == len(uses)
    # the Wand's line names the card its holder had just played (A22: its own window)
    wand = record["moves"].index("use magic-wand +2")
    played = next(m for m in reversed(record["moves"][:wand]) if m.startswith("play "))
    assert f"  Player 0 uses the Magic Wand: {played[5:]} counts +2." in lines


# -- simulate and arena ---------------------------------------------------------------------------


def test_simulate_with_artifacts_counts_each_artifact(tmp_path: Path) -> None:
    """50 games, six artifacts each: the per-artifact counts match the saved records (dealt to
    the winner or the loser, used), and the rates are those counts' ratios."""
    target = tmp_path / "games"
    result = run(
        "simulate",
        "--games",
        "50",
        "--seed",
        "7",
        "--artifacts",
        "--json",
        "--records",
        str(target),
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["artifacts"] == "all"
    by_artifact = data["by_artifact"]
    assert list(by_artifact) == [a for a in cards.ARTIFACTS if a in by_artifact]
    assert sum(t["games"] for t in by_artifact.values()) == 50 * 6
    dealt: Counter[str] = Counter()
    won: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    used: Counter[str] = Counter()
    used_won: Counter[str] = Counter()
    for i in range(50):
        record = records.read_json(target / f"game-{i + 1:04d}.json")
        state = records.replay(record)
        assert state.result is not None
        winner = state.result["winner"]
        for p, hand in enumerate(record["setup"]["artifacts"]):
            spent = {m.split(" ")[1] for m in _moves_of(record, p) if m.startswith("use ")}
            for name in hand:
                dealt[name] += 1
                won[name] += winner == p
                lost[name] += winner == 1 - p
                used[name] += name in spent
                used_won[name] += name in spent and winner == p
    for name, tally in by_artifact.items():
        assert tally["games"] == dealt[name]
        assert (tally["to_winner"], tally["to_loser"]) == (won[name], lost[name])
        assert tally["draws"] == tally["games"] - tally["to_winner"] - tally["to_loser"]
        assert (tally["used"], tally["used_wins"]) == (used[name], used_won[name])
        assert tally["win_rate"] == round(won[name] / dealt[name], 4)
        if used[name]:
            assert tally["used_win_rate"] == round(used_won[name] / used[name], 4)
    assert sum(data["wins"]) + data["draws"] == 50


def _moves_of(record: dict[str, Any], player: int) -> list[str]:
    """The moves ``player`` made in a finished game (replayed move by move)."""
    from claim.core.engine import apply, current_player

    game = records.initial_state(record)
    theirs = []
    for move in record["moves"]:
        if current_player(game) == player:
            theirs.append(move)
        apply(game, move)
    return theirs


def test_simulate_artifact_statistics_in_the_library_and_the_text() -> None:
    options = SetupOptions(artifacts="all")
    stats = simulate(12, seed=3, options=options)
    for name, tally in stats.by_artifact.items():
        games = 0
        for i in range(12):
            state = play_random_game(game_seed(3, i), options)
            games += any(name in hand for hand in state.config.artifacts)
        assert tally.games == games
    out = run("simulate", "--games", "12", "--seed", "3", "--artifacts").stdout
    assert "Artifacts (dealt to the winner or the loser)" in out
    assert "12 random-bot games (seed 3, factions claim, first leader 0, artifacts all)" in out
    plain = run("simulate", "--games", "2", "--seed", "3", "--json").stdout
    assert "by_artifact" not in json.loads(plain)
    assert "Artifacts" not in run("simulate", "--games", "2", "--seed", "3").stdout


def test_arena_with_artifacts() -> None:
    """Duplicate deals (docs/bots.md): each deal's artifacts go to the same seats in both games,
    so A and B each hold every dealt artifact once per deal; the JSON is ArenaStats.to_dict."""
    args = ["arena", "--bots", "random,heuristic", "--deals", "3", "--seed", "5", "--artifacts"]
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    data.pop("seconds")
    stats = arena(("random", "heuristic"), deals=3, seed=5, options=SetupOptions(artifacts="all"))
    assert data == stats.to_dict()
    by_artifact = data["by_artifact"]
    assert sum(r["held_by_a"]["games"] + r["held_by_b"]["games"] for r in by_artifact.values()) == (
        6 * 6
    )
    for result_of in by_artifact.values():
        a, b = result_of["held_by_a"], result_of["held_by_b"]
        assert a["games"] == b["games"]
        assert a["used"] <= a["games"] and b["used"] <= b["games"]
        assert a["wins"] + a["draws"] + a["losses"] == a["games"]
    text = run(*args).stdout
    assert "Artifacts (A's W-D-L)" in text
    plain = json.loads(run("arena", "--bots", "random,random", "--deals", "1", "--json").stdout)
    assert "by_artifact" not in plain


LINE_POOL = "magic-wand,mirror-of-lies,bottomless-bottle,ice-sword,kings-dagger,spyglass"


@pytest.mark.parametrize("ask_all", [False, True])
def test_the_line_game_passes_at_a_window_that_could_not_matter(ask_all: bool) -> None:
    """Issue 37: the line game, like the full-screen table and the web, asks at an artifact window
    only when a use could change something (claim.text.artifact_prompts), passes for the player
    otherwise and says so; ``ask all`` asks at every window again. The player types ``pass``
    then the first move, over and over (a ``pass`` where none is legal is refused, one line)."""
    args = ["play", "--plain", "--seed", "2", "--artifacts", LINE_POOL, "--bot", "random"]
    typed = ("ask all\n" if ask_all else "") + "pass\n1\n" * 300
    result = CliRunner().invoke(cli, args, input=typed)
    assert result.exit_code == 0, result.output
    assert "Thanks for playing." in result.output
    skipped = [line for line in result.output.splitlines() if line.startswith("(Not asked: ")]
    if ask_all:
        assert "Every artifact window will be asked from now on." in result.output
        assert skipped == []
    else:
        assert skipped, "seed 2 meets windows no use could change (11 of them)"
        undo = 'type "ask all" to be asked at every window.)'
        assert all(line.endswith(undo) for line in skipped)
