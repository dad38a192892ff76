"""What records and positions both read: a game's ``setup`` object, the field lists of a
record's ``setup`` and ``deal``, the check that refuses unknown fields, and a pool that hands out
a game's cards by code (``shared/spec/records.md``, ``docs/records.md``); and a record's ``deal``
and the draws of its setup (``setup.toxics``, ``setup.fire_phoenix``), so that a record's cards
are read here too, each field once.

Below both :mod:`claim.core.records` (which replays a record, starting from its deal or its
position) and :mod:`claim.core.positions` (which restores a position), so that neither imports the
other's parser back. Every problem raises :class:`~claim.core.errors.RecordError` naming the field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from claim.core import cards
from claim.core.errors import ClaimError, RecordError
from claim.core.errors import shown as _shorten
from claim.core.setup import (
    DECK_SIZE,
    HAND_SIZE,
    SHADOWS_IN_DECK,
    TOXICS_FACE_UP,
    GameConfig,
    check_hero_value,
    deck_cards,
    hero_cards,
    validate_artifacts,
    validate_factions,
    validate_location,
)

#: the fields of a record's ``setup`` and of its ``deal`` (docs/records.md); any other field is
#: refused (a misspelled one would otherwise replay another game), except annotations (``x-…``)
SETUP_FIELDS = (
    "factions",
    "first_leader",
    "heroes",
    "hero_pool",
    "hero_values",
    "setting",
    "building",
    "artifacts",
    "artifact_pool",
    "toxics",
    "fire_phoenix",
)
DEAL_FIELDS = ("hands", "deck")


def check_fields(data: dict[Any, Any], known: Sequence[str], where: str) -> None:
    """Refuse a field ``data`` does not know, naming it and the known ones (``x-…`` fields are
    annotations and are ignored)."""
    for key in data:
        if key not in known and not (isinstance(key, str) and key.startswith("x-")):
            raise RecordError(
                f"{where}: unknown field {_shorten(key)}; known fields: {', '.join(known)}"
            )


def parse_setup(data: Any, where: str = "setup") -> GameConfig:
    """The ``setup`` object of a record or position as a GameConfig.

    One pass: each field's shape (its JSON type) is checked here, and its meaning (known
    factions, heroes, locations and artifacts, in range) once, by GameConfig, which checks every
    config however it is built. Only when GameConfig refuses the setup are the checks run again,
    field by field in the order a record's setup is read (:func:`_field_error`), to name the
    field in the message."""
    if not isinstance(data, dict):
        raise RecordError(f"{where} must be an object")
    check_fields(data, SETUP_FIELDS, where)
    factions = data.get("factions")
    if isinstance(factions, str):
        if factions not in cards.PRESETS:
            raise RecordError(f"{where}.factions: unknown preset {_shorten(factions)}")
        factions = list(cards.PRESETS[factions])
    if not isinstance(factions, list) or not all(isinstance(f, str) for f in factions):
        raise RecordError(f"{where}.factions must be a preset name or a list of five factions")
    first = data.get("first_leader", 0)
    if not isinstance(first, int) or isinstance(first, bool) or first not in (0, 1):
        raise RecordError(f"{where}.first_leader must be 0 or 1, got {_shorten(first)}")
    heroes = _name_list(data.get("heroes"), f"{where}.heroes")
    pool = _name_list(data.get("hero_pool"), f"{where}.hero_pool")
    values = data.get("hero_values")
    if values is None:
        values = {}
    if not isinstance(values, dict):  # 0 or [] is not "no values": refused, not read as none
        raise RecordError(f"{where}.hero_values must map hero names to values")
    locations: dict[str, str | None] = {}
    try:
        # the values' shape here: the compiled GameConfig refuses a value of another type with a
        # TypeError of its own before its checks could name the field
        if not all(
            isinstance(name, str) and isinstance(value, int) and not isinstance(value, bool)
            for name, value in values.items()
        ):
            raise RecordError(f"{where}.hero_values must map hero names to whole numbers")
        for kind in ("setting", "building"):
            name = data.get(kind)
            if name is not None and not isinstance(name, str):
                raise RecordError(f"{where}.{kind} must be a {kind} name or null")
            locations[kind] = name
        artifacts, artifact_pool = _artifact_shape(data, where)
    except RecordError as shape:  # unless a field read before it is wrong too
        raise _field_error(shape, data, where, factions, values, locations, ((), ())) from None
    try:
        return GameConfig(
            tuple(factions),
            first,
            heroes,
            pool,
            tuple(values.items()),
            locations["setting"],
            locations["building"],
            artifacts,
            artifact_pool,
        )
    except ClaimError as exc:
        field = "hero_values" if "value" in str(exc) else "heroes"
        named = RecordError(f"{where}.{field}: {exc}")
        dealt = (artifacts, artifact_pool)
        raise _field_error(named, data, where, factions, values, locations, dealt) from None


def _field_error(
    error: RecordError,
    data: dict[str, Any],
    where: str,
    factions: list[str],
    values: dict[Any, Any],
    locations: dict[str, str | None],
    artifacts: tuple[tuple[tuple[str, ...], ...], tuple[str, ...]],
) -> RecordError:
    """The error to report for a setup refused with ``error``: the first of the checks of the
    fields read before it that fails, in the order a record's setup has always been read (the
    hero values, the factions, the given ``locations``, the given ``artifacts``: dealt and
    pool), else ``error`` (the heroes, or a field of the wrong shape). Only on the way out of a
    refused setup: the fields of a good one are checked once, by GameConfig."""
    try:
        _check_hero_values(values, f"{where}.hero_values")
        try:
            validate_factions(factions)
        except ClaimError as bad:
            raise RecordError(f"{where}.factions: {bad}") from None
        for kind, name in locations.items():
            try:
                validate_location(name, kind)  # L1: a name of the right pool; never "random"
            except ClaimError as bad:
                raise RecordError(f"{where}.{kind}: {bad}") from None
        dealt, pool = artifacts
        if dealt:
            try:
                validate_artifacts(dealt, pool)
            except ClaimError as bad:
                named_pool = "pool" in str(bad) and data.get("artifact_pool")
                field = "artifact_pool" if named_pool else "artifacts"
                raise RecordError(f"{where}.{field}: {bad}") from None
    except RecordError as earlier:
        return earlier
    return error


def _check_hero_values(values: dict[Any, Any], where: str) -> None:
    """Each entry :func:`~claim.core.setup.check_hero_value`, the error naming its field (a hero
    not in the game's pool is accepted: earlier versions wrote ``--hero-values`` for any hero, and
    it changes nothing)."""
    for name, value in values.items():
        try:
            check_hero_value(name, value)
        except ClaimError as exc:
            raise RecordError(f"{where}.{_shorten(name)[1:-1]}: {exc}") from None


def _artifact_shape(
    data: dict[str, Any], where: str
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """``setup.artifacts`` ([[3 names], [3 names]], A19, A41) and the extension
    ``setup.artifact_pool`` (default: all 16), their shapes checked here so that errors name the
    field (the names: GameConfig, :func:`validate_artifacts`)."""
    dealt_data = data.get("artifacts")
    pool_data = data.get("artifact_pool")
    # none dealt is [] or null (or no field); 0, {} or "" is a wrong type, not "none"
    if dealt_data is not None and not isinstance(dealt_data, list):
        raise RecordError(f"{where}.artifacts must be two lists of 3 artifact names")
    if pool_data is not None and not isinstance(pool_data, list):
        raise RecordError(f"{where}.artifact_pool must be a list of artifact names")
    if not dealt_data:
        if pool_data:
            raise RecordError(f"{where}.artifact_pool: no artifacts are dealt (setup.artifacts)")
        return (), ()
    shape_ok = (
        isinstance(dealt_data, list)
        and len(dealt_data) == 2
        and all(isinstance(h, list) and all(isinstance(n, str) for n in h) for h in dealt_data)
    )
    if not shape_ok:
        raise RecordError(f"{where}.artifacts must be two lists of 3 artifact names")
    dealt = (tuple(dealt_data[0]), tuple(dealt_data[1]))
    pool = _name_list(pool_data, f"{where}.artifact_pool", "artifact") or cards.ARTIFACTS
    return dealt, pool


def _name_list(data: Any, where: str, what: str = "hero") -> tuple[str, ...]:
    if data is None:
        return ()
    if not isinstance(data, list) or not all(isinstance(n, str) for n in data):
        raise RecordError(f"{where} must be a list of {what} names")
    return tuple(data)


def read_deal(data: Any, config: GameConfig) -> tuple[list[list[int]], list[int], list[int]]:
    """A record's ``deal`` as card ids: the two hands and the deck (top first), each card a card
    of the game dealt once; and the cards left over (the unused Shadows, and with heroes the
    faction cards they replaced, H10), which must be the only ones missing."""
    if not isinstance(data, dict):
        raise RecordError("deal must be an object with hands and deck")
    check_fields(data, DEAL_FIELDS, "deal")
    pool = CardPool(deck_cards(config.factions) + hero_cards(config.heroes))
    hands_data = data.get("hands")
    if not isinstance(hands_data, list) or len(hands_data) != 2:
        raise RecordError("deal.hands must be a list of two hands")
    hands = [pool.take_list(h, f"deal.hands[{p}]", HAND_SIZE) for p, h in enumerate(hands_data)]
    deck = pool.take_list(data.get("deck"), "deal.deck", DECK_SIZE - 2 * HAND_SIZE)
    # Left over: the 10 unused Shadows, and with heroes the faction cards they replaced (H10).
    unused = pool.remaining()
    for card in unused:
        faction = cards.FACTION[card]
        if faction == "hero" or (faction != "shadows" and not config.heroes):
            raise RecordError(f"deal: {cards.CODE[card]} is missing (a deal holds all 52 cards)")
    dealt_shadows = sum(1 for c in (*hands[0], *hands[1], *deck) if cards.FACTION[c] == "shadows")
    if dealt_shadows > SHADOWS_IN_DECK:
        raise RecordError(
            f"deal: {dealt_shadows} Shadows, but only {SHADOWS_IN_DECK} of them go into the deck"
        )
    return hands, deck, unused


def read_setup_draws(
    setup: dict[str, Any], config: GameConfig
) -> tuple[list[int] | None, list[int]]:
    """A record's ``setup.toxics`` and ``setup.fire_phoenix`` (top first), checked against the
    factions (a position carries its own: these two fields of its setup are not read)."""
    toxics: list[int] | None = None
    pile: list[int] = []
    if setup.get("toxics") is not None:
        if "poisoners" not in config.factions:
            raise RecordError("setup.toxics: there are no Poisoners in this deck")
        toxics = CardPool(cards.IDS_BY_FACTION["toxic"]).take_list(
            setup["toxics"], "setup.toxics", TOXICS_FACE_UP
        )
    if setup.get("fire_phoenix") is not None:
        if "phoenixes" not in config.factions:
            raise RecordError("setup.fire_phoenix: there are no Phoenixes in this deck")
        pile = CardPool(cards.IDS_BY_FACTION["fire-phoenix"]).take_list(
            setup["fire_phoenix"], "setup.fire_phoenix"
        )
    return toxics, pile


class CardPool:
    """Hands out the physical ids of a game's cards by code, refusing unknown or extra copies."""

    def __init__(self, ids: Sequence[int]) -> None:
        self._free: dict[str, list[int]] = {}
        for card in ids:
            self._free.setdefault(cards.CODE[card], []).append(card)
        self._total = Counter({code: len(v) for code, v in self._free.items()})

    def take(self, code: Any, where: str) -> int:
        if not isinstance(code, str):
            raise RecordError(f"{where}: a card must be a code string, got {_shorten(code)}")
        if code not in cards.IDS_BY_CODE:
            raise RecordError(f"{where}: unknown card code {_shorten(code)}")
        free = self._free.get(code)
        if free is None:
            raise RecordError(f"{where}: {code} is not a card of this game's factions")
        if not free:
            raise RecordError(
                f"{where}: too many copies of {code} (the game has {self._total[code]})"
            )
        return free.pop(0)

    def take_list(self, data: Any, where: str, size: int | None = None) -> list[int]:
        if not isinstance(data, list):
            raise RecordError(f"{where} must be a list of card codes")
        if size is not None and len(data) != size:
            raise RecordError(f"{where} has {len(data)} cards, expected {size}")
        return [self.take(code, f"{where}[{i}]") for i, code in enumerate(data)]

    def left(self) -> int:
        return sum(len(v) for v in self._free.values())

    def remaining(self) -> list[int]:
        """The ids not taken yet, in table order."""
        return sorted(c for ids in self._free.values() for c in ids)
