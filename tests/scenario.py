"""Helpers for scenario tests: stacked deals, built positions, and reading zones as codes.

A scenario is a game record (``shared/spec/records.md``) whose deal is stacked so the test knows
every card. :func:`stacked_record` takes the cards that matter — each hand's first cards in hand
order, the deck's top cards top first — and fills the rest of the 52 in a fixed order:

    the unused cards of the game, in the table order of ``claim.core.setup.deck_cards`` (the
    factions in setup order, each faction's codes in ``claim.core.cards`` order), go first to the
    end of hand 0, then to the end of hand 1, then to the bottom of the deck.

So a test that names all 13 cards of a hand knows it exactly, and one that names fewer can read
the rest with :func:`filler`. For a situation deep in a game (Phase Two, a short deck) use
:func:`position_record`, which builds a record that starts from a position (``"position"``
instead of ``"deal"``) with every card placed by the test and the rest in the discard pile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from claim.core import cards, engine, records, view
from claim.core.setup import deck_cards
from claim.core.state import State

CLAIM: list[str] = list(cards.PRESETS["claim"])
CLAIM2: list[str] = list(cards.PRESETS["claim2"])

HAND_SIZE = 13
DECK_SIZE = 26


def all_codes(factions: Sequence[str]) -> list[str]:
    """The 52 codes of a game's cards, one per physical card, in table order."""
    return [cards.CODE[c] for c in deck_cards(factions)]


def _remove(pool: list[str], wanted: Iterable[str], what: str) -> None:
    for code in wanted:
        if code not in pool:
            raise ValueError(f"{what}: {code} is not left among the game's cards")
        pool.remove(code)


def filler(factions: Sequence[str], *taken: Iterable[str]) -> list[str]:
    """The cards left after ``taken``, in the fill order of :func:`stacked_record`."""
    pool = all_codes(factions)
    for i, group in enumerate(taken):
        _remove(pool, group, f"group {i}")
    return pool


def stacked_deal(
    factions: Sequence[str],
    hand0: Sequence[str] = (),
    hand1: Sequence[str] = (),
    deck_top: Sequence[str] = (),
    heroes: Sequence[str] = (),
) -> dict[str, Any]:
    """A ``deal`` object: the given cards first, the rest filled in table order (module doc).

    With ``heroes`` (names), the heroes not placed by the test go to the bottom of the deck and
    the last unplaced faction cards in fill order are the ones the heroes replaced.
    """
    if len(hand0) > HAND_SIZE or len(hand1) > HAND_SIZE or len(deck_top) > DECK_SIZE:
        raise ValueError("too many cards for a hand (13) or the deck (26)")
    hero_codes = [f"hero:{h}" for h in heroes]
    named = {*hand0, *hand1, *deck_top}
    placed_faction = [c for c in (*hand0, *hand1, *deck_top) if not c.startswith("hero:")]
    pool = filler(factions, placed_faction)
    if heroes:
        pool = pool[: len(pool) - len(heroes)] + [c for c in hero_codes if c not in named]
    if "shadows" in factions:
        # only 10 of the 20 Shadows are dealt: the named ones, then the first unnamed ones
        named = sum(1 for code in (*hand0, *hand1, *deck_top) if code.startswith("shadows:"))
        spare = [code for code in pool if code.startswith("shadows:")][10 - named :]
        pool = [code for code in pool if code not in spare]
    h0 = list(hand0) + pool[: HAND_SIZE - len(hand0)]
    pool = pool[HAND_SIZE - len(hand0) :]
    h1 = list(hand1) + pool[: HAND_SIZE - len(hand1)]
    pool = pool[HAND_SIZE - len(hand1) :]
    deck = list(deck_top) + pool
    assert len(deck) == DECK_SIZE
    return {"hands": [h0, h1], "deck": deck}


def stacked_record(
    factions: Sequence[str],
    hand0: Sequence[str] = (),
    hand1: Sequence[str] = (),
    deck_top: Sequence[str] = (),
    moves: Sequence[str] = (),
    first_leader: int = 0,
    heroes: Sequence[str] = (),
    chance: Sequence[str] = (),
    artifacts: Sequence[Sequence[str]] = (),
) -> dict[str, Any]:
    """A valid record with a stacked deal (see the module doc for the fill order), with the
    ``heroes`` (names) in the deck, the ``artifacts`` dealt (two lists of three names) and the
    random outcomes ``chance`` fixed."""
    setup: dict[str, Any] = {"factions": list(factions), "first_leader": first_leader}
    if heroes:
        setup["heroes"] = list(heroes)
    if artifacts:
        setup["artifacts"] = [list(a) for a in artifacts]
    record: dict[str, Any] = {
        "format": "claim/1",
        "setup": setup,
        "deal": stacked_deal(factions, hand0, hand1, deck_top, heroes),
        "moves": list(moves),
    }
    if chance:
        record["chance"] = list(chance)
    return record


def position_record(
    factions: Sequence[str],
    *,
    phase: int,
    hands: Sequence[Sequence[str]],
    followers: Sequence[Sequence[str]] = ((), ()),
    scores: Sequence[Sequence[str]] = ((), ()),
    gnomes: Sequence[Sequence[str]] = ((), ()),
    deck_top: Sequence[str] = (),
    prize: str | None = None,
    troll_pool: Sequence[str] = (),
    leader: int = 0,
    number: int = 1,
    moves: Sequence[str] = (),
    heroes: Sequence[str] = (),
    discard: Sequence[str] | None = None,
    chance: Sequence[str] = (),
    artifacts: Sequence[Sequence[str]] = (),
) -> dict[str, Any]:
    """A record starting from a position at the start of a trick (no card played yet), its
    start-of-trick artifact windows about to be asked when ``artifacts`` are dealt.

    ``number`` is the number of that trick in its phase; in Phase One ``prize`` is its revealed
    prize (already off the deck). ``heroes`` (names) are in the game. Every card of the game not
    placed here is in the discard pile, or, when ``discard`` is given, that is the discard pile
    (bottom first) and every other unplaced card is out of the game. ``chance`` fixes the random
    outcomes.
    """
    if (phase == 1) != (prize is not None):
        raise ValueError("a Phase One trick needs its prize; a Phase Two trick has none")
    placed = [
        *hands[0],
        *hands[1],
        *followers[0],
        *followers[1],
        *scores[0],
        *scores[1],
        *gnomes[0],
        *gnomes[1],
        *deck_top,
        *troll_pool,
        *([prize] if prize is not None else []),
    ]
    unplaced = filler(factions, [c for c in placed if not c.startswith("hero:")])
    unplaced += [f"hero:{h}" for h in heroes if f"hero:{h}" not in placed]
    gone: list[str] = []
    if discard is not None:
        gone = list(unplaced)
        _remove(gone, discard, "discard")
        unplaced = list(discard)
    # Start from a real snapshot so the position keeps up with the engine's schema; then replace
    # every field that says where the cards are and which trick is being played.
    start = stacked_record(factions, heroes=heroes, artifacts=artifacts)
    position = records.initial_state(start).to_dict()
    position["phase"] = phase
    position["players"] = [
        {
            "hand": list(hands[p]),
            "followers": list(followers[p]),
            "score": list(scores[p]),
            "gnomes": list(gnomes[p]),
            "artifacts": list(artifacts[p]) if artifacts else [],
        }
        for p in (0, 1)
    ]
    position["deck"] = list(deck_top)
    position["discard"] = unplaced
    position["troll_pool"] = list(troll_pool)
    # unused Toxics stay out of the game; every unplaced faction card (Shadows too) is discarded
    # unless the test gave the discard pile
    position["out"] = [code for code in position["out"] if code.startswith("toxic:")] + gone
    position["public_out"] = []
    position["removed"] = []
    position["value_known"] = []
    position["declared"] = []
    position["leader"] = leader
    position["number"] = number
    trick = position["trick"]
    trick.update(
        phase=phase,
        number=number,
        leader=leader,
        prize=prize,
        prizes=[prize] if prize is not None else [],
        plays=[],
        keys=[],
        ranks=[],
        values=[],
        factions=[],
        declared=[],
        dests=[],
        extra=[],
        prize_plan=[],
        collected=False,
    )
    # R-80, A3: a trick starts with its artifact windows, leader first
    windows = [["art:start", leader, 0], ["art:start", 1 - leader, 0]]
    position["tasks"] = windows if artifacts else []
    position["counters"] = {}
    position["revealed"] = []
    position["history"] = []
    position["moves"] = []
    position["result"] = None
    position["last_winner"] = -1
    record: dict[str, Any] = {"format": "claim/1", "position": position, "moves": list(moves)}
    if chance:
        record["chance"] = list(chance)
    return record


def trick_state(
    hand0: Sequence[str],
    hand1: Sequence[str],
    moves: Sequence[str],
    *,
    phase: int = 2,
    factions: Sequence[str] = CLAIM,
    scores: Sequence[Sequence[str]] = ((), ()),
    heroes: Sequence[str] = (),
    moon: str | None = None,
    setting: str | None = None,
    building: str | None = None,
    artifacts: Sequence[Sequence[str]] = (),
    chance: Sequence[str] = (),
) -> State:
    """Play ``moves`` from the start of a trick of ``phase``, player 0 leading, every hand card
    placed by the test (Phase One: prize goblins:9, then goblins:8 and goblins:7 on top of the
    deck), with ``heroes``, the ``moon``, the locations, the ``artifacts`` (two lists of three
    names) and the random outcomes ``chance`` given."""
    record = position_record(
        factions,
        phase=phase,
        prize="goblins:9" if phase == 1 else None,
        deck_top=["goblins:8", "goblins:7"] if phase == 1 else [],
        hands=[hand0, hand1],
        scores=scores,
        heroes=list(heroes),
        moves=moves,
        artifacts=artifacts,
        chance=chance,
    )
    position = record["position"]
    if moon is not None:
        position["moon"] = moon
    for kind, name in (("setting", setting), ("building", building)):
        if name is not None:
            position["setup"][kind] = name
    return replay(record)


# -------------------------------------------------------------------------------------------------
# Reading a state
# -------------------------------------------------------------------------------------------------


def codes(ids: Iterable[int]) -> list[str]:
    """Card ids as codes, order kept."""
    return [cards.CODE[c] for c in ids]


def zone(state: State, name: str, player: int | None = None) -> list[str]:
    """A zone as codes: ``hand``, ``followers``, ``score``, ``gnomes`` (with a player), or
    ``deck`` (top card first), ``discard``, ``troll_pool``, ``out``."""
    per_player = {
        "hand": state.hands,
        "followers": state.followers,
        "score": state.score,
        "gnomes": state.faceup,
    }
    if name in per_player:
        assert player is not None, f"{name} needs a player"
        return codes(per_player[name][player])
    assert player is None, f"{name} is not a player's zone"
    if name == "deck":
        return codes(reversed(state.deck))
    return codes({"discard": state.discard, "troll_pool": state.troll_pool, "out": state.out}[name])


def tricks(state: State) -> list[dict[str, Any]]:
    """The finished tricks as the replay report writes them."""
    result: list[dict[str, Any]] = view.report(state)["tricks"]
    return result


def last_trick(state: State) -> dict[str, Any]:
    """The last finished trick as the replay report writes it."""
    return tricks(state)[-1]


def same_cards(a: Iterable[str], b: Iterable[str]) -> bool:
    """Whether two lists hold the same codes, ignoring order."""
    return Counter(a) == Counter(b)


def play_until(
    state: State,
    stop: Callable[[State], bool],
    choose: Callable[[State, list[str]], str] | None = None,
) -> list[str]:
    """Apply moves (the first legal one, or ``choose``'s) until ``stop(state)`` or the game ends.

    Returns the moves played, so a test can write them into a record.
    """
    played: list[str] = []
    while state.result is None and not stop(state):
        legal = engine.legal_actions(state)
        move = choose(state, legal) if choose else legal[0]
        engine.apply(state, move)
        played.append(move)
    return played


def replay(record: dict[str, Any]) -> State:
    """``claim.core.records.replay``, for short imports."""
    return records.replay(record)
