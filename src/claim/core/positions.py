"""Positions: restoring a state snapshot written by :meth:`claim.core.state.State.to_dict`.

The schema is documented in ``docs/records.md``. Each field is read by the codec its declaration
in :class:`~claim.core.state.State` or :class:`~claim.core.state.Trick` names
(:mod:`claim.core.position_codecs`), stage by stage (:mod:`claim.core.position_io`); this module
reads the setup, checks what spans several fields (the trick's lists against its plays, every card
of the game in one place) and recomputes the pending decision. Every problem raises RecordError
naming the field.
"""

from __future__ import annotations

from typing import Any

from claim.core import cards
from claim.core.engine import STEPS, advance
from claim.core.errors import ClaimError, RecordError, shown
from claim.core.fields import fresh
from claim.core.notation import CardPool, check_fields, parse_setup
from claim.core.position_io import POSITION_FORMAT as POSITION_FORMAT
from claim.core.position_io import Reader, Stage, keys, player_keys, read_record
from claim.core.powers import rule_book
from claim.core.powers.base import POWER_KEY
from claim.core.setup import game_cards
from claim.core.state import (
    DISCARD,
    FROM_PRIZE,
    FROM_SECOND_PRIZE,
    NO_PLAYER,
    TABLE,
    State,
    Trick,
)

#: the fields of a position (``State.to_dict``), of its players and of its trick, in the order
#: written; any other is refused (``x-…`` annotations aside). ``held_prize``, ``stale`` and ``rng``
#: were written by early versions and are ignored
POSITION_FIELDS = ("format", *keys(State), "held_prize", "stale", "rng")
PLAYER_FIELDS = player_keys(State)
TRICK_FIELDS = keys(Trick)


def load_position(data: Any, where: str = "position") -> State:
    """A State from a position object; the cards in it must be exactly the game's 52."""
    if not isinstance(data, dict):
        raise RecordError(f"{where} must be an object")
    check_fields(data, POSITION_FIELDS, where)
    if data.get("format", POSITION_FORMAT) != POSITION_FORMAT:
        raise RecordError(f"{where}.format: expected {POSITION_FORMAT!r}")
    config = parse_setup(data.get("setup"), f"{where}.setup")
    state = fresh(State, config=config, book=rule_book(config))
    pool = CardPool(game_cards(config.factions, config.heroes))
    reader = Reader(state, data, where, pool, STEPS, POWER_KEY)
    for stage in Stage:
        if stage is Stage.PLACES:  # every card read: each has its place now
            if state.trick is not None:
                _check_trick(state.trick, f"{where}.trick")
            if pool.left():
                missing = cards.CODE[pool.remaining()[0]]
                raise RecordError(
                    f"{where}: {pool.left()} of the game's cards are missing ({missing}, …)"
                )
        read_record(reader, stage)
    if state.result is None and state.trick is None and not state.tasks:
        raise RecordError(f"{where}: a game in progress needs its current trick")
    try:
        advance(state)  # recompute the options of a pending decision
    except ClaimError:
        raise
    except (LookupError, ValueError, TypeError, AttributeError) as exc:
        # a snapshot whose parts each look right but do not fit together
        raise RecordError(f"{where}: not a consistent position ({describe(exc)})") from None
    return state


def describe(exc: BaseException) -> str:
    """An unexpected engine error on an inconsistent position, for a one-line message."""
    return f"{type(exc).__name__}: {shown(str(exc))[1:-1]}" if str(exc) else type(exc).__name__


#: the zones a trick's cards may go to (``claim.core.state``: DISCARD … TABLE)
ZONES = range(DISCARD, TABLE + 1)
PLAYERS = (0, 1)
SOME_PLAYER = (NO_PLAYER, 0, 1)
#: where a Phase One trick's prizes come from (``claim.core.state``: FROM_PRIZE … FROM_SECOND_PRIZE)
SOURCES = range(FROM_PRIZE, FROM_SECOND_PRIZE + 1)


def _check_trick(trick: Trick, where: str) -> None:
    """What a trick's fields must agree on: its phase, one entry per play in each per-play list,
    prizes only in Phase One; and the numbers that name players, zones and plays in range, or
    the engine would fail on them later."""
    n = len(trick.plays)
    if trick.phase not in (1, 2):
        raise RecordError(f"{where}.phase must be 1 or 2")
    fields = (trick.values, trick.factions, trick.declared, trick.keys, trick.ranks)
    if n > 2 or any(len(x) != n for x in fields):
        raise RecordError(f"{where}: values, factions, declared, keys, ranks must match the plays")
    if trick.prizes and trick.phase != 1:
        raise RecordError(f"{where}.prizes: only a Phase One trick has prizes")
    if trick.dests and len(trick.dests) != n:
        raise RecordError(f"{where}.dests must match the plays")
    checks: list[tuple[str, bool]] = [
        ("winner", trick.winner in SOME_PLAYER),
        ("next_leader", trick.next_leader in SOME_PLAYER),
        ("sealed", -1 <= trick.sealed < len(trick.plays)),
        ("dests", all(p in SOME_PLAYER and z in ZONES for p, z in trick.dests)),
        (
            "extra",
            all(z in ZONES and p in SOME_PLAYER and z2 in ZONES for _, z, p, z2 in trick.extra),
        ),
        ("prize_plan", all(p in PLAYERS and src in SOURCES for p, src in trick.prize_plan)),
        ("captured", all(0 <= i < len(trick.plays) for i in trick.captured)),
        ("factions", all(f == "" or f in cards.FACTIONS for f in trick.factions)),
        ("declared", all(d is None or d in cards.FACTIONS for d in trick.declared)),
    ]
    for name, ok in checks:
        if not ok:
            raise RecordError(f"{where}.{name} is out of range")
