"""The codecs of a position's fields (``claim-position/1``, docs/records.md): how each kind of
field of :class:`~claim.core.state.State` and :class:`~claim.core.state.Trick` is written and
read (:mod:`claim.core.position_io`: the base class and the loops over the declarations).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from claim.core import cards
from claim.core.errors import RecordError
from claim.core.notation import DEAL_FIELDS, check_fields
from claim.core.position_io import (
    CARDS,
    DERIVED,
    NO_PLAYER,
    PLACES,
    WHOLE,
    Codec,
    Reader,
    Writer,
    code_id,
    codes,
    read_player,
)

if TYPE_CHECKING:
    from claim.core.state import State, TrickRecord


class Int(Codec):
    """A whole number (a bool is none), required; ``choices``: the ones allowed."""

    required = True

    def __init__(self, key: str | None = None, choices: tuple[int, ...] = ()) -> None:
        super().__init__(key)
        self.choices = choices

    def read(self, r: Reader, value: Any, where: str) -> Any:
        if not isinstance(value, int) or isinstance(value, bool):
            raise RecordError(f"{where} has the wrong type")
        if self.choices and value not in self.choices:
            raise RecordError(f"{where} must be {' or '.join(map(str, self.choices))}")
        return value


class Player(Codec):
    """A player, 0 or 1; with ``allow_none`` also NO_PLAYER, which an absent key reads as."""

    def __init__(self, allow_none: bool = False) -> None:
        super().__init__()
        self.allow_none = allow_none
        self.missing = NO_PLAYER if allow_none else None

    def read(self, r: Reader, value: Any, where: str) -> Any:
        return read_player(value, where, self.allow_none)


class Choice(Codec):
    """One of a few strings; absent: the first."""

    def __init__(self, *choices: str) -> None:
        super().__init__()
        self.choices = choices
        self.missing = choices[0]

    def read(self, r: Reader, value: Any, where: str) -> Any:
        if value not in self.choices:
            raise RecordError(f"{where} must be {' or '.join(self.choices)}")
        return value


class Seed(Codec):
    """The seed a game was dealt from, if any (anything else reads as none)."""

    def read(self, r: Reader, value: Any, where: str) -> Any:
        return value if isinstance(value, int) and not isinstance(value, bool) else None


class Strings(Codec):
    """A list of strings (moves, chance outcomes)."""

    empty = list

    def write(self, w: Writer, value: Any) -> Any:
        return list(value)

    def read(self, r: Reader, value: Any, where: str) -> Any:
        if not isinstance(value, list) or not all(isinstance(m, str) for m in value):
            raise RecordError(f"{where} must be a list of strings")
        return list(value)


class Cards(Codec):
    """A zone of cards by code, taken from the game's pool (each card in exactly one place);
    ``top_first``: kept top card last (``pop()`` draws) but written top card first."""

    stage = CARDS
    empty = list

    def __init__(self, key: str | None = None, top_first: bool = False, one: bool = False) -> None:
        super().__init__(key)
        self.top_first = top_first
        self.one = one  # holds at most one card

    def write(self, w: Writer, value: Any) -> Any:
        return codes(value[::-1] if self.top_first else value)

    def read(self, r: Reader, value: Any, where: str) -> Any:
        zone = r.pool.take_list(value, where)
        if self.one and len(zone) > 1:
            raise RecordError(f"{where} holds at most one card")
        return zone[::-1] if self.top_first else zone


class Artifacts(Codec):
    """A list of artifact names."""

    empty = list

    def write(self, w: Writer, value: Any) -> Any:
        return list(value)

    def read(self, r: Reader, value: Any, where: str) -> Any:
        if not isinstance(value, list) or not all(n in cards.ARTIFACTS for n in value):
            raise RecordError(f"{where} must list artifact names")
        return list(value)


class Peeked(Codec):
    """The Toxics a player peeked at, by position among the face-up Toxics."""

    stage = DERIVED
    empty = list

    def write(self, w: Writer, value: Any) -> Any:
        return sorted(w.state.toxics.index(c) for c in value)

    def read(self, r: Reader, value: Any, where: str) -> Any:
        toxics = r.state.toxics
        if not isinstance(value, list) or not all(
            isinstance(i, int) and 0 <= i < len(toxics) for i in value
        ):
            raise RecordError(f"{where} must list Toxic positions")
        return {toxics[i] for i in value}


class Counters(Codec):
    """Names to whole numbers."""

    empty = dict

    def write(self, w: Writer, value: Any) -> Any:
        return dict(value)

    def read(self, r: Reader, value: Any, where: str) -> Any:
        if not isinstance(value, dict) or not all(
            isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
            for k, v in value.items()
        ):
            raise RecordError(f"{where} must map names to whole numbers")
        return dict(value)


class PublicOut(Codec):
    """Cards of ``out``, by position in it."""

    stage = PLACES
    empty = list

    def write(self, w: Writer, value: Any) -> Any:
        return [i for i, c in enumerate(w.state.out) if c in value]

    def read(self, r: Reader, value: Any, where: str) -> Any:
        out = r.state.out
        if not isinstance(value, list) or not all(
            isinstance(i, int) and 0 <= i < len(out) for i in value
        ):
            raise RecordError(f"{where} must list positions in out")
        return {out[i] for i in value}


class Removed(Codec):
    """Cards of ``out`` with a reason each: ``[position in out, reason]``."""

    stage = PLACES
    empty = list

    def write(self, w: Writer, value: Any) -> Any:
        return [[i, value[c]] for i, c in enumerate(w.state.out) if c in value]

    def read(self, r: Reader, value: Any, where: str) -> Any:
        try:
            return {r.state.out[i]: str(why) for i, why in value}
        except (TypeError, ValueError, IndexError):
            raise RecordError(f"{where} must list [position in out, reason]") from None


class PlaceSet(Codec):
    """A set of cards, by place."""

    stage = PLACES
    empty = list

    def write(self, w: Writer, value: Any) -> Any:
        places = w.places
        return sorted(places[c] for c in value if c in places)

    def read(self, r: Reader, value: Any, where: str) -> Any:
        places = r.places
        if not isinstance(value, list) or not all(
            isinstance(p, str) and p in places for p in value
        ):
            raise RecordError(f"{where} must list card places")
        return {places[p] for p in value}


class PlaceMap(Codec):
    """Cards to values, as sorted ``[card place, value]`` pairs; ``convert`` reads a value."""

    stage = PLACES
    empty = list

    def __init__(self, convert: Callable[[Any], Any], what: str) -> None:
        super().__init__()
        self.convert = convert
        self.what = what

    def write(self, w: Writer, value: Any) -> Any:
        places = w.places
        return sorted([places[c], v] for c, v in value.items() if c in places)

    def read(self, r: Reader, value: Any, where: str) -> Any:
        places = r.places
        try:
            return {places[p]: self.convert(v) for p, v in value}
        except (TypeError, ValueError, KeyError):
            raise RecordError(f"{where} must list [card place, {self.what}]") from None


class EndMoves(Codec):
    """``{"card", "from", "to", "by"}`` objects: a card code, zone names, a power's name."""

    stage = WHOLE
    empty = list

    def read(self, r: Reader, value: Any, where: str) -> Any:
        check_end_moves(value, r.state, where)
        return list(value)


class Tasks(Codec):
    """Pending work: ``[kind, player, data]``, a kind the engine or a power in play knows."""

    required = True

    def write(self, w: Writer, value: Any) -> Any:
        return [list(t) for t in value]

    def read(self, r: Reader, value: Any, where: str) -> Any:
        if not isinstance(value, list):
            raise RecordError(f"{where} has the wrong type")
        asks = r.state.book.by_ask
        tasks = []
        for i, task in enumerate(value):
            ok = (
                isinstance(task, list)
                and len(task) == 3
                and isinstance(task[0], str)
                and (task[0] in r.steps or task[0] in asks)
                and task[1] in (0, 1, NO_PLAYER)
                and isinstance(task[2], int)
            )
            if not ok:
                raise RecordError(f"{where}[{i}] is not a pending decision or step")
            tasks.append((task[0], task[1], task[2]))
        return tasks


class Revealed(Codec):
    """Cards in a hand or Follower deck the other player knows: ``[player, zone, index]``."""

    stage = PLACES
    required = True
    ZONES = ("hand", "followers")

    def write(self, w: Writer, value: Any) -> Any:
        s = w.state
        revealed: list[list[Any]] = []
        for p in (0, 1):
            for name, zone in zip(self.ZONES, (s.hands[p], s.followers[p]), strict=True):
                revealed.extend([p, name, i] for i, c in enumerate(zone) if c in value)
        return revealed

    def read(self, r: Reader, value: Any, where: str) -> Any:
        if not isinstance(value, list):
            raise RecordError(f"{where} has the wrong type")
        zones = {"hand": r.state.hands, "followers": r.state.followers}
        revealed = set()
        for i, item in enumerate(value):
            try:
                p, zone_name, index = item
                revealed.add(zones[zone_name][p][index])
            except (ValueError, TypeError, KeyError, IndexError):
                raise RecordError(f"{where}[{i}] names no card") from None
        return revealed


class History(Codec):
    """The finished tricks: ``[phase, number, leader, prize, plays, winner, reason]``, plays as
    ``[player, card, value, declared]``; cards by code (only displayed)."""

    required = True

    def write(self, w: Writer, value: Any) -> Any:
        code = cards.CODE
        return [
            [
                ph,
                n,
                ld,
                code[pz] if pz >= 0 else None,
                [[p, code[c], v, a] for p, c, v, a in plays],
                wn,
                why,
            ]
            for ph, n, ld, pz, plays, wn, why in value
        ]

    def read(self, r: Reader, value: Any, where: str) -> Any:
        if not isinstance(value, list):
            raise RecordError(f"{where} has the wrong type")
        return [read_history(h, f"{where}[{i}]") for i, h in enumerate(value)]


class HistoryPrizes(Codec):
    """The face-up prizes of each past trick that had two (Islands): ``[trick index, prizes]``."""

    empty = list

    def write(self, w: Writer, value: Any) -> Any:
        return [[i, codes(prizes)] for i, prizes in sorted(value.items())]

    def read(self, r: Reader, value: Any, where: str) -> Any:
        try:
            return {int(i): tuple(code_id(c, where) for c in prizes) for i, prizes in value}
        except (TypeError, ValueError):
            raise RecordError(f"{where} must list [trick index, prizes]") from None


class HistoryArtifacts(Codec):
    """The artifacts used in each past trick that had any: ``[trick index, uses]``."""

    empty = list

    def write(self, w: Writer, value: Any) -> Any:
        return [[i, [list(u) for u in used]] for i, used in sorted(value.items())]

    def read(self, r: Reader, value: Any, where: str) -> Any:
        try:
            used = {
                int(i): tuple(
                    (read_player(p, where), str(name), str(detail)) for p, name, detail in uses
                )
                for i, uses in value
            }
        except (TypeError, ValueError):
            raise RecordError(f"{where} must list [trick index, uses]") from None
        if not all(u[1] in cards.ARTIFACTS for uses in used.values() for u in uses):
            raise RecordError(f"{where} must name artifacts")
        return used


class Setup(Codec):
    """The game's setup (its config, with the Toxics and Fire Phoenix pile it drew): read by the
    loader itself, which needs it before the state exists."""

    reads = False

    def __init__(self) -> None:
        super().__init__("setup")

    def write(self, w: Writer, value: Any) -> Any:
        return w.state.setup_codes()


class SetupDraws(Codec):
    """The Toxics and Fire Phoenix pile of the ``setup`` object (which :class:`Setup` writes)."""

    writes = False

    def __init__(self) -> None:
        super().__init__("setup")

    def read(self, r: Reader, value: Any, where: str) -> Any:
        setup = value or {}
        try:
            return (
                tuple(code_id(c, where) for c in setup.get("toxics") or []),
                tuple(code_id(c, where) for c in setup.get("fire_phoenix") or []),
            )
        except (KeyError, IndexError, TypeError):
            raise RecordError(f"{r.where}.deal must hold the starting hands and deck") from None


class Deal(Codec):
    """The starting deal, as a record's ``deal`` object (codes, deck top first)."""

    def write(self, w: Writer, value: Any) -> Any:
        return w.state.deal_codes()

    def read(self, r: Reader, value: Any, where: str) -> Any:
        deal = value or {}
        if isinstance(deal, dict):
            check_fields(deal, DEAL_FIELDS, where)
        try:
            return (
                tuple(code_id(c, where) for c in deal["hands"][0]),
                tuple(code_id(c, where) for c in deal["hands"][1]),
                tuple(code_id(c, where) for c in deal["deck"]),
            )
        except (KeyError, IndexError, TypeError):
            raise RecordError(f"{where} must hold the starting hands and deck") from None


class Result(Codec):
    """A finished game's result as the engine writes it (``claim.core.scoring``)."""

    stage = WHOLE

    def read(self, r: Reader, value: Any, where: str) -> Any:
        if value is not None:
            check_result(value, r.state, where)
        return value


# -- the trick's fields --------------------------------------------------------------------------


class Loose(Codec):
    """A value ``convert`` reads (any error: the record "has a malformed field"); ``out``
    writes it (by default as it is)."""

    def __init__(
        self, convert: Callable[[Any], Any], missing: Any, out: Callable[[Any], Any] | None = None
    ) -> None:
        super().__init__()
        self.convert = convert
        self.missing = missing
        self.out = out

    def write(self, w: Writer, value: Any) -> Any:
        return value if self.out is None else self.out(value)

    def read(self, r: Reader, value: Any, where: str) -> Any:
        try:
            return self.convert(value)
        except (TypeError, ValueError):
            raise RecordError(f"{r.where} has a malformed field") from None


def int_list(value: Any) -> list[int]:
    return [int(v) for v in value]


def str_list(value: Any) -> list[str]:
    return [str(v) for v in value]


def optional_str_list(value: Any) -> list[str | None]:
    return [None if v is None else str(v) for v in value]


def int_pairs(value: Any) -> list[tuple[int, int]]:
    return [(int(a), int(b)) for a, b in value]


def lists(value: Any) -> list[list[Any]]:
    return [list(v) for v in value]


class Prize(Codec):
    """The trick's first face-up prize (-1: none), written as its code or null; read from the
    prizes (:class:`Prizes`)."""

    stage = DERIVED

    def write(self, w: Writer, value: Any) -> Any:
        return cards.CODE[value] if value >= 0 else None

    def read(self, r: Reader, value: Any, where: str) -> Any:
        prizes: list[int] = r.obj.prizes
        return prizes[0] if prizes else -1


class Prizes(Codec):
    """The face-up prizes, older first (taken from the pool unless the trick is collected, when
    they are only displayed); a position without them has its one ``prize``."""

    stage = CARDS

    def write(self, w: Writer, value: Any) -> Any:
        return codes(value)

    def read(self, r: Reader, value: Any, where: str) -> Any:
        if value is None:
            prize = r.data.get("prize")
            value = [] if prize is None else [prize]
        if not isinstance(value, list):
            raise RecordError(f"{where} must be a list of card codes")
        if r.obj.collected:
            return [code_id(c, where) for c in value]
        return [r.pool.take(c, f"{where}[{i}]") for i, c in enumerate(value)]


class Plays(Codec):
    """``[player, card]`` in play order (cards taken from the pool unless collected)."""

    stage = CARDS
    required = True

    def write(self, w: Writer, value: Any) -> Any:
        code = cards.CODE
        return [[p, code[c]] for p, c in value]

    def read(self, r: Reader, value: Any, where: str) -> Any:
        if not isinstance(value, list):
            raise RecordError(f"{where} has the wrong type")
        plays = []
        for i, play in enumerate(value):
            if not isinstance(play, list) or len(play) != 2:
                raise RecordError(f"{where}[{i}] must be [player, card]")
            p = read_player(play[0], f"{where}[{i}][0]")
            if r.obj.collected:
                card = code_id(play[1], f"{where}[{i}][1]")
            else:
                card = r.pool.take(play[1], f"{where}[{i}][1]")
            plays.append((p, card))
        return plays


class PerPlay(Loose):
    """A list with one entry per play (``convert`` reads it); a position without it gets
    ``default(card)`` for each play."""

    stage = DERIVED

    def __init__(self, convert: Callable[[Any], Any], default: Callable[[Reader, int], Any]):
        super().__init__(convert, None)
        self.default = default

    def read(self, r: Reader, value: Any, where: str) -> Any:
        if value is None:
            return [self.default(r, c) for _, c in r.obj.plays]
        return super().read(r, value, where)


class Marks(Loose):
    """The trick's marks but those naming a card (``card_marks``, written by place)."""

    def __init__(self, card_marks: tuple[str, ...]) -> None:
        super().__init__(lambda v: {str(k): int(n) for k, n in dict(v).items()}, {})
        self.card_marks = card_marks

    def write(self, w: Writer, value: Any) -> Any:
        return {k: v for k, v in value.items() if k not in self.card_marks}


#: the message of a malformed ``mods``, ``used`` or ``card_marks`` (read as one before)
MALFORMED_USES = "mods/used/card_marks are malformed"


class CardMarks(Codec):
    """The trick's marks that name a card (an artifact's forced play), by place."""

    stage = PLACES
    empty = dict

    def __init__(self, card_marks: tuple[str, ...]) -> None:
        super().__init__("card_marks")
        self.card_marks = card_marks

    def write(self, w: Writer, value: Any) -> Any:
        return {k: w.places[v] for k, v in value.items() if k in self.card_marks}

    def read(self, r: Reader, value: Any, where: str) -> Any:
        marks: dict[str, int] = r.obj.marks
        try:
            for mark, place in dict(value).items():
                marks[str(mark)] = r.places[place]
        except (TypeError, ValueError, KeyError):
            raise RecordError(f"{r.where}.{MALFORMED_USES}") from None
        return marks


def _artifacts_named(names: list[str], r: Reader) -> None:
    if not all(name in cards.ARTIFACTS for name in names):
        raise RecordError(f"{r.where}.mods/used must name artifacts")


class Mods(Codec):
    """Artifact value changes: ``[card place, artifact, amount]``."""

    stage = PLACES
    empty = list

    def write(self, w: Writer, value: Any) -> Any:
        places, code = w.places, cards.CODE
        return [[places.get(c, code[c]), name, n] for c, name, n in value]

    def read(self, r: Reader, value: Any, where: str) -> Any:
        try:
            mods = [(r.places[place], str(name), int(n)) for place, name, n in value]
        except (TypeError, ValueError, KeyError):
            raise RecordError(f"{r.where}.{MALFORMED_USES}") from None
        _artifacts_named([name for _, name, _ in mods], r)
        return mods


class Used(Codec):
    """The artifacts used in the trick: ``[player, artifact, detail]``."""

    stage = PLACES
    empty = list

    def write(self, w: Writer, value: Any) -> Any:
        return [list(u) for u in value]

    def read(self, r: Reader, value: Any, where: str) -> Any:
        try:
            used = [(read_player(p, where), str(name), str(detail)) for p, name, detail in value]
        except (TypeError, ValueError, KeyError):
            raise RecordError(f"{r.where}.{MALFORMED_USES}") from None
        _artifacts_named([name for _, name, _ in used], r)
        return used


class Extra(Codec):
    """Cards the trick moves besides the plays: ``[card, from zone, player, to zone]``."""

    empty = list

    def write(self, w: Writer, value: Any) -> Any:
        code = cards.CODE
        return [[code[c], z, p, z2] for c, z, p, z2 in value]

    def read(self, r: Reader, value: Any, where: str) -> Any:
        try:
            return [(code_id(c, where), int(z), int(p), int(z2)) for c, z, p, z2 in value]
        except (TypeError, ValueError):
            raise RecordError(f"{r.where} has a malformed field") from None


class Gained(Codec):
    """What each player collected in the trick: ``[player, card place]`` (a card's code where
    it has no place)."""

    stage = PLACES
    empty = list

    def write(self, w: Writer, value: Any) -> Any:
        places, code = w.places, cards.CODE
        return [[p, places.get(c, code[c])] for p, c in value]

    def read(self, r: Reader, value: Any, where: str) -> Any:
        try:
            return [(read_player(p, where), r.places[place]) for p, place in value]
        except (TypeError, ValueError, KeyError):
            raise RecordError(f"{where} must list [player, card place]") from None


# -- checks of whole values ----------------------------------------------------------------------


def read_history(data: Any, where: str) -> TrickRecord:
    """One finished trick (:data:`~claim.core.state.TrickRecord`)."""
    try:
        phase, number, leader, prize, plays, winner, reason = data
        record = (
            int(phase),
            int(number),
            read_player(leader, f"{where}[2]"),
            -1 if prize is None else code_id(prize, f"{where}.prize"),
            tuple(
                (read_player(p, f"{where}.plays"), code_id(c, f"{where}.plays"), int(v), a)
                for p, c, v, a in plays
            ),
            read_player(winner, f"{where}[5]", True),
            str(reason),
        )
    except (TypeError, ValueError):
        raise RecordError(f"{where} is not a trick record") from None
    if record[0] not in (1, 2) or len(record[4]) > 2:
        raise RecordError(f"{where} is not a trick record")
    if not all(a is None or (isinstance(a, str) and a in cards.FACTIONS) for *_, a in record[4]):
        raise RecordError(f"{where}.plays: a declaration names a faction or is null")
    return record


RESULT_FIELDS = (
    "votes",
    "winner",
    "reason",
    "votes_won",
    "cards_in_won_factions",
    "end_moves",
    "dungeon",
)
PLAYER_SET = (0, 1)


def check_result(result: Any, state: State, where: str) -> None:
    """A finished game's result as the engine writes it (``claim.core.scoring``), which the replay
    JSON and the accounts read."""
    if not isinstance(result, dict):
        raise RecordError(f"{where} must be an object or null")
    check_fields(result, RESULT_FIELDS, where)
    votes = result.get("votes")
    if not isinstance(votes, dict) or set(votes) != set(state.config.factions):
        raise RecordError(f"{where}.votes must map each faction to 0, 1 or null")
    if not all(v is None or v in PLAYER_SET for v in votes.values()):
        raise RecordError(f"{where}.votes must map each faction to 0, 1 or null")
    if result.get("winner") is not None and result.get("winner") not in PLAYER_SET:
        raise RecordError(f"{where}.winner must be 0, 1 or null")
    if not isinstance(result.get("reason"), str):
        raise RecordError(f"{where}.reason must be a string")
    for name in ("votes_won", "cards_in_won_factions"):
        pair = result.get(name)
        if not (
            isinstance(pair, list)
            and len(pair) == 2
            and all(isinstance(n, int) and not isinstance(n, bool) for n in pair)
        ):
            raise RecordError(f"{where}.{name} must be two whole numbers")
    check_end_moves(result.get("end_moves", []), state, f"{where}.end_moves")
    dungeon = result.get("dungeon")
    if dungeon is not None and not (
        isinstance(dungeon, dict)
        and set(dungeon) == {"phase_one", "phase_two"}
        and all(v is None or v in PLAYER_SET for v in dungeon.values())
    ):
        raise RecordError(f"{where}.dungeon must map phase_one and phase_two to 0, 1 or null")


def check_end_moves(moves: Any, state: State, where: str) -> None:
    """``{"card", "from", "to", "by"}`` objects: a card code, zone names, a power's name."""
    if not isinstance(moves, list):
        raise RecordError(f"{where} must be a list of objects")
    zones = state.zones()
    for i, move in enumerate(moves):
        # strings first: a list or an object where a code goes is no key to look up
        ok = (
            isinstance(move, dict)
            and set(move) <= {"card", "from", "to", "by"}
            and all(isinstance(move.get(k), str) for k in ("card", "from", "to"))
            and move["card"] in cards.IDS_BY_CODE
            and move["from"] in zones
            and move["to"] in zones
            and isinstance(move.get("by", ""), str)
        )
        if not ok:
            raise RecordError(f"{where}[{i}] must be {{card, from, to, by}}: a code, zone names")
