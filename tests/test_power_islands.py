"""Islands (RULES.md §7, a Setting; RULINGS L6, L7): in Phase One two prizes lie face-up. The
winner takes one of them (``take CODE``, asked only when the two differ) and it is replaced from
the deck at the next reveal; the prize not taken stays; the loser draws from the deck as usual,
or, when the deck is empty (the last trick), takes the other prize. A Phase One trick starts
while at least one prize lies face-up; prizes left when the phase ends are discarded. The view's
current trick lists ``prizes`` older first and ``prize`` is the older one (L6).

Precedence (§4.4, locations are the lowest tier): a Seer winner's choice replaces the Islands
collection (L7: ``take top`` or ``take CODE`` for either prize, the loser draws, only a taken
prize is replaced); a Gelatinous Cube trick has no winner, so nobody takes a prize (H20)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from claim.core import engine, view, worlds
from claim.core.positions import load_position
from claim.core.state import State
from scenario import (
    CLAIM,
    CLAIM2,
    last_trick,
    position_record,
    replay,
    stacked_record,
    tricks,
    zone,
)

ISLANDS = "islands"
DECK_TOP = ["dwarves:1", "dwarves:2", "dwarves:3", "dwarves:4", "dwarves:5", "dwarves:6"]


def _game(
    hand0: Sequence[str],
    hand1: Sequence[str],
    moves: Sequence[str] = (),
    deck_top: Sequence[str] = tuple(DECK_TOP),
    factions: Sequence[str] = CLAIM,
    first_leader: int = 0,
) -> State:
    """A new Islands game with a stacked deal (the first two deck cards are the prizes)."""
    record = stacked_record(
        factions, hand0, hand1, deck_top, moves=moves, first_leader=first_leader
    )
    record["setup"]["setting"] = ISLANDS
    state = _replay(record)
    assert state.config.setting == ISLANDS
    return state


def _position(
    prizes: Sequence[str],
    hands: Sequence[Sequence[str]],
    moves: Sequence[str] = (),
    deck_top: Sequence[str] = (),
    number: int = 12,
    factions: Sequence[str] = CLAIM,
    **options: Any,
) -> dict[str, Any]:
    """A Phase One Islands position: ``prizes`` (one or two, older first) lie face-up, then the
    deck is ``deck_top``; player 0 leads; the discard pile starts empty (other cards out)."""
    record = position_record(
        factions,
        phase=1,
        number=number,
        prize=prizes[0],
        deck_top=[*prizes[1:], *deck_top],
        hands=hands,
        moves=moves,
        discard=[],
        **options,
    )
    position = record["position"]
    position["setup"]["setting"] = ISLANDS
    position["deck"] = list(deck_top)
    position["trick"]["prizes"] = list(prizes)
    return record


def _current(state: State, player: int | None = None) -> dict[str, Any]:
    shown = view.report(state) if player is None else view.observe(state, player)
    current: dict[str, Any] = shown["current"]
    return current


# -- two face-up prizes --------------------------------------------------------------------------


def _replay(record: dict[str, Any]) -> State:
    state = replay(record)
    assert state.config.setting == ISLANDS
    return state


def test_two_prizes_lie_face_up_older_first() -> None:
    """L6: the first reveal turns two prizes face-up: ``prizes`` lists both, older (the deck's
    top card) first, and ``prize`` is the older one; both players see them; 24 cards remain."""
    state = _game(["goblins:1"], ["goblins:3"])
    expected = {"leader": 0, "prize": "dwarves:1", "prizes": ["dwarves:1", "dwarves:2"]}
    for shown in (_current(state), _current(state, 0), _current(state, 1)):
        assert shown == {**expected, "plays": []}
    assert zone(state, "deck")[:2] == ["dwarves:3", "dwarves:4"]
    assert len(zone(state, "deck")) == 24


def test_winner_takes_the_newer_prize_the_older_stays_and_the_taken_one_is_replaced() -> None:
    """L6: the winner (player 1, goblins:3 over goblins:1) is asked ``take CODE`` for either
    prize; taking dwarves:2 puts it in their Follower deck, the loser draws dwarves:3 from the
    deck, dwarves:1 stays face-up (still the older prize) and dwarves:4 replaces the taken one."""
    state = _game(["goblins:1"], ["goblins:3"], ["play goblins:1", "play goblins:3"])
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["take dwarves:1", "take dwarves:2"]
    engine.apply(state, "take dwarves:2")
    assert last_trick(state)["winner"] == 1
    assert last_trick(state)["prize"] == "dwarves:1"
    assert zone(state, "followers", 1) == ["dwarves:2"]
    assert zone(state, "followers", 0) == ["dwarves:3"]
    assert _current(state) == {
        "leader": 1,
        "prize": "dwarves:1",
        "prizes": ["dwarves:1", "dwarves:4"],
        "plays": [],
    }
    assert zone(state, "deck")[0] == "dwarves:5"
    assert len(zone(state, "deck")) == 22
    assert zone(state, "discard") == ["goblins:1", "goblins:3"]
    assert engine.current_player(state) == 1


def test_winner_takes_the_older_prize() -> None:
    """L6: taking the older dwarves:1 leaves dwarves:2, which becomes the older prize; the
    loser draws dwarves:3; dwarves:4 is revealed next to it."""
    state = _game(
        ["goblins:1"], ["goblins:3"], ["play goblins:1", "play goblins:3", "take dwarves:1"]
    )
    assert zone(state, "followers", 1) == ["dwarves:1"]
    assert zone(state, "followers", 0) == ["dwarves:3"]
    assert _current(state)["prize"] == "dwarves:2"
    assert _current(state)["prizes"] == ["dwarves:2", "dwarves:4"]
    assert len(zone(state, "deck")) == 22


def test_take_is_not_asked_when_the_two_prizes_are_the_same() -> None:
    """L6: ``take`` is asked only when the two prizes differ: with two goblins:0 face-up the
    winner (player 0) gets one at once, the loser draws dwarves:1, the other goblins:0 stays and
    dwarves:2 is revealed; the winner leads the next trick."""
    state = _game(
        ["goblins:9"],
        ["goblins:3"],
        ["play goblins:9", "play goblins:3"],
        deck_top=["goblins:0", "goblins:0", "dwarves:1", "dwarves:2"],
    )
    assert zone(state, "followers", 0) == ["goblins:0"]
    assert zone(state, "followers", 1) == ["dwarves:1"]
    assert _current(state)["prizes"] == ["goblins:0", "dwarves:2"]
    assert engine.current_player(state) == 0
    assert all(move.startswith("play ") for move in engine.legal_actions(state))


# -- the end of the deck -------------------------------------------------------------------------


def test_last_trick_the_loser_takes_the_other_prize() -> None:
    """L6: with the deck empty (the last trick) the winner takes one prize and the loser the
    other: player 0 wins, takes dwarves:7, and player 1 gets dwarves:5. No prize is left, so the
    phase ends (R-1): the cards left in hand are discarded and Phase Two has no prize."""
    record = _position(
        ["dwarves:5", "dwarves:7"],
        [["goblins:9", "goblins:2"], ["goblins:3", "goblins:4"]],
        ["play goblins:9", "play goblins:3"],
        number=13,
    )
    state = _replay(record)
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["take dwarves:5", "take dwarves:7"]
    engine.apply(state, "take dwarves:7")
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["dwarves:7"]
    assert zone(state, "hand", 1) == ["dwarves:5"]
    assert zone(state, "discard") == ["goblins:9", "goblins:3", "goblins:2", "goblins:4"]
    assert _current(state) == {"leader": 0, "prize": None, "plays": []}


def test_last_trick_taking_the_older_prize_gives_the_loser_the_newer() -> None:
    """L6: in the last trick the winner (player 1) takes the older dwarves:5; the loser gets
    dwarves:7."""
    record = _position(
        ["dwarves:5", "dwarves:7"],
        [["goblins:2"], ["goblins:3"]],
        ["play goblins:2", "play goblins:3", "take dwarves:5"],
        number=13,
    )
    state = _replay(record)
    assert state.phase == 2
    assert zone(state, "hand", 1) == ["dwarves:5"]
    assert zone(state, "hand", 0) == ["dwarves:7"]


def test_a_trick_starts_with_one_prize_left_and_the_loser_then_gets_nothing() -> None:
    """L6, R-2: the winner takes dwarves:5 and the loser draws the last deck card dwarves:8; the
    next trick starts with the one prize left (dwarves:7, no ``prizes`` list, nothing to choose):
    its winner takes it and its loser gets nothing (deck empty, no other prize). Then no prize
    lies face-up, so the phase ends although both still hold cards (R-1)."""
    record = _position(
        ["dwarves:5", "dwarves:7"],
        [["goblins:9", "goblins:7", "goblins:1"], ["goblins:3", "goblins:4", "goblins:5"]],
        ["play goblins:9", "play goblins:3", "take dwarves:5"],
        deck_top=["dwarves:8"],
        number=12,
    )
    state = _replay(record)
    assert zone(state, "followers", 0) == ["dwarves:5"]
    assert zone(state, "followers", 1) == ["dwarves:8"]
    assert zone(state, "deck") == []
    assert _current(state) == {"leader": 0, "prize": "dwarves:7", "plays": []}
    engine.apply(state, "play goblins:7")
    engine.apply(state, "play goblins:4")
    trick = last_trick(state)
    assert (trick["number"], trick["prize"], trick["winner"]) == (13, "dwarves:7", 0)
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["dwarves:5", "dwarves:7"]
    assert zone(state, "hand", 1) == ["dwarves:8"]
    assert zone(state, "discard") == [
        "goblins:9",
        "goblins:3",
        "goblins:7",
        "goblins:4",
        "goblins:1",
        "goblins:5",
    ]


def test_prizes_left_when_the_phase_ends_are_discarded() -> None:
    """L6, R-1: both hands are empty after this trick; the winner took dwarves:7 and the loser
    drew dwarves:8; the untaken dwarves:5 is discarded at the phase end (after the played
    cards) and no new prize is revealed from the deck."""
    record = _position(
        ["dwarves:5", "dwarves:7"],
        [["goblins:2"], ["goblins:3"]],
        ["play goblins:2", "play goblins:3", "take dwarves:7"],
        deck_top=["dwarves:8", "dwarves:9"],
        number=10,
    )
    state = _replay(record)
    assert state.phase == 2
    assert zone(state, "hand", 1) == ["dwarves:7"]
    assert zone(state, "hand", 0) == ["dwarves:8"]
    assert zone(state, "discard") == ["goblins:2", "goblins:3", "dwarves:5"]
    assert zone(state, "deck") == ["dwarves:9"]


def test_islands_change_nothing_in_phase_two() -> None:
    """§7 (Phase One only): a Phase Two trick has no prize; the winner scores both cards."""
    record = position_record(
        CLAIM, phase=2, hands=[["goblins:2"], ["goblins:3"]], moves=["play goblins:2"]
    )
    record["position"]["setup"]["setting"] = ISLANDS
    state = _replay(record)
    assert state.config.setting == ISLANDS
    assert _current(state) == {
        "leader": 0,
        "prize": None,
        "plays": [{"player": 0, "card": "goblins:2"}],
    }
    engine.apply(state, "play goblins:3")
    assert zone(state, "score", 1) == ["goblins:2", "goblins:3"]
    assert state.result is not None


# -- Islands + Seers (L7): the Seer's choice wins over the location (§4.4) ------------------------

SEER_DECK = ["trolls:1", "trolls:2", "trolls:3", "trolls:4", "trolls:5"]


def _seer_trick(moves: Sequence[str] = ()) -> State:
    """seers:9 (player 0) beats seers:1: the Seer winner decides; prizes trolls:1, trolls:2."""
    return _game(
        ["seers:9"],
        ["seers:1"],
        ["play seers:9", "play seers:1", *moves],
        deck_top=SEER_DECK,
        factions=CLAIM2,
    )


def test_seer_winner_may_take_top_or_either_prize() -> None:
    """L7, W7: the Seer winner chooses ``take top`` or ``take CODE`` for either prize, and sees
    the top card (trolls:3) while choosing; the other player does not."""
    state = _seer_trick()
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["take top", "take trolls:1", "take trolls:2"]
    assert view.observe(state, 0)["deck"][0] == "trolls:3"
    assert view.observe(state, 1)["deck"][0] == "?"


def test_seer_take_top_the_loser_draws_and_both_prizes_stay() -> None:
    """L7, §4.4 (the Seer power beats the location): ``take top`` gives the winner trolls:3; the
    loser draws the next card trolls:4 (not a prize); no Islands ``take`` follows; both prizes
    stay face-up and none is replaced."""
    state = _seer_trick(["take top"])
    assert zone(state, "followers", 0) == ["trolls:3"]
    assert zone(state, "followers", 1) == ["trolls:4"]
    assert _current(state)["prizes"] == ["trolls:1", "trolls:2"]
    assert zone(state, "deck")[0] == "trolls:5"
    assert engine.current_player(state) == 0
    assert all(move.startswith("play ") for move in engine.legal_actions(state))


def test_seer_take_newer_prize_the_loser_draws_and_only_it_is_replaced() -> None:
    """L7: ``take trolls:2`` gives the winner that prize, the loser draws trolls:3; trolls:1
    stays and the taken prize is replaced by trolls:4; no Islands ``take`` follows."""
    state = _seer_trick(["take trolls:2"])
    assert zone(state, "followers", 0) == ["trolls:2"]
    assert zone(state, "followers", 1) == ["trolls:3"]
    assert _current(state)["prizes"] == ["trolls:1", "trolls:4"]
    assert zone(state, "deck")[0] == "trolls:5"
    assert all(move.startswith("play ") for move in engine.legal_actions(state))


def test_seer_take_older_prize_the_loser_draws() -> None:
    """L7: ``take trolls:1`` gives the winner the older prize, the loser draws trolls:3;
    trolls:2 stays (now the older) and trolls:4 is revealed."""
    state = _seer_trick(["take trolls:1"])
    assert zone(state, "followers", 0) == ["trolls:1"]
    assert zone(state, "followers", 1) == ["trolls:3"]
    assert _current(state)["prize"] == "trolls:2"
    assert _current(state)["prizes"] == ["trolls:2", "trolls:4"]


def test_seer_last_trick_the_islands_rule_applies() -> None:
    """L7, Q11: no Seer decision when the deck is empty after the reveal; the Islands rule
    applies: the winner is asked ``take CODE`` and the loser gets the other prize."""
    record = _position(
        ["trolls:1", "trolls:2"],
        [["seers:9"], ["seers:1"]],
        ["play seers:9", "play seers:1"],
        number=13,
        factions=CLAIM2,
    )
    state = _replay(record)
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["take trolls:1", "take trolls:2"]
    engine.apply(state, "take trolls:2")
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["trolls:2"]
    assert zone(state, "hand", 1) == ["trolls:1"]


# -- a Gelatinous Cube trick (H20) ---------------------------------------------------------------


def test_a_cube_trick_keeps_both_prizes() -> None:
    """H20, L6: the Cube trick has no winner: nobody takes a prize or draws, no reveal; the
    next trick (same leader) is played for the same two prizes; its winner takes one and the
    bundle (Cube and goblins:5), the loser draws."""
    record = _position(
        ["dwarves:5", "dwarves:7"],
        [["goblins:5", "goblins:1"], ["hero:gelatinous-cube", "undead:2"]],
        ["play goblins:5", "play hero:gelatinous-cube"],
        deck_top=["dwarves:8", "dwarves:9"],
        number=5,
        heroes=["gelatinous-cube"],
    )
    state = _replay(record)
    cube = tricks(state)[-1]
    assert cube["winner"] is None
    assert zone(state, "followers", 0) == zone(state, "followers", 1) == []
    assert _current(state) == {
        "leader": 0,
        "prize": "dwarves:5",
        "prizes": ["dwarves:5", "dwarves:7"],
        "plays": [],
    }
    assert zone(state, "deck") == ["dwarves:8", "dwarves:9"]
    engine.apply(state, "play goblins:1")
    engine.apply(state, "play undead:2")  # off-faction: the leader wins
    assert engine.legal_actions(state) == ["take dwarves:5", "take dwarves:7"]
    engine.apply(state, "take dwarves:7")
    # both hands are empty: Phase Two starts, the untaken dwarves:5 is discarded (R-10: the
    # played Undead went to the winner's Score pile)
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["goblins:5", "hero:gelatinous-cube", "dwarves:7"]
    assert zone(state, "hand", 1) == ["dwarves:8"]
    assert zone(state, "score", 0) == ["undead:2"]
    assert zone(state, "discard") == ["goblins:1", "dwarves:5"]
    assert zone(state, "deck") == ["dwarves:9"]


def test_seer_take_top_of_the_last_deck_card_gives_the_loser_the_older_prize() -> None:
    """L7 (extended), L6: the Seer winner takes the top card, the deck's last; the loser's draw
    finds the deck empty, so the loser takes the older face-up prize (trolls:1) instead. Only
    trolls:2 lies face-up for the next trick, the last: its winner takes it (no ``take`` asked,
    no Seer decision with the deck empty) and its loser gets nothing."""
    record = _position(
        ["trolls:1", "trolls:2"],
        [["seers:9", "seers:8"], ["seers:1", "seers:2"]],
        ["play seers:9", "play seers:1", "take top"],
        deck_top=["trolls:3"],
        number=12,
        factions=CLAIM2,
    )
    state = _replay(record)
    assert zone(state, "followers", 0) == ["trolls:3"]
    assert zone(state, "followers", 1) == ["trolls:1"]
    assert zone(state, "deck") == []
    assert _current(state)["prize"] == "trolls:2"  # the only face-up prize
    for move in ("play seers:8", "play seers:2"):
        engine.apply(state, move)
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["trolls:3", "trolls:2"]
    assert zone(state, "hand", 1) == ["trolls:1"]


def test_seer_take_top_of_the_last_card_when_the_loser_leads() -> None:
    """L7 (extended): the same when the Seer winner is the follower: player 1 wins with seers:9
    and takes the top card (the last); player 0, the loser, takes the older prize (trolls:1)."""
    record = _position(
        ["trolls:1", "trolls:2"],
        [["seers:1", "seers:8"], ["seers:9", "seers:2"]],
        ["play seers:1", "play seers:9", "take top"],
        deck_top=["trolls:3"],
        number=12,
        factions=CLAIM2,
    )
    state = _replay(record)
    assert last_trick(state)["winner"] == 1
    assert zone(state, "followers", 1) == ["trolls:3"]
    assert zone(state, "followers", 0) == ["trolls:1"]
    assert _current(state)["prize"] == "trolls:2"  # the only face-up prize


def test_a_kings_dagger_forfeit_with_an_empty_deck_gives_the_loser_the_other_prize() -> None:
    """A43, L7 (extended): player 1's only card goblins:5 is daggered after the lead: player 0
    wins the forfeit and takes the older prize (dwarves:1, no ``take`` asked: a plain
    collection); the loser's draw finds the deck empty, so player 1 takes the other face-up prize
    (dwarves:2) instead of it being discarded. Player 1 holds nothing then: Phase One ends."""
    record = _position(
        ["dwarves:1", "dwarves:2"],
        [["undead:8", "knights:3"], ["goblins:5"]],
        ["play undead:8", "play goblins:5", "use kings-dagger"],
        artifacts=(
            ("kings-dagger", "gamblers-book", "flail-of-dawn"),
            ("endless-rope", "flask-of-tears", "wishing-lamp"),
        ),
    )
    state = _replay(record)
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["daggered"] == ["goblins:5"]
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["dwarves:1"]
    assert zone(state, "hand", 1) == ["dwarves:2"]
    assert zone(state, "score", 0) == ["goblins:5"]
    assert zone(state, "discard") == ["undead:8", "knights:3"]


def test_a_kings_dagger_forfeit_with_a_card_left_in_the_deck_is_the_usual_draw() -> None:
    """A43: the same forfeit with a card left in the deck: the winner takes the older prize, the
    loser draws the deck's card, and the newer prize (dwarves:2) stays face-up until the phase
    ends (then it is discarded, L6)."""
    record = _position(
        ["dwarves:1", "dwarves:2"],
        [["undead:8", "knights:3"], ["goblins:5"]],
        ["play undead:8", "play goblins:5", "use kings-dagger"],
        deck_top=["dwarves:3"],
        artifacts=(
            ("kings-dagger", "gamblers-book", "flail-of-dawn"),
            ("endless-rope", "flask-of-tears", "wishing-lamp"),
        ),
    )
    state = _replay(record)
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["dwarves:1"]
    assert zone(state, "hand", 1) == ["dwarves:3"]
    assert zone(state, "discard") == ["undead:8", "knights:3", "dwarves:2"]


def test_past_tricks_list_both_prizes_so_the_take_is_public() -> None:
    """L6: a finished Islands trick keeps ``prize`` (the older) and lists both face-up prizes in
    ``prizes``, in the replay and in both views, so which one the winner took is public (the
    other lies face-up in the next trick); a determinization keeps them."""
    state = _game(["goblins:1"], ["goblins:3"], ["play goblins:1", "play goblins:3"])
    engine.apply(state, "take dwarves:2")
    for shown in (view.report(state), view.observe(state, 0), view.observe(state, 1)):
        trick = shown["tricks"][-1]
        assert trick["prize"] == "dwarves:1"
        assert trick["prizes"] == ["dwarves:1", "dwarves:2"]
    guess = worlds.determinize(state, 0, random.Random(3))
    assert view.report(guess)["tricks"][-1]["prizes"] == ["dwarves:1", "dwarves:2"]
    assert load_position(state.to_dict()).to_dict() == state.to_dict()
