"""The engine's report of a move as events (``claim.core.events``, ``engine.apply_events``) and
what each viewer may see of them (``claim.core.view_events.seen_events``, RULES.md §10, RULINGS
W1–W13).

Random playouts (every expansion: hidden-value factions, heroes, a random Setting and Building,
all artifacts; and the base presets, some with heroes), after every move made with
``apply_events``:

1. the ``Moved`` events, applied in order to a card → zone map taken from ``State.zones()``
   before the move, give exactly the zones after it, each from the zone the card was in; the
   random ``Moved`` events and the ``Drawn`` events are the move's new ``state.chance`` entries;
   ``TrickWon`` the new history entries; ``Tallied`` turns the counters before into the counters
   after; the move is the first event (``Decided``, by the player asked) and the decision asked
   next (``Asked``) the last, unless the game is over;
2. at the end, the moves of the end-of-game steps (``Moved`` whose step is the power's name) are
   ``result["end_moves"]``;
3. recording is off otherwise: no recorder left on the state, none in a clone, the same states as
   plain ``apply``;
4. no viewer is shown a card they have not been shown in a view (``observe``/``spectate``), nor
   the other player's decision; the omniscient filter hides nothing.

Then scenarios from stacked positions, where each event is known exactly: a Phase One blind draw,
a masked lead (Mask of Darkness, W3), the Kraken's take and give (H37), the cards Cthulhu sends out
of the game unseen (H18, W9), a dual card the Gambler's Dice draws (A6, A35).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

import claim
from claim.core import cards, engine
from claim.core.cards import CODE, PUBLIC_NAME
from claim.core.engine import apply, apply_events, current_player, is_over, legal_actions
from claim.core.errors import IllegalMove, RecordError
from claim.core.events import (
    Asked,
    Decided,
    Drawn,
    Event,
    Moved,
    Recorder,
    Tallied,
    TrickWon,
    moves_between,
)
from claim.core.keys import END_STEP
from claim.core.setup import GameConfig
from claim.core.state import State
from claim.core.view import SPECTATOR, observe, spectate
from claim.core.view_events import NO_CARD, SeenDecision, SeenDraw, SeenMove, seen_events
from scenario import CLAIM, position_record, replay
from test_account_leaks import names_in, random_setup, spare
from test_invariants import _codes_in
from tiers import blocks

VIEWERS = (0, 1, SPECTATOR)
HIDDEN = "?"


def code_of(name: str) -> int:
    """The id of the first physical card of a code (the scenarios use unique codes)."""
    return cards.IDS_BY_CODE[name][0]


# -------------------------------------------------------------------------------------------------
# Games
# -------------------------------------------------------------------------------------------------


def every_expansion(seed: int) -> State:
    """A game with every expansion (test_account_leaks.random_setup)."""
    return claim.new_game(random_setup(seed), seed)


def base_game(seed: int, preset: str, heroes: int) -> State:
    """A preset deck (``claim``, ``claim2``), the first leader by seed, ``heroes`` at random."""
    rng = random.Random(seed)
    config = GameConfig(
        factions=cards.PRESETS[preset],
        first_leader=seed % 2,
        heroes=tuple(rng.sample(cards.HEROES, heroes)),
    )
    return claim.new_game(config, seed)


def places(state: State) -> dict[int, str]:
    """Each card's zone (``State.zones``); no card lies in two zones."""
    found: dict[int, str] = {}
    for zone, ids in state.zones().items():
        for card in ids:
            assert card not in found, f"{CODE[card]} in {found[card]} and {zone}"
            found[card] = zone
    return found


def end_step_names(state: State) -> set[str]:
    """The names of the powers with an end-of-game step (§9) in this game."""
    return {power.name for power in state.book.end_steps}


# -------------------------------------------------------------------------------------------------
# 1. Each move's events against the state it left
# -------------------------------------------------------------------------------------------------


def checked_move(state: State, move: str, seen: Counter[str]) -> list[Event]:
    """``apply_events(state, move)``, each event checked against the state before and after
    (see the module, 1); what the events exercised counted in ``seen``."""
    player = current_player(state)
    kind = state.tasks[0][0] if state.tasks else None
    where = places(state)
    chance = len(state.chance)
    history = len(state.history)
    counters = dict(state.counters)
    end_names = end_step_names(state)

    events = apply_events(state, move)
    where_now = places(state)

    assert events[0] == Decided(kind, player, move)
    assert sum(isinstance(e, Decided) for e in events) == 1
    steps = {kind or "play"} | end_names
    random_codes: list[str] = []
    for event in events[1:]:
        if isinstance(event, Moved):
            assert event.source == where.get(event.card, "?"), (move, event)
            assert event.source != event.target, event
            assert event.step in steps or event.step[0] in "!@", (move, event)
            where[event.card] = event.target
            if event.random:
                random_codes.append(CODE[event.card])
            seen["moved"] += 1
            seen["random move"] += event.random
            seen["end-step move"] += event.step in end_names and event.step != (kind or "play")
        elif isinstance(event, Drawn):
            random_codes.append(event.code)
            seen["drawn"] += 1
        elif isinstance(event, Tallied):
            assert counters.get(event.key) == event.before, event
            assert event.before != event.after, event
            if event.after is None:
                del counters[event.key]
            else:
                counters[event.key] = event.after
            seen["tallied"] += 1
        elif isinstance(event, TrickWon):
            seen["trick won"] += 1
            seen["trick won by nobody"] += event.winner < 0
    assert where == where_now, f"the Moved events of {move!r} do not lead to the zones after it"
    assert Counter(random_codes) == Counter(state.chance[chance:]), move
    assert counters == state.counters, move
    won = [(e.at, e.winner, e.reason) for e in events if isinstance(e, TrickWon)]
    assert won == [(i, h[5], h[6]) for i, h in enumerate(state.history) if i >= history]
    asked = [e for e in events if isinstance(e, Asked)]
    if is_over(state):
        assert asked == [], move
        assert END_STEP not in state.counters
    else:
        task = state.tasks[0][0] if state.tasks else None
        assert asked == [events[-1]] == [Asked(task, current_player(state))], move
        # a decision for a player: no engine step or automatic step left waiting at the front
        assert task is None or task[0] not in "@!", task
        if task is None:
            assert all(m.startswith("play ") for m in legal_actions(state))
        seen["asked a decision"] += task is not None
    return events


def end_moves_told(state: State, game: Sequence[list[Event]]) -> list[dict[str, str]]:
    """``result.end_moves`` as a reader of the events tells it: each move of an end-of-game step
    (a ``Moved`` whose step is the power's name). The one exception is the Tavern (L20, R-62): its
    gives are the players' decisions (step ``tavern``, the decision's kind, Score pile to the
    chosen cards) carried out together once both have chosen (step ``!tavern``, chosen cards to
    the other's Score pile); ``end_moves`` tells them as one move between the Score piles."""
    names = end_step_names(state)
    told: list[dict[str, str]] = []
    for events in game:
        decided = events[0]
        assert isinstance(decided, Decided)
        for event in events:
            if not isinstance(event, Moved):
                continue
            source = event.source
            if event.step == "!tavern":
                assert source.startswith("chosen"), event
                source = "score" + source[-1]
                step = "tavern"
            elif event.step in names and event.step != decided.kind:
                step = event.step
            else:
                continue
            told.append({"card": CODE[event.card], "from": source, "to": event.target, "by": step})
    return told


def play_checked(state: State, seed: int, seen: Counter[str]) -> None:
    """A random game to its end, each move checked (1), then its end-of-game moves (2)."""
    rng = random.Random(seed)
    game: list[list[Event]] = []
    while not is_over(state):
        game.append(checked_move(state, rng.choice(legal_actions(state)), seen))
    assert state.result is not None
    told = end_moves_told(state, game)
    expected = state.result["end_moves"]
    # in order, but the Tavern's gives: the events list them by the Score pile they go to, the
    # result by their giver, the next leader first
    assert [m for m in told if m["by"] != "tavern"] == [m for m in expected if m["by"] != "tavern"]
    assert sorted(map(repr, told)) == sorted(map(repr, expected))
    seen["end moves"] += len(state.result["end_moves"])
    seen["games"] += 1


@pytest.mark.parametrize("block", blocks(4))
def test_events_retell_every_move_of_random_games_with_every_expansion(block: int) -> None:
    """1, 2: 100 random games with every expansion per block, every move checked."""
    seen: Counter[str] = Counter()
    for seed in range(block * 100, block * 100 + 100):
        play_checked(every_expansion(seed), seed, seen)
    # the sweep exercised what it checks
    for what in ("random move", "tallied", "end-step move", "asked a decision", "end moves"):
        assert seen[what] > 0, (what, seen)
    assert seen["trick won"] > 100 * 20


def test_events_exercise_every_kind_over_the_sweep() -> None:
    """The sweep's seeds reach the rare events: a random outcome that moved nothing (a dual card
    drawn by an artifact, A6, A23), a trick won by nobody (H20, A18)."""
    seen: Counter[str] = Counter()
    for seed in range(200):
        play_checked(every_expansion(seed), seed, seen)
        if seen["drawn"] and seen["trick won by nobody"]:
            break
    assert seen["drawn"] > 0 and seen["trick won by nobody"] > 0, seen


@pytest.mark.parametrize("preset", ["claim", "claim2"])
@pytest.mark.parametrize("heroes", [0, 4, 12])
def test_events_retell_every_move_of_base_games(preset: str, heroes: int) -> None:
    """1, 2 over the base boxes, without heroes and with some."""
    seen: Counter[str] = Counter()
    for seed in range(30):
        play_checked(base_game(seed, preset, heroes), seed, seen)
    assert seen["moved"] > 0 and seen["trick won"] >= 30 * 20
    if heroes:
        assert seen["asked a decision"] > 0


def test_the_tavern_gives_are_told_as_end_moves() -> None:
    """2 on a game known to reach the Tavern's gives, the one exception of ``end_moves_told``
    (seed 26: both players give two cards, after the Poisoners' end step)."""
    seen: Counter[str] = Counter()
    state = every_expansion(26)
    assert state.config.building == "tavern"
    play_checked(state, 26, seen)
    assert state.result is not None
    assert "tavern" in {m["by"] for m in state.result["end_moves"]}


def test_moves_between_compares_zones() -> None:
    """What ``moves_between`` reports: changed zones only, in the order of the zones after and
    of their cards; a zone that is gone was left; a card from nowhere comes from ``?``."""
    before = {"hand0": [1, 2, 3], "trick": [4, 5], "discard": [6]}
    after = {"hand0": [1, 3], "discard": [6, 5, 4], "score0": [2, 7]}
    assert moves_between(before, after) == [
        (5, "trick", "discard"),
        (4, "trick", "discard"),
        (2, "hand0", "score0"),
        (7, "?", "score0"),
    ]
    assert moves_between(before, {k: list(v) for k, v in before.items()}) == []
    # a card moved inside its zone did not change zone
    assert moves_between({"hand0": [1, 2]}, {"hand0": [2, 1]}) == []


# -------------------------------------------------------------------------------------------------
# 3. Recording is off unless asked
# -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [3, 11])
def test_recording_is_off_outside_apply_events(seed: int) -> None:
    """``apply_events`` leaves no recorder on the state, plays exactly as ``apply`` (same
    positions after every move), and an illegal move changes nothing, the recorder included."""
    recorded = every_expansion(seed)
    plain = every_expansion(seed)
    rng = random.Random(seed)
    while not is_over(recorded):
        assert recorded.recorder is None and plain.recorder is None
        before = recorded.to_dict()
        with pytest.raises(IllegalMove):
            apply_events(recorded, "play nothing:99")
        assert recorded.recorder is None
        assert recorded.to_dict() == before
        move = rng.choice(legal_actions(recorded))
        assert apply_events(recorded, move)
        apply(plain, move)
        assert recorded.recorder is None
        assert recorded.to_dict() == plain.to_dict()
    before = recorded.to_dict()
    with pytest.raises(IllegalMove, match="game is over"):
        apply_events(recorded, "pass")
    assert recorded.recorder is None and recorded.to_dict() == before


def test_a_clone_never_carries_a_recorder() -> None:
    """Copy.FRESH: a clone (with or without history) starts with no recorder, even of a state
    recording now; the recorder is no part of the position either."""
    state = every_expansion(5)
    rng = random.Random(5)
    for _ in range(30):
        apply(state, rng.choice(legal_actions(state)))
    assert state.clone().recorder is None
    position = state.to_dict()
    recorder = Recorder(state)
    state.recorder = recorder
    try:
        assert state.clone().recorder is None
        assert state.clone(history=False).recorder is None
        assert state.to_dict() == position
        assert state.recorder is recorder  # cloning left the original's recorder alone
        # a clone plays on without recording
        copy = state.clone()
        apply(copy, legal_actions(copy)[0])
        assert copy.recorder is None and recorder.events == []
    finally:
        state.recorder = None


def test_an_error_while_recording_leaves_no_recorder() -> None:
    """A malformed record's random outcome (a ``chance`` entry naming a card not in the hand it
    draws from, H11) raises out of ``apply_events``: the recorder is gone all the same."""
    state = replay(
        position_record(
            CLAIM,
            phase=2,
            hands=[["hero:kraken", "undead:1"], ["goblins:2", "goblins:5"]],
            heroes=["kraken"],
            discard=[],
            chance=["knights:9"],
            moves=["play hero:kraken"],
        )
    )
    with pytest.raises(RecordError, match=r"chance\[0\]"):
        apply_events(state, "play goblins:2")
    assert state.recorder is None


# -------------------------------------------------------------------------------------------------
# 4. What each viewer sees of the events
# -------------------------------------------------------------------------------------------------

#: where every viewer sees the cards (view.py names them by their public name): a trick (but a
#: masked lead, W3), its prizes, the discard pile, the Score piles and what lies beside them
PUBLIC = frozenset(
    {"trick", "prize", "held", "table", "discard", "troll_pool"}
    | {f"{zone}{p}" for zone in ("score", "gnomes", "vampire", "tucked") for p in (0, 1)}
)


def own_zones(viewer: int) -> frozenset[str]:
    """A player's own zones: their hand, Follower deck, the card set aside, their choices."""
    if viewer == SPECTATOR:
        return frozenset()
    return frozenset(f"{zone}{viewer}" for zone in ("hand", "followers", "aside", "chosen"))


def view_of(state: State, viewer: int) -> dict[str, Any]:
    view = spectate(state) if viewer == SPECTATOR else observe(state, viewer)
    return dict(view)


def shown_in(view: dict[str, Any]) -> set[str]:
    """Every card name a view shows, the legal moves left out (test_account_leaks.shown_to)."""
    view = {k: v for k, v in view.items() if k != "next"}
    return set(_codes_in(view)) | names_in(json.dumps(view))


def lead_face_down(view: dict[str, Any]) -> bool:
    """Whether the view shows the current trick's only card face-down (W3)."""
    current = view.get("current")
    return bool(current and len(current["plays"]) == 1 and current["plays"][0]["card"] == HIDDEN)


def check_omniscient(state: State, events: list[Event]) -> None:
    """``seen_events(state, None, ...)`` keeps every card and every move."""
    for event, seen in zip(events, seen_events(state, None, events), strict=True):
        if isinstance(event, Moved):
            assert seen == SeenMove(*event)
        elif isinstance(event, Drawn):
            assert isinstance(seen, SeenDraw) and seen.card != NO_CARD
            assert CODE[seen.card] == event.code
        elif isinstance(event, Decided):
            assert seen == SeenDecision(*event)
        else:
            assert seen == event


def check_viewer(
    state: State, viewer: int, events: list[Event], shown: set[str], face_down: bool, move: str
) -> Counter[str]:
    """One viewer's events: no card beyond those ``shown`` so far, the other's decisions hidden,
    and no card hidden that lies or lay where the viewer sees it (but the other's choice not yet
    carried out, W8)."""
    counts: Counter[str] = Counter()
    mine = own_zones(viewer)
    seen = seen_events(state, viewer, events)
    assert len(seen) == len(events)
    for event, told in zip(events, seen, strict=True):
        where = (viewer, move, event, told)
        if isinstance(event, Moved):
            assert isinstance(told, SeenMove), where
            assert tuple(told[1:]) == tuple(event[1:]), where
            assert told.card in (event.card, NO_CARD), where
            if told.card == NO_CARD:
                counts["hidden move"] += 1
                # W8: the other's choice not yet carried out (a Tavern give from a Score pile)
                other_choice = event.target[:-1] == "chosen" and event.target not in mine
                assert event.source not in PUBLIC | mine or other_choice, where
                assert event.target not in mine, where
                assert event.target not in PUBLIC or (event.target == "trick" and face_down), where
            else:
                counts["known move"] += 1
                assert PUBLIC_NAME[told.card] in shown or CODE[told.card] in shown, where
        elif isinstance(event, Drawn):
            assert isinstance(told, SeenDraw), where
            if told.card == NO_CARD:
                counts["hidden draw"] += 1
            else:
                counts["known draw"] += 1
                assert CODE[told.card] == event.code, where
                assert PUBLIC_NAME[told.card] in shown or CODE[told.card] in shown, where
        elif isinstance(event, Decided):
            assert isinstance(told, SeenDecision), where
            if event.player == viewer or (event.kind is None and not face_down):
                assert told == SeenDecision(*event), where
            else:
                assert told == SeenDecision(event.kind, event.player, HIDDEN), where
                counts["hidden decision"] += 1
                counts["masked lead"] += event.kind is None
        else:
            assert told == event, where
    return counts


@pytest.mark.parametrize("block", blocks(8))
def test_no_viewer_is_shown_more_than_their_views_show(block: int) -> None:
    """4: 10 random games with every expansion per block (the 80 of four blocks of 20 before,
    cut finer so that ``make test``'s block costs half: about 25 s); after every move, each
    viewer's events name only cards the viewer's views have shown (now or before: a card public
    once stays fair to name), hide the other's decisions but a card played face-up, and hide no
    card that lies or lay in a public zone or one of the viewer's own; the omniscient filter
    hides nothing."""
    counts: Counter[str] = Counter()
    for seed in range(1000 + block * 10, 1000 + block * 10 + 10):
        state = every_expansion(seed)
        shown = {v: shown_in(view_of(state, v)) for v in VIEWERS}
        rng = random.Random(seed)
        while not is_over(state):
            move = rng.choice(legal_actions(state))
            events = apply_events(state, move)
            check_omniscient(state, events)
            for viewer in VIEWERS:
                view = view_of(state, viewer)
                shown[viewer] |= shown_in(view)
                counts += check_viewer(
                    state, viewer, events, shown[viewer], lead_face_down(view), move
                )
    for what in ("hidden move", "known move", "hidden decision"):
        assert counts[what] > 0, (what, counts)


# -------------------------------------------------------------------------------------------------
# 5. Scenarios
# -------------------------------------------------------------------------------------------------


def seen_cards(state: State, viewer: int | None, events: list[Event]) -> list[str | None]:
    """Each event's card as ``viewer`` sees it: its code, ``None`` for NO_CARD, ``""`` for an
    event without a card."""
    out: list[str | None] = []
    for event in seen_events(state, viewer, events):
        if isinstance(event, SeenMove | SeenDraw):
            out.append(None if event.card == NO_CARD else CODE[event.card])
        else:
            out.append("")
    return out


def raw(events: list[Event]) -> list[tuple[Any, ...]]:
    """The events with codes for cards, for exact comparison."""
    return [
        (type(e).__name__, CODE[e.card], *e[1:]) if isinstance(e, Moved) else (type(e).__name__, *e)
        for e in events
    ]


def test_a_phase_one_blind_draw_is_its_drawer_s_only() -> None:
    """§10, R-2: player 0's goblins:8 beats goblins:1; the winner takes the face-up prize
    goblins:9 (seen by all), the loser draws knights:2 blind (known to player 1 only), the played
    cards go to the discard pile and knights:3 is revealed as the next prize."""
    state = replay(
        position_record(
            CLAIM,
            phase=1,
            prize="goblins:9",
            deck_top=["knights:2", "knights:3"],
            hands=[["goblins:8", "goblins:7"], ["goblins:1", "goblins:2"]],
            moves=["play goblins:8"],
        )
    )
    events = apply_events(state, "play goblins:1")
    assert raw(events) == [
        ("Decided", None, 1, "play goblins:1"),
        ("Moved", "goblins:9", "prize", "followers0", "play", False),
        ("Moved", "knights:2", "deck", "followers1", "play", False),
        ("Moved", "goblins:8", "trick", "discard", "play", False),
        ("Moved", "goblins:1", "hand1", "discard", "play", False),
        ("Moved", "knights:3", "deck", "prize", "play", False),
        ("TrickWon", 0, 0, "higher value"),
        ("Asked", None, 0),
    ]
    everything = ["", "goblins:9", "knights:2", "goblins:8", "goblins:1", "knights:3", "", ""]
    assert seen_cards(state, None, events) == everything
    assert seen_cards(state, 1, events) == everything
    hidden_draw = [*everything[:2], None, *everything[3:]]
    assert seen_cards(state, 0, events) == hidden_draw
    assert seen_cards(state, SPECTATOR, events) == hidden_draw
    for viewer in VIEWERS:  # a card played is named to all
        assert seen_events(state, viewer, events)[0] == SeenDecision(None, 1, "play goblins:1")


MASK0 = (
    ("mask-of-darkness", "flail-of-dawn", "gamblers-book"),
    ("kings-dagger", "endless-rope", "spyglass"),
)


def test_a_masked_lead_is_hidden_from_the_follower_until_they_play() -> None:
    """A16, W3: the lead played face-down is NO_CARD, its move ``?``, to the follower and a
    spectator; its leader knows it. Once the follower has played, the lead is public: it goes to
    the discard pile in everyone's events, and the follower's card is named to all."""
    state = replay(
        position_record(
            CLAIM,
            phase=1,
            prize="goblins:9",
            deck_top=["dwarves:9", "dwarves:8", "dwarves:7", "dwarves:6"],
            hands=[["goblins:6", "goblins:3", "knights:4"], ["goblins:2", "knights:8"]],
            discard=[],
            artifacts=MASK0,
        )
    )
    events = apply_events(state, "use mask-of-darkness")
    assert raw(events) == [
        ("Decided", "art:start", 0, "use mask-of-darkness"),
        ("Tallied", "mask-of-darkness", None, 2),
        ("Asked", None, 0),
    ]
    for viewer in (1, SPECTATOR):  # a decision is not named; what it did shows in the tallies
        told = seen_events(state, viewer, events)
        assert told == [SeenDecision("art:start", 0, HIDDEN), *events[1:]]

    events = apply_events(state, "play goblins:6")
    lead = SeenMove(code_of("goblins:6"), "hand0", "trick", "play")
    assert seen_events(state, 0, events) == [
        SeenDecision(None, 0, "play goblins:6"),
        lead,
        Asked(None, 1),
    ]
    for viewer in (1, SPECTATOR):
        assert seen_events(state, viewer, events) == [
            SeenDecision(None, 0, HIDDEN),
            lead._replace(card=NO_CARD),
            Asked(None, 1),
        ]
    assert seen_events(state, None, events)[1] == lead

    events = apply_events(state, "play knights:8")  # a Knight on a Goblin lead wins (§5)
    for viewer in (None, *VIEWERS):
        told = seen_events(state, viewer, events)
        assert told[0] == SeenDecision(None, 1, "play knights:8")
        moves = [m for m in told if isinstance(m, SeenMove)]
        assert SeenMove(code_of("goblins:6"), "trick", "discard", "@resolve") in moves
        assert SeenMove(code_of("knights:8"), "trick", "discard", "@resolve") in moves
        draw = next(m for m in moves if m.target == "followers0")  # the loser's blind draw
        assert draw.card == (code_of("dwarves:9") if viewer in (None, 0) else NO_CARD)


def test_the_kraken_s_take_and_give_are_the_two_players_only() -> None:
    """H37, H11: the led Kraken beats goblins:2 and takes goblins:5 (the chance card) at random
    from player 1's hand: both players know it, a spectator sees a card go from one hand to the
    other, chance picked; then player 0 gives dwarves:2 back, the same way."""
    state = replay(
        position_record(
            CLAIM,
            phase=2,
            hands=[
                ["hero:kraken", "undead:1", "dwarves:2"],
                ["goblins:2", "goblins:5", "knights:3"],
            ],
            heroes=["kraken"],
            discard=[],
            chance=["goblins:5"],
            moves=["play hero:kraken"],
        )
    )
    events = apply_events(state, "play goblins:2")
    assert raw(events) == [
        ("Decided", None, 1, "play goblins:2"),
        ("Moved", "hero:kraken", "trick", "score0", "play", False),
        ("Moved", "goblins:2", "hand1", "score0", "play", False),
        ("Moved", "goblins:5", "hand1", "hand0", "!kraken", True),
        ("Asked", "give", 0),
    ]
    known = ["", "hero:kraken", "goblins:2", "goblins:5", ""]
    for viewer in (None, 0, 1):
        assert seen_cards(state, viewer, events) == known
    assert seen_cards(state, SPECTATOR, events) == [*known[:3], None, ""]
    take = seen_events(state, SPECTATOR, events)[3]
    assert take == SeenMove(NO_CARD, "hand1", "hand0", "!kraken", True)

    events = apply_events(state, "give dwarves:2")
    assert raw(events) == [
        ("Decided", "give", 0, "give dwarves:2"),
        ("Moved", "dwarves:2", "hand0", "hand1", "give", False),
        ("TrickWon", 0, 0, "higher value"),
        ("Asked", None, 0),
    ]
    give = SeenMove(code_of("dwarves:2"), "hand0", "hand1", "give")
    assert seen_events(state, 0, events)[:2] == [SeenDecision("give", 0, "give dwarves:2"), give]
    assert seen_events(state, 1, events)[:2] == [SeenDecision("give", 0, HIDDEN), give]
    assert seen_events(state, SPECTATOR, events)[:2] == [
        SeenDecision("give", 0, HIDDEN),
        give._replace(card=NO_CARD),
    ]


def test_the_cards_cthulhu_removes_are_seen_by_nobody() -> None:
    """H18, W9: the led Cthulhu wins; knights:9 and knights:8 leave the game from the deck
    unseen (NO_CARD to both players and a spectator, named only to the omniscient report); the
    winner takes the prize, the loser draws knights:7 blind, knights:6 is the next prize."""
    state = replay(
        position_record(
            CLAIM,
            phase=1,
            prize="goblins:9",
            deck_top=["knights:9", "knights:8", "knights:7", "knights:6"],
            hands=[["hero:cthulhu", "goblins:1"], ["goblins:2", "goblins:3"]],
            heroes=["cthulhu"],
            moves=["play hero:cthulhu"],
        )
    )
    events = apply_events(state, "play goblins:2")
    out = [e for e in events if isinstance(e, Moved) and e.target == "out"]
    assert [(CODE[e.card], e.source) for e in out] == [("knights:9", "deck"), ("knights:8", "deck")]
    everything = seen_cards(state, None, events)
    assert everything == [
        "",
        "goblins:9",
        "knights:7",
        "hero:cthulhu",
        "goblins:2",
        "knights:9",
        "knights:8",
        "knights:6",
        "",
        "",
    ]
    gone = [None if card in ("knights:9", "knights:8") else card for card in everything]
    assert seen_cards(state, 1, events) == gone
    hidden_draw = [None if card == "knights:7" else card for card in gone]
    assert seen_cards(state, 0, events) == hidden_draw
    assert seen_cards(state, SPECTATOR, events) == hidden_draw


def test_a_dual_card_drawn_by_the_dice_waits_in_its_holder_s_hand() -> None:
    """A6, A35: the Gambler's Dice draws elf-orc:6 for player 0's lead; it waits in the hand for
    its declaration (a ``Drawn`` event, no card moved): known to its holder only. Declared and
    played, it is public; player 1's card is drawn at random and played at once (a random
    ``Moved``), named to all."""
    factions = ["elves", "orcs", "demons", "tricksters", "fire-elementals"]
    state = replay(
        position_record(
            factions,
            phase=2,
            hands=[["elf-orc:6", "elves:1"], ["orcs:2", "orcs:3"]],
            discard=[],
            artifacts=spare("gamblers-dice"),
            chance=["elf-orc:6", "orcs:3"],
        )
    )
    events = apply_events(state, "use gamblers-dice")
    assert raw(events) == [
        ("Decided", "art:start", 0, "use gamblers-dice"),
        ("Drawn", "elf-orc:6"),
        ("Asked", None, 0),
    ]
    assert state.chance == ["elf-orc:6"]
    assert seen_cards(state, None, events) == seen_cards(state, 0, events) == ["", "elf-orc:6", ""]
    assert seen_cards(state, 1, events) == seen_cards(state, SPECTATOR, events) == ["", None, ""]

    events = apply_events(state, "play elf-orc:6 as elves")
    assert raw(events)[:3] == [
        ("Decided", None, 0, "play elf-orc:6 as elves"),
        ("Moved", "elf-orc:6", "hand0", "trick", "play", False),
        ("Moved", "orcs:3", "hand1", "trick", "@play-forced", True),
    ]
    assert state.chance == ["elf-orc:6", "orcs:3"]
    for viewer in VIEWERS:
        assert seen_cards(state, viewer, events)[1:3] == ["elf-orc:6", "orcs:3"]
    assert engine.current_player(state) == 0


def test_a_tavern_choice_is_hidden_until_both_have_chosen() -> None:
    """W8, R-62: the other player's Tavern give stays in its Score pile in their view until both
    have chosen, so its event names no card to them or to a spectator (the source rule — a card
    from a public zone is known — does not apply to a choice not yet carried out); its chooser
    and the omniscient account know it."""
    record = position_record(
        CLAIM,
        phase=2,
        number=13,
        hands=[["knights:9"], ["knights:2"]],
        scores=[["goblins:1", "goblins:2"], ["knights:5"]],
        discard=[],
        moves=["play knights:9", "play knights:2"],
    )
    record["position"]["setup"]["building"] = "tavern"
    state = replay(record)
    events = apply_events(state, "give goblins:1")
    # the other's view still shows the card in player 0's Score pile (W8)
    assert observe(state, 1)["players"][0]["score"] == [
        "goblins:1",
        "goblins:2",
        "knights:9",
        "knights:2",
    ]
    card = cards.IDS_BY_CODE["goblins:1"][0]
    for viewer in (1, SPECTATOR):
        moves = [e for e in seen_events(state, viewer, events) if isinstance(e, SeenMove)]
        assert moves == [SeenMove(NO_CARD, "score0", "chosen0", "tavern")]
    for viewer in (0, None):
        moves = [e for e in seen_events(state, viewer, events) if isinstance(e, SeenMove)]
        assert moves == [SeenMove(card, "score0", "chosen0", "tavern")]
