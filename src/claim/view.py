"""Hidden information (RULES.md §10): the omniscient report, a player's view, and determinization.

:func:`report` writes a state in the replay shape of ``records.md``. With ``viewer=None`` it shows
everything (``claim replay --json``); with a player it is :func:`observe`: every card that player
may not identify is written ``"?"`` (lists keep their length, so counts stay visible). It is the one
function that decides what a client, a server seat or a fair bot may know.
"""

from __future__ import annotations

import random
from typing import Any

from claim import cards
from claim.engine import current_player, legal_actions
from claim.state import State

CODE = cards.CODE
HIDDEN = "?"


def _shown_now(state: State, viewer: int) -> set[int]:
    """Cards shown to ``viewer`` by the decision they are being asked (the Seer look, W7)."""
    if not state.tasks or state.tasks[0][1] != viewer or state.tasks[0][0][0] == "@":
        return set()
    kind, player, data = state.tasks[0]
    return set(state.book.by_ask[kind].shown(state, kind, player, data))


def report(state: State, viewer: int | None = None) -> dict[str, Any]:
    """The state in the replay shape; ``viewer`` 0 or 1 hides what that player may not know."""
    finished = state.result is not None
    omniscient = viewer is None
    shown = set() if omniscient or viewer is None else _shown_now(state, viewer)

    def public(ids: list[int]) -> list[str]:
        return [CODE[c] for c in ids]

    def hidden_zone(ids: list[int], owner: int | None, others_may_see: bool) -> list[str]:
        """A hidden zone: its owner sees it; another player sees revealed (or shown) cards."""
        if omniscient or finished or owner == viewer:
            return public(ids)
        return [
            CODE[c] if (others_may_see and c in state.revealed) or c in shown else HIDDEN
            for c in ids
        ]

    players = []
    for p in (0, 1):
        players.append(
            {
                # W13: the other hand is all "?" even where its cards could be inferred
                "hand": hidden_zone(state.hands[p], p, others_may_see=False),
                "followers": hidden_zone(state.followers[p], p, others_may_see=True),
                "score": public(state.score[p]),
                "gnomes": public(state.faceup[p]),
            }
        )

    deck_top_first = state.deck[::-1]
    if omniscient:
        deck = public(deck_top_first)
        out = public(state.out)
    else:
        # W9: deck cards never drawn and cards out of the game unseen stay hidden, even at the end
        deck = [CODE[c] if c in shown else HIDDEN for c in deck_top_first]
        out = [HIDDEN] * len(state.out)

    tricks = []
    for phase, number, leader, prize, plays, winner, reason in state.history:
        tricks.append(
            {
                "phase": phase,
                "number": number,
                "leader": leader,
                "prize": CODE[prize] if prize >= 0 else None,
                "plays": [_play(p, c, v, d) for p, c, v, d in plays],
                "winner": winner if winner >= 0 else None,
                "reason": reason,
            }
        )

    nxt: dict[str, Any] | None = None
    if not finished:
        player = current_player(state)
        nxt = {"player": player}
        if omniscient or viewer == player:
            nxt["legal"] = list(legal_actions(state))

    out_dict: dict[str, Any] = {
        "status": "finished" if finished else "in-progress",
        "tricks": tricks,
        "players": players,
        "deck": deck,
        "discard": public(state.discard),
        "next": nxt,
        "result": dict(state.result) if state.result is not None else None,
        "phase": state.phase,
        "moon": state.moon,
        "troll_pool": public(state.troll_pool),
        "fire_phoenix": [],
        "toxics": [],
        "out": out,
    }
    trick = state.trick
    if trick is not None and not finished:
        current: dict[str, Any] = {
            "leader": trick.leader,
            "prize": CODE[trick.prize] if trick.prize >= 0 else None,
            "plays": [{"player": p, "card": CODE[c]} for p, c in trick.plays],
        }
        if len(trick.plays) == 2 and trick.winner >= 0:
            current["winner"] = trick.winner
            current["reason"] = trick.reason
        out_dict["current"] = current
    return out_dict


def _play(player: int, card: int, value: int, declared: str | None) -> dict[str, Any]:
    play: dict[str, Any] = {"player": player, "card": CODE[card], "value": value}
    if declared:
        play["as"] = declared
    return play


def observe(state: State, player: int) -> dict[str, Any]:
    """What ``player`` may know (§10): the only thing a client or a fair bot ever receives."""
    if player not in (0, 1):
        raise ValueError(f"player must be 0 or 1, got {player!r}")
    return report(state, viewer=player)


def determinize(state: State, player: int, rng: random.Random) -> State:
    """A full state consistent with everything ``player`` knows, the rest re-dealt at random.

    The cards ``player`` cannot see (the other hand, the other's unrevealed blind draws, the deck,
    cards out of the game unseen) are gathered, put in a canonical order, shuffled with ``rng`` and
    dealt back into the same places. Two states that look the same to ``player`` therefore give
    the same determinization for the same ``rng`` — the fairness a search bot relies on. The
    future random events get a fresh generator from ``rng`` too, so the true seed never leaks.
    """
    if player not in (0, 1):
        raise ValueError(f"player must be 0 or 1, got {player!r}")
    s = state.clone()
    other = 1 - player
    shown = _shown_now(state, player)
    slots: list[tuple[list[int], int]] = []
    for zone, keep_revealed in ((s.hands[other], True), (s.followers[other], True)):
        for i, c in enumerate(zone):
            if not (keep_revealed and c in s.revealed):
                slots.append((zone, i))
    for i, c in enumerate(s.deck):
        if c not in shown:
            slots.append((s.deck, i))
    for i in range(len(s.out)):
        slots.append((s.out, i))
    unknown = sorted((zone[i] for zone, i in slots), key=lambda c: (CODE[c], c))
    rng.shuffle(unknown)
    for (zone, i), card in zip(slots, unknown, strict=True):
        zone[i] = card
    s.chance_seed = rng.getrandbits(63)
    s.draws = 0
    # The starting deal holds the other hand and the seed would recompute everything: a
    # determinized game has neither (records.to_record writes it as a position instead).
    s.deal = ((), (), ())
    s.seed = None
    s.legal_cache = None
    return s
