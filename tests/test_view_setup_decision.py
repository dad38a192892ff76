"""The view holds what a seat knows and needs (issue 36): the public setup from the first move,
and the seat's own pending decision, so no app or bot rebuilds them from the state or guesses.

- ``factions``, ``first_leader``, ``heroes`` (count, pool, values), ``artifacts`` (pool, how many
  each was dealt), ``setting``/``building``: the same in every view, a spectator's included (§2).
- ``decision``: in the view of the player asked and in the omniscient report only; its kind
  (``lead``, ``follow``, a power's or an artifact window's), the card it is about, the cards
  left to choose (R-62). ``choosing``: a simultaneous choice under way, public (W8).
- The heuristic bot reads the factions from the view: it never misses one.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

import claim
from claim.bots.heuristic.table import Table
from claim.core import engine
from claim.core.options import EVERY_EXPANSION, SetupOptions
from claim.core.state import State
from claim.core.view import (
    ABOUT_PLAY,
    CHOOSING,
    FOLLOW,
    LEAD,
    SIMULTANEOUS,
    SPECTATOR,
    observe,
    report,
    spectate,
)
from scenario import CLAIM, CLAIM2, position_record, replay, stacked_record

SRC = Path(__file__).resolve().parent.parent / "src" / "claim"
VIEWERS = (None, 0, 1, SPECTATOR)


def _random_game(seed: int, options: SetupOptions = EVERY_EXPANSION) -> State:
    return claim.new_game(options.resolve(seed).config, seed=seed)


# -- the public setup ----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_every_view_lists_the_public_setup_from_the_first_move(seed: int) -> None:
    state = _random_game(seed)
    config = state.config
    for viewer in VIEWERS:
        view = report(state, viewer)
        assert view["factions"] == list(config.factions), viewer
        assert len(view["factions"]) == 5
        assert view["first_leader"] == config.first_leader
        assert view["heroes"] == {
            "count": len(config.heroes),
            "pool": list(config.hero_pool),
            "values": {h: config.hero_value(h) for h in config.hero_pool},
        }
        assert view["artifacts"] == {"pool": list(config.artifact_pool), "count": 3}
        assert view.get("setting") == config.setting
        assert view.get("building") == config.building


def test_the_setup_stays_the_same_through_a_game_and_for_each_viewer() -> None:
    state = _random_game(11)
    rng = random.Random(11)
    first = {key: report(state)[key] for key in ("factions", "first_leader", "artifacts")}
    while not claim.is_over(state):
        for viewer in VIEWERS:
            view = report(state, viewer)
            assert {key: view[key] for key in first} == first
        legal = claim.legal_actions(state)
        claim.apply(state, legal[rng.randrange(len(legal))])


def test_a_base_game_lists_its_factions_and_no_expansion_keys() -> None:
    state = claim.new_game(claim.GameConfig(first_leader=1), seed=3)
    view = spectate(state)
    assert view["factions"] == CLAIM
    assert view["first_leader"] == 1
    assert not {"heroes", "artifacts", "setting", "building"} & set(view)


# -- the bot reads the factions ------------------------------------------------------------------


@pytest.mark.parametrize("options", [SetupOptions(), SetupOptions(factions="random")])
def test_the_heuristic_bot_knows_every_faction_at_its_first_decision(
    options: SetupOptions,
) -> None:
    """Over 300 base deals each seat's first decision: the bot's factions are the setup's (it
    guessed them from the cards seen before, and missed one in 40 of 300 deals)."""
    for seed in range(300):
        state = _random_game(seed, options)
        rng = random.Random(seed)
        first: dict[int, list[str]] = {}
        while len(first) < 2:
            player = engine.current_player(state)
            assert player is not None
            if player not in first:
                first[player] = Table(observe(state, player)).factions
            legal = claim.legal_actions(state)
            claim.apply(state, legal[rng.randrange(len(legal))])
        expected = sorted(state.config.factions)
        assert first == {0: expected, 1: expected}, f"seed {seed}"


# -- the decision --------------------------------------------------------------------------------


def _asked_only(state: State, player: int) -> dict[str, object]:
    """The decision in ``player``'s view, after checking that it is the omniscient report's (which
    names its card by code) and that neither the other player's view nor a spectator's has one."""
    mine = dict(observe(state, player)["decision"])
    assert "decision" not in observe(state, 1 - player)
    assert "decision" not in spectate(state)
    omniscient = dict(report(state)["decision"])
    assert omniscient.keys() == mine.keys()
    assert {k: v for k, v in omniscient.items() if k != "about"} == {
        k: v for k, v in mine.items() if k != "about"
    }
    return mine


def test_a_lead_and_a_follow_name_the_card_led() -> None:
    hand0 = ["seers:7", "seers:8"]
    hand1 = ["seers:2", "gnomes:1"]
    state = replay(stacked_record(CLAIM2, hand0, hand1, first_leader=0))
    assert _asked_only(state, 0) == {"kind": LEAD}
    engine.apply(state, "play seers:7")
    assert _asked_only(state, 1) == {"kind": FOLLOW, "about": "seers:7"}


def test_a_seer_decision_is_about_the_seer_that_won() -> None:
    """§5.2: the Seer's winner is asked ``take top`` / ``take prize``, about their Seer."""
    hand0 = ["seers:7", "seers:8"]
    hand1 = ["seers:2", "gnomes:1"]
    state = replay(stacked_record(CLAIM2, hand0, hand1, moves=["play seers:7", "play seers:2"]))
    assert engine.legal_actions(state) == ["take top", "take prize"]
    assert _asked_only(state, 0) == {"kind": "seer", "about": "seers:7"}


def test_the_swamp_counts_the_cards_left_and_the_choices_are_public_by_number() -> None:
    """L5, R-62, W8: the next leader discards two cards, then the other player; the decision
    says how many are left, ``choosing`` how many each has chosen (public), never which."""
    record = position_record(
        CLAIM,
        phase=1,
        number=13,
        prize="doppelgangers:5",
        deck_top=["doppelgangers:6"],
        hands=[["dwarves:2"], ["dwarves:7"]],
        followers=[["goblins:1", "goblins:2", "goblins:3"], ["undead:1", "undead:2", "undead:3"]],
        moves=["play dwarves:2", "play dwarves:7"],
        discard=[],
    )
    record["position"]["setup"]["setting"] = "swamp"
    state = replay(record)
    asked = engine.current_player(state)
    assert asked == 1  # the winner of the last trick leads Phase Two: they choose first
    assert _asked_only(state, 1) == {"kind": "swamp", "left": 2}
    for viewer in VIEWERS:
        assert report(state, viewer)["choosing"] == {"kind": "swamp", "chosen": [0, 0]}
    engine.apply(state, engine.legal_actions(state)[0])
    assert _asked_only(state, 1) == {"kind": "swamp", "left": 1}
    engine.apply(state, engine.legal_actions(state)[0])
    assert _asked_only(state, 0) == {"kind": "swamp", "left": 2}
    for viewer in VIEWERS:
        assert report(state, viewer)["choosing"] == {"kind": "swamp", "chosen": [0, 2]}
    engine.apply(state, engine.legal_actions(state)[0])
    engine.apply(state, engine.legal_actions(state)[0])
    assert "choosing" not in report(state)  # carried out: the first trick of Phase Two
    assert _asked_only(state, 1)["kind"] == LEAD


def test_a_kings_dagger_window_is_about_the_printed_5() -> None:
    """R-80, A2: the follower's Dagger window comes right after the lead, about the card led;
    then the leader's own window (Magic Wand), about their card."""
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["goblins:5", "goblins:3"], ["goblins:1", "knights:2"]],
        discard=[],
        artifacts=(
            ("magic-wand", "gamblers-book", "flail-of-dawn"),
            ("kings-dagger", "endless-rope", "flask-of-tears"),
        ),
        moves=["play goblins:5"],
    )
    state = replay(record)
    assert _asked_only(state, 1) == {"kind": "art:dagger", "about": "goblins:5"}
    engine.apply(state, "pass")
    assert _asked_only(state, 0) == {"kind": "art:played", "about": "goblins:5"}


def test_a_decision_after_a_jesters_swap_is_about_its_own_card() -> None:
    """W18, H25, §5.2 Giants: giants:3 led, the Jester second: after the swap player 0 has the
    Jester (5) and wins; the Giant, now player 1's, lets the winner smash player 1's gnomes:3.
    ``current.plays`` lists the cards as played (the Giant first), while the engine's Giant is
    second: the decision still names the Giant."""
    record = position_record(
        CLAIM2,
        phase=2,
        hands=[["giants:3", "giants:1"], ["hero:jester", "dragons:1"]],
        gnomes=[[], ["gnomes:3"]],
        heroes=["jester"],
        moves=["play giants:3", "play hero:jester"],
    )
    state = replay(record)
    assert engine.legal_actions(state) == ["smash gnomes:3", "pass"]
    assert observe(state, 0)["current"]["plays"][0]["card"] == "giants:3"  # as played (W18)
    assert _asked_only(state, 0) == {"kind": "smash", "about": "giants:3"}


def test_every_decision_of_random_games_is_in_the_asked_view_only() -> None:
    """Every decision of 40 every-expansion games: the asked player's view names what the
    engine waits on, the card it is about is that power's card, and no other view has it."""
    kinds: Counter[str] = Counter()
    for seed in range(40):
        state = _random_game(seed)
        rng = random.Random(seed)
        while not claim.is_over(state):
            player = engine.current_player(state)
            assert player is not None
            decision = _asked_only(state, player)
            kind = str(decision["kind"])
            kinds[kind] += 1
            trick = state.trick
            if state.tasks:
                assert kind == state.tasks[0][0]
            elif trick is not None and trick.plays:
                assert kind == FOLLOW
            else:
                assert kind == LEAD
            about = decision.get("about")
            if kind in ABOUT_PLAY and not kind.startswith("art:"):
                name = state.book.by_ask[kind].name
                assert about == f"hero:{name}" or str(about).startswith(f"{name}:"), decision
            assert ("left" in decision) == (kind in SIMULTANEOUS)
            choosing = report(state).get("choosing")
            assert choosing is None or choosing["kind"] in CHOOSING
            legal = claim.legal_actions(state)
            claim.apply(state, legal[rng.randrange(len(legal))])
    # the games above ask most kinds of decision: the check reached them
    assert {LEAD, FOLLOW, "seer", "art:dagger", "art:start", "islands", "tavern"} <= set(kinds)
    assert len(kinds) >= 20


def test_a_finished_game_asks_nothing() -> None:
    state = claim.new_game(claim.GameConfig(), seed=2)
    while not claim.is_over(state):
        claim.apply(state, claim.legal_actions(state)[0])
    assert not {"decision", "choosing"} & set(report(state))


# -- the layers ----------------------------------------------------------------------------------

#: what only the core reads: the engine's queue of decisions, and any seat's choices not yet
#: carried out (the other player's are secret, W8)
TRUE_STATE = re.compile(r"\.tasks\b|\bstate\.chosen\b")


@pytest.mark.parametrize("package", ["apps", "bots", "envs", "openspiel"])
def test_no_app_bot_or_adapter_reads_the_decision_queue_or_the_choices(package: str) -> None:
    """The apps, the bots and the research adapters read the decision and the choices from the
    view (issue 36); only the core (and the narrator, which follows the true game for each
    viewer through claim.core's Eyes) reads them from the state."""
    found = [
        f"{path.relative_to(SRC)}:{number}: {line.strip()}"
        for path in sorted((SRC / package).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if TRUE_STATE.search(line)
    ]
    assert found == []


def test_the_layer_check_sees_a_read_of_the_queue() -> None:
    assert TRUE_STATE.search("kind = self.state.tasks[0]")
    assert TRUE_STATE.search("theirs = len(state.chosen[other])")
    assert not TRUE_STATE.search("chosen = view['players'][seat].get('chosen')")
