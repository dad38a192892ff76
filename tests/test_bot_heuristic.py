"""The heuristic bot: legal moves for every decision, whole games on every deck, a few exact
choices, view-only play, and a deterministic duplicate-deal match against the random bot."""

from __future__ import annotations

import random
from typing import Any

import pytest

import claim
from claim.bots import RandomBot, decide, make_bot, play_out
from claim.bots.heuristic import HeuristicBot
from claim.core import engine
from claim.core.setup import GameConfig, random_factions
from claim.core.state import State
from scenario import CLAIM, CLAIM2, position_record, replay


def _strict(seed: int | None = 0) -> HeuristicBot:
    bot = HeuristicBot(seed)
    bot.strict = True  # internal errors raise instead of falling back
    return bot


def _ask(state: State, bot: HeuristicBot | None = None) -> str:
    """The bot's move for the player to act, checked legal, with no sampler given."""
    player = engine.current_player(state)
    assert player is not None
    legal = engine.legal_actions(state)
    move = (bot or _strict()).choose(claim.observe(state, player), legal, None)
    assert move in legal
    return move


def test_make_bot_builds_it() -> None:
    bot = make_bot("heuristic", 3)
    assert isinstance(bot, HeuristicBot)
    assert bot.name == "heuristic"
    assert bot.uses_view is True


# -------------------------------------------------------------------------------------------------
# Exact choices
# -------------------------------------------------------------------------------------------------


def test_follows_with_the_cheapest_winning_card_for_a_valuable_prize() -> None:
    record = position_record(
        CLAIM,
        phase=1,
        prize="knights:9",
        deck_top=["goblins:2", "goblins:5", "undead:4", "dwarves:3"],
        hands=[
            ["goblins:1", "goblins:8", "goblins:4", "knights:2", "undead:1"],
            ["goblins:3", "goblins:6", "goblins:7", "undead:5", "dwarves:2"],
        ],
        leader=1,
        moves=["play goblins:3"],
    )
    state = replay(record)
    assert engine.legal_actions(state) == ["play goblins:1", "play goblins:8", "play goblins:4"]
    assert _ask(state) == "play goblins:4"


def test_dumps_a_low_card_when_it_cannot_win() -> None:
    record = position_record(
        CLAIM,
        phase=1,
        prize="knights:9",
        deck_top=["goblins:2", "goblins:5"],
        hands=[
            ["goblins:1", "goblins:8", "goblins:6", "undead:1"],
            ["goblins:9", "goblins:7", "undead:5", "dwarves:2"],
        ],
        leader=1,
        moves=["play goblins:9"],
    )
    assert _ask(replay(record)) == "play goblins:1"


def test_always_smashes() -> None:
    record = position_record(
        CLAIM2,
        phase=2,
        hands=[["giants:5", "seers:1"], ["dragons:1", "seers:2"]],
        gnomes=([], ["gnomes:5", "gnomes:3"]),
        moves=["play giants:5", "play dragons:1"],
    )
    state = replay(record)
    assert engine.legal_actions(state) == ["smash gnomes:5", "pass"]
    assert _ask(state) == "smash gnomes:5"


def test_peeks() -> None:
    factions = ["goblins", "knights", "poisoners", "undead", "dwarves"]
    record = position_record(
        factions,
        phase=2,
        hands=[["poisoners:9", "undead:1"], ["poisoners:1", "undead:2"]],
        moves=["play poisoners:9", "play poisoners:1"],
    )
    state = replay(record)
    legal = engine.legal_actions(state)
    assert "pass" in legal and any(m.startswith("peek ") for m in legal)
    assert _ask(state).startswith("peek ")


def test_seer_keeps_the_better_card() -> None:
    record = position_record(
        CLAIM2,
        phase=1,
        prize="giants:1",
        deck_top=["giants:9", "trolls:2"],
        hands=[["seers:9", "dragons:1"], ["seers:1", "dragons:2"]],
        moves=["play seers:9", "play seers:1"],
    )
    state = replay(record)
    assert sorted(engine.legal_actions(state)) == ["take prize", "take top"]
    assert _ask(state) == "take top"


def test_crowns_its_first_vampire() -> None:
    factions = ["goblins", "knights", "vampires", "undead", "dwarves"]
    record = position_record(
        factions,
        phase=2,
        hands=[["vampires:8", "undead:1"], ["vampires:2", "undead:2"]],
        moves=["play vampires:8", "play vampires:2"],
    )
    state = replay(record)
    legal = engine.legal_actions(state)
    assert "crown vampires:8" in legal
    assert _ask(state) == "crown vampires:8"


# -------------------------------------------------------------------------------------------------
# Robustness
# -------------------------------------------------------------------------------------------------


def test_unknown_moves_get_a_legal_fallback() -> None:
    state = claim.new_game(GameConfig(), 1)
    view = claim.observe(state, 0)
    bot = HeuristicBot(0)
    for legal in (
        ["use skeleton", "pass"],
        ["frobnicate widgets", "twiddle 3"],
        ["give goblins:3", "give knights:7"],
        ["play hero:jester", "play goblins:2"],
        ["play elf-orc:4 as elves", "play elf-orc:4 as orcs"],
    ):
        assert bot.choose(view, legal) in legal
    assert bot.choose({}, ["pass", "play goblins:1"]) in ("pass", "play goblins:1")
    assert bot.choose({"players": "garbage"}, ["x", "y"]) in ("x", "y")


def test_never_uses_the_sampler() -> None:
    def sample(rng: random.Random) -> State:
        raise AssertionError("the heuristic bot must not sample states")

    state = claim.new_game(GameConfig(factions=tuple(CLAIM2)), 5)
    bot = _strict(5)
    for _ in range(40):
        player = engine.current_player(state)
        assert player is not None
        legal = engine.legal_actions(state)
        move = bot.choose(claim.observe(state, player), legal, sample)
        assert move in legal
        engine.apply(state, move)


def test_whole_games_on_random_decks_ask_every_decision() -> None:
    """200 games over random decks (every faction appears), both seats; every move legal."""
    seen_factions: set[str] = set()
    verbs: set[str] = set()
    roles: set[str] = set()
    for seed in range(200):
        factions = random_factions(random.Random(seed))
        seen_factions.update(factions)
        state = claim.new_game(GameConfig(factions=factions), seed)
        bots: tuple[Any, Any] = (_strict(seed), _strict(seed + 1))
        if seed % 2:
            bots = (_strict(seed), RandomBot(seed))
        while not engine.is_over(state):
            player = engine.current_player(state)
            assert player is not None
            legal = engine.legal_actions(state)
            if isinstance(bots[player], HeuristicBot):
                verbs.update(m.split(" ", 1)[0] for m in legal)
                if state.trick is not None and not state.tasks:
                    roles.add("follow" if state.trick.plays else "lead")
            engine.apply(state, decide(state, bots[player]))
        assert state.result is not None
    assert seen_factions == set(claim.core.setup.playable_factions())
    assert {"play", "take", "smash", "crown", "tuck", "peek", "pass"} <= verbs
    assert roles == {"lead", "follow"}


# -------------------------------------------------------------------------------------------------
# Strength
# -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["claim"])
def test_beats_random_in_a_duplicate_deal_match(preset: str) -> None:
    """100 deals, each played from both seats: deterministic seeds, so it cannot flake."""
    wins = games = 0
    for seed in range(100):
        for seat in (0, 1):
            state = claim.new_game(
                GameConfig(factions=tuple(claim.core.cards.PRESETS[preset])), seed
            )
            bots: tuple[Any, Any] = (
                (HeuristicBot(seed), RandomBot(seed))
                if seat == 0
                else (RandomBot(seed), HeuristicBot(seed))
            )
            play_out(state, bots)
            assert state.result is not None
            games += 1
            wins += state.result["winner"] == seat
    assert wins / games >= 0.70
