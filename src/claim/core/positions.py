"""Positions: restoring a state snapshot written by :meth:`claim.core.state.State.to_dict`.

The schema is documented in ``docs/records.md``. Every problem raises RecordError naming the field.
"""

from __future__ import annotations

from typing import Any

from claim.core import cards
from claim.core.engine import STEPS, advance
from claim.core.errors import ClaimError, RecordError, shown
from claim.core.notation import DEAL_FIELDS, CardPool, check_fields, parse_setup
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
    TrickRecord,
)

POSITION_FORMAT = "claim-position/1"

#: the fields of a position (``State.to_dict``), of its players and of its trick; any other is
#: refused (``x-…`` annotations aside). ``held_prize``, ``stale`` and ``rng`` were written by early
#: versions and are ignored
POSITION_FIELDS = (
    "format",
    "setup",
    "phase",
    "players",
    "deck",
    "discard",
    "troll_pool",
    "out",
    "public_out",
    "removed",
    "table",
    "held",
    "counters",
    "chosen_at",
    "tags",
    "end_moves",
    "toxics",
    "fire_phoenix",
    "value_known",
    "declared",
    "leader",
    "number",
    "trick",
    "tasks",
    "revealed",
    "history",
    "history_prizes",
    "history_artifacts",
    "moves",
    "chance",
    "deal",
    "result",
    "last_winner",
    "moon",
    "seed",
    "chance_seed",
    "draws",
    "held_prize",
    "stale",
    "rng",
)
PLAYER_FIELDS = (
    "hand",
    "followers",
    "score",
    "gnomes",
    "vampire",
    "tucked",
    "peeked",
    "chosen",
    "aside",
    "artifacts",
    "used_artifacts",
)
TRICK_FIELDS = (
    "phase",
    "number",
    "leader",
    "prize",
    "prizes",
    "ranks",
    "plays",
    "values",
    "factions",
    "declared",
    "keys",
    "swapped",
    "sealed",
    "marks",
    "card_marks",
    "mods",
    "used",
    "winner",
    "reason",
    "dests",
    "extra",
    "next_leader",
    "prize_plan",
    "collected",
    "captured",
    "gained",
)


def _get(data: dict[str, Any], key: str, where: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise RecordError(f"{where}.{key} is missing")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError(f"{where}.{key} has the wrong type")
    return value


def _player(value: Any, where: str, allow_none: bool = False) -> int:
    if allow_none and value == NO_PLAYER:
        return NO_PLAYER
    if value not in (0, 1) or isinstance(value, bool):
        raise RecordError(f"{where} must be 0 or 1, got {shown(value)}")
    return int(value)


def _code_id(code: Any, where: str) -> int:
    """Any id of a code (for the trick history, which only displays cards)."""
    if not isinstance(code, str) or code not in cards.IDS_BY_CODE:
        raise RecordError(f"{where}: unknown card code {shown(code)}")
    return cards.IDS_BY_CODE[code][0]


def load_position(data: Any, where: str = "position") -> State:
    """A State from a position object; the cards in it must be exactly the game's 52."""
    if not isinstance(data, dict):
        raise RecordError(f"{where} must be an object")
    check_fields(data, POSITION_FIELDS, where)
    if data.get("format", POSITION_FORMAT) != POSITION_FORMAT:
        raise RecordError(f"{where}.format: expected {POSITION_FORMAT!r}")
    config = parse_setup(data.get("setup"), f"{where}.setup")
    state = State(config, rule_book(config), _get(data, "chance_seed", where, int))
    state.draws = _get(data, "draws", where, int)
    pool = CardPool(game_cards(config.factions, config.heroes))
    phase = _get(data, "phase", where, int)
    if phase not in (1, 2):
        raise RecordError(f"{where}.phase must be 1 or 2")
    state.phase = phase
    players = _get(data, "players", where, list)
    if len(players) != 2:
        raise RecordError(f"{where}.players must list two players")
    for p, pdata in enumerate(players):
        pw = f"{where}.players[{p}]"
        if not isinstance(pdata, dict):
            raise RecordError(f"{pw} must be an object")
        check_fields(pdata, PLAYER_FIELDS, pw)
        state.hands[p] = pool.take_list(pdata.get("hand", []), f"{pw}.hand")
        state.followers[p] = pool.take_list(pdata.get("followers", []), f"{pw}.followers")
        state.score[p] = pool.take_list(pdata.get("score", []), f"{pw}.score")
        state.faceup[p] = pool.take_list(pdata.get("gnomes", []), f"{pw}.gnomes")
        state.vampire[p] = pool.take_list(pdata.get("vampire", []), f"{pw}.vampire")
        state.tucked[p] = pool.take_list(pdata.get("tucked", []), f"{pw}.tucked")
        state.chosen[p] = pool.take_list(pdata.get("chosen", []), f"{pw}.chosen")
        state.aside[p] = pool.take_list(pdata.get("aside", []), f"{pw}.aside")
        for field, target in (
            ("artifacts", state.artifacts),
            ("used_artifacts", state.used_artifacts),
        ):
            names = pdata.get(field, [])
            if not isinstance(names, list) or not all(n in cards.ARTIFACTS for n in names):
                raise RecordError(f"{pw}.{field} must list artifact names")
            target[p] = list(names)
        if len(state.vampire[p]) > 1:
            raise RecordError(f"{pw}.vampire holds at most one card")
    state.toxics = pool.take_list(data.get("toxics", []), f"{where}.toxics")
    state.fire_phoenix = pool.take_list(data.get("fire_phoenix", []), f"{where}.fire_phoenix")[::-1]
    for p, pdata in enumerate(players):
        peeked = pdata.get("peeked", [])
        if not isinstance(peeked, list) or not all(
            isinstance(i, int) and 0 <= i < len(state.toxics) for i in peeked
        ):
            raise RecordError(f"{where}.players[{p}].peeked must list Toxic positions")
        state.peeked[p] = {state.toxics[i] for i in peeked}
    state.deck = pool.take_list(data.get("deck", []), f"{where}.deck")[::-1]
    state.discard = pool.take_list(data.get("discard", []), f"{where}.discard")
    state.troll_pool = pool.take_list(data.get("troll_pool", []), f"{where}.troll_pool")
    state.out = pool.take_list(data.get("out", []), f"{where}.out")
    state.table = pool.take_list(data.get("table", []), f"{where}.table")
    state.held = pool.take_list(data.get("held", []), f"{where}.held")
    counters = data.get("counters", {})
    if not isinstance(counters, dict) or not all(
        isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
        for k, v in counters.items()
    ):
        raise RecordError(f"{where}.counters must map names to whole numbers")
    state.counters = dict(counters)
    state.leader = _player(data.get("leader"), f"{where}.leader")
    state.number = _get(data, "number", where, int)
    tdata = data.get("trick")
    if tdata is not None:
        state.trick = _load_trick(tdata, pool, f"{where}.trick")
    if pool.left():
        missing = cards.CODE[pool.remaining()[0]]
        raise RecordError(f"{where}: {pool.left()} of the game's cards are missing ({missing}, …)")
    public_out = data.get("public_out", [])
    if not isinstance(public_out, list) or not all(
        isinstance(i, int) and 0 <= i < len(state.out) for i in public_out
    ):
        raise RecordError(f"{where}.public_out must list positions in out")
    state.public_out = {state.out[i] for i in public_out}
    try:
        state.removed = {state.out[i]: str(why) for i, why in data.get("removed", [])}
    except (TypeError, ValueError, IndexError):
        raise RecordError(f"{where}.removed must list [position in out, reason]") from None
    places = {place: card for card, place in state.places().items()}
    if state.trick is not None and isinstance(tdata, dict):
        # cards collected in this trick, by place (which copy of a duplicated code)
        try:
            state.trick.gained = [
                (_player(p, f"{where}.trick.gained"), places[place])
                for p, place in tdata.get("gained", [])
            ]
        except (TypeError, ValueError, KeyError):
            raise RecordError(f"{where}.trick.gained must list [player, card place]") from None
        try:
            state.trick.mods = [
                (places[place], str(name), int(n)) for place, name, n in tdata.get("mods", [])
            ]
            state.trick.used = [
                (_player(p, f"{where}.trick.used"), str(name), str(detail))
                for p, name, detail in tdata.get("used", [])
            ]
            for mark, place in dict(tdata.get("card_marks", {})).items():
                state.trick.marks[str(mark)] = places[place]
        except (TypeError, ValueError, KeyError):
            raise RecordError(f"{where}.trick.mods/used/card_marks are malformed") from None
        named = [name for _, name, _ in state.trick.mods] + [u[1] for u in state.trick.used]
        if not all(name in cards.ARTIFACTS for name in named):
            raise RecordError(f"{where}.trick.mods/used must name artifacts")
    known = data.get("value_known", [])
    if not isinstance(known, list) or not all(isinstance(p, str) and p in places for p in known):
        raise RecordError(f"{where}.value_known must list card places")
    state.value_known = {places[p] for p in known}
    try:
        state.tags = {places[p]: str(tag) for p, tag in data.get("tags", [])}
    except (TypeError, ValueError, KeyError):
        raise RecordError(f"{where}.tags must list [card place, tag]") from None
    try:
        state.chosen_at = {places[p]: int(i) for p, i in data.get("chosen_at", [])}
    except (TypeError, ValueError, KeyError):
        raise RecordError(f"{where}.chosen_at must list [card place, index]") from None
    end_moves = data.get("end_moves", [])
    _check_end_moves(end_moves, state, f"{where}.end_moves")
    state.end_moves = list(end_moves)
    declared = data.get("declared", [])
    try:
        state.declared = {places[p]: str(f) for p, f in declared}
    except (TypeError, ValueError, KeyError):
        raise RecordError(f"{where}.declared must list [card place, faction]") from None
    book = state.book
    tasks = _get(data, "tasks", where, list)
    for i, task in enumerate(tasks):
        ok = (
            isinstance(task, list)
            and len(task) == 3
            and isinstance(task[0], str)
            and (task[0] in STEPS or task[0] in book.by_ask)
            and task[1] in (0, 1, NO_PLAYER)
            and isinstance(task[2], int)
        )
        if not ok:
            raise RecordError(f"{where}.tasks[{i}] is not a pending decision or step")
        state.tasks.append((task[0], task[1], task[2]))
    for i, item in enumerate(_get(data, "revealed", where, list)):
        try:
            p, zone_name, index = item
            zone = {"hand": state.hands, "followers": state.followers}[zone_name][p]
            state.revealed.add(zone[index])
        except (ValueError, TypeError, KeyError, IndexError):
            raise RecordError(f"{where}.revealed[{i}] names no card") from None
    state.history = [
        _load_history(h, f"{where}.history[{i}]")
        for i, h in enumerate(_get(data, "history", where, list))
    ]
    try:
        state.history_prizes = {
            int(i): tuple(_code_id(c, f"{where}.history_prizes") for c in prizes)
            for i, prizes in data.get("history_prizes", [])
        }
    except (TypeError, ValueError):
        raise RecordError(f"{where}.history_prizes must list [trick index, prizes]") from None
    try:
        state.history_artifacts = {
            int(i): tuple(
                (_player(p, f"{where}.history_artifacts"), str(name), str(detail))
                for p, name, detail in used
            )
            for i, used in data.get("history_artifacts", [])
        }
    except (TypeError, ValueError):
        raise RecordError(f"{where}.history_artifacts must list [trick index, uses]") from None
    if not all(u[1] in cards.ARTIFACTS for used in state.history_artifacts.values() for u in used):
        raise RecordError(f"{where}.history_artifacts must name artifacts")
    moves = data.get("moves", [])
    chance = data.get("chance", [])
    for name, items in (("moves", moves), ("chance", chance)):
        if not isinstance(items, list) or not all(isinstance(m, str) for m in items):
            raise RecordError(f"{where}.{name} must be a list of strings")
    state.moves = list(moves)
    state.chance = list(chance)
    deal = data.get("deal") or {}
    setup = data.get("setup") or {}
    if isinstance(deal, dict):
        check_fields(deal, DEAL_FIELDS, f"{where}.deal")
    try:
        state.deal = (
            tuple(_code_id(c, f"{where}.deal") for c in deal["hands"][0]),
            tuple(_code_id(c, f"{where}.deal") for c in deal["hands"][1]),
            tuple(_code_id(c, f"{where}.deal") for c in deal["deck"]),
        )
        state.setup_draws = (
            tuple(_code_id(c, f"{where}.setup") for c in setup.get("toxics") or []),
            tuple(_code_id(c, f"{where}.setup") for c in setup.get("fire_phoenix") or []),
        )
    except (KeyError, IndexError, TypeError):
        raise RecordError(f"{where}.deal must hold the starting hands and deck") from None
    result = data.get("result")
    if result is not None:
        _check_result(result, state, f"{where}.result")
    state.result = result
    state.last_winner = _player(data.get("last_winner", NO_PLAYER), f"{where}.last_winner", True)
    moon = data.get("moon", "no-moon")
    if moon not in ("no-moon", "full-moon"):
        raise RecordError(f"{where}.moon must be no-moon or full-moon")
    state.moon = moon
    seed = data.get("seed")
    state.seed = seed if isinstance(seed, int) and not isinstance(seed, bool) else None
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


def _load_trick(data: Any, pool: CardPool, where: str) -> Trick:
    if not isinstance(data, dict):
        raise RecordError(f"{where} must be an object or null")
    check_fields(data, TRICK_FIELDS, where)
    prize = data.get("prize")
    collected = bool(data.get("collected", False))
    prize_codes = data.get("prizes")
    if prize_codes is None:
        prize_codes = [] if prize is None else [prize]
    if not isinstance(prize_codes, list):
        raise RecordError(f"{where}.prizes must be a list of card codes")
    prizes = [
        _code_id(c, f"{where}.prizes") if collected else pool.take(c, f"{where}.prizes[{i}]")
        for i, c in enumerate(prize_codes)
    ]
    trick = Trick(
        _get(data, "phase", where, int),
        _get(data, "number", where, int),
        _player(data.get("leader"), f"{where}.leader"),
        prizes[0] if prizes else -1,
    )
    trick.prizes = prizes
    trick.collected = collected
    for i, play in enumerate(_get(data, "plays", where, list)):
        if not isinstance(play, list) or len(play) != 2:
            raise RecordError(f"{where}.plays[{i}] must be [player, card]")
        p = _player(play[0], f"{where}.plays[{i}][0]")
        card = (
            _code_id(play[1], f"{where}.plays[{i}][1]")
            if collected
            else pool.take(play[1], f"{where}.plays[{i}][1]")
        )
        trick.plays.append((p, card))
    try:
        trick.values = [int(v) for v in data.get("values", [])]
        trick.factions = [str(f) for f in data.get("factions", [])]
        trick.declared = [None if d is None else str(d) for d in data.get("declared", [])]
        trick.winner = int(data.get("winner", NO_PLAYER))
        trick.reason = str(data.get("reason", ""))
        trick.dests = [(int(p), int(z)) for p, z in data.get("dests", [])]
        trick.extra = [
            (_code_id(c, f"{where}.extra"), int(z), int(p), int(z2))
            for c, z, p, z2 in data.get("extra", [])
        ]
        trick.next_leader = int(data.get("next_leader", NO_PLAYER))
        trick.prize_plan = [(int(p), int(s)) for p, s in data.get("prize_plan", [])]
        trick.captured = [int(i) for i in data.get("captured", [])]
        keys = data.get("keys")
        trick.keys = (
            [str(k) for k in keys] if keys is not None else [POWER_KEY[c] for _, c in trick.plays]
        )
        trick.swapped = bool(data.get("swapped", False))
        ranks = data.get("ranks")
        trick.ranks = [int(r) for r in ranks] if ranks is not None else [0] * len(trick.plays)
        trick.sealed = int(data.get("sealed", NO_PLAYER))
        trick.marks = {str(k): int(v) for k, v in dict(data.get("marks", {})).items()}
    except (TypeError, ValueError):
        raise RecordError(f"{where} has a malformed field") from None
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
    _check_trick_numbers(trick, where)
    return trick


#: the zones a trick's cards may go to (``claim.core.state``: DISCARD … TABLE)
ZONES = range(DISCARD, TABLE + 1)
PLAYERS = (0, 1)
SOME_PLAYER = (NO_PLAYER, 0, 1)
#: where a Phase One trick's prizes come from (``claim.core.state``: FROM_PRIZE … FROM_SECOND_PRIZE)
SOURCES = range(FROM_PRIZE, FROM_SECOND_PRIZE + 1)


def _check_trick_numbers(trick: Trick, where: str) -> None:
    """The numbers of a trick that name players, zones and plays: in range, or the engine would
    fail on them later."""
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


RESULT_FIELDS = (
    "votes",
    "winner",
    "reason",
    "votes_won",
    "cards_in_won_factions",
    "end_moves",
    "dungeon",
)


def _check_result(result: Any, state: State, where: str) -> None:
    """A finished game's result as the engine writes it (``claim.core.scoring``), which the replay
    JSON and the accounts read."""
    if not isinstance(result, dict):
        raise RecordError(f"{where} must be an object or null")
    check_fields(result, RESULT_FIELDS, where)
    votes = result.get("votes")
    if not isinstance(votes, dict) or set(votes) != set(state.config.factions):
        raise RecordError(f"{where}.votes must map each faction to 0, 1 or null")
    if not all(v is None or v in PLAYERS for v in votes.values()):
        raise RecordError(f"{where}.votes must map each faction to 0, 1 or null")
    if result.get("winner") is not None and result.get("winner") not in PLAYERS:
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
    _check_end_moves(result.get("end_moves", []), state, f"{where}.end_moves")
    dungeon = result.get("dungeon")
    if dungeon is not None and not (
        isinstance(dungeon, dict)
        and set(dungeon) == {"phase_one", "phase_two"}
        and all(v is None or v in PLAYERS for v in dungeon.values())
    ):
        raise RecordError(f"{where}.dungeon must map phase_one and phase_two to 0, 1 or null")


def _check_end_moves(moves: Any, state: State, where: str) -> None:
    """``{"card", "from", "to", "by"}`` objects: a card code, zone names, a power's name."""
    if not isinstance(moves, list):
        raise RecordError(f"{where} must be a list of objects")
    zones = state.zones()
    for i, move in enumerate(moves):
        ok = (
            isinstance(move, dict)
            and set(move) <= {"card", "from", "to", "by"}
            and move.get("card") in cards.IDS_BY_CODE
            and move.get("from") in zones
            and move.get("to") in zones
            and isinstance(move.get("by", ""), str)
        )
        if not ok:
            raise RecordError(f"{where}[{i}] must be {{card, from, to, by}}: a code, zone names")


def _load_history(data: Any, where: str) -> TrickRecord:
    try:
        phase, number, leader, prize, plays, winner, reason = data
        record = (
            int(phase),
            int(number),
            _player(leader, f"{where}[2]"),
            -1 if prize is None else _code_id(prize, f"{where}.prize"),
            tuple(
                (_player(p, f"{where}.plays"), _code_id(c, f"{where}.plays"), int(v), a)
                for p, c, v, a in plays
            ),
            _player(winner, f"{where}[5]", True),
            str(reason),
        )
    except (TypeError, ValueError):
        raise RecordError(f"{where} is not a trick record") from None
    if record[0] not in (1, 2) or len(record[4]) > 2:
        raise RecordError(f"{where} is not a trick record")
    if not all(a is None or (isinstance(a, str) and a in cards.FACTIONS) for *_, a in record[4]):
        raise RecordError(f"{where}.plays: a declaration names a faction or is null")
    return record
