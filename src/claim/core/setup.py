"""Game configuration, deck building and validation, dealing (RULES.md §2)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from claim.core import cards
from claim.core.errors import ConfigError, DeckError, shown

HAND_SIZE = 13
DECK_SIZE = 52
#: a seed is an integer of at most 64 bits in magnitude: ``--seed`` and a record's ``seed``
#: (docs/records.md)
SEED_LIMIT = 2**64 - 1
#: the width of a fresh seed (:func:`claim.core.options.fresh_seed`): every seed 0 to SEED_LIMIT
SEED_BITS = 64


def offset_seed(seed: int, offset: int) -> int:
    """``seed + offset``, the seed of game ``offset`` of a series started from ``seed`` (a
    simulation, a match, a study), kept within the record's range: past SEED_LIMIT it wraps
    round to 0, so that a fresh seed near the top still gives records that replay.

    >>> offset_seed(7, 3)
    10
    >>> offset_seed(SEED_LIMIT, 1)
    0
    """
    total = seed + offset
    return total - (SEED_LIMIT + 1) if total > SEED_LIMIT else total


#: the values a hero may be given (H9, R-61): one printed digit, like every hero card's
HERO_VALUE_MIN, HERO_VALUE_MAX = 0, 9


@mypyc_attr(native_class=False)  # compiled: mypyc's unpickling cannot set frozen fields
@dataclass(frozen=True, slots=True)
class GameConfig:
    """Everything that fixes a game before the shuffle.

    ``first_leader`` is 0 or 1; "random" is resolved from the seed by :func:`resolve_first_leader`
    before a config is built, so a config always names the leader (§2 step 7).
    """

    factions: tuple[str, ...] = cards.PRESETS["claim"]
    first_leader: int = 0
    #: the heroes in the deck (H10; empty: heroes off). Which ones is secret from the players:
    #: they know the pool and the count (§2 step 3)
    heroes: tuple[str, ...] = ()
    #: the public pool the heroes were drawn from (all 24 unless a list was named)
    hero_pool: tuple[str, ...] = ()
    #: hero values that differ from R-61 (H9), as sorted (name, value) pairs
    hero_values: tuple[tuple[str, int], ...] = ()
    #: the locations in play (§2 step 4, §7): a Setting, a Building, both or neither
    setting: str | None = None
    building: str | None = None
    #: the artifacts dealt to players 0 and 1, three each (§2 step 5, A19; empty: artifacts
    #: off). Which ones a player holds is secret from the other until used
    artifacts: tuple[tuple[str, ...], ...] = ()
    #: the public pool the artifacts were dealt from (all 16 unless a list was named)
    artifact_pool: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        validate_factions(self.factions)
        if self.first_leader not in (0, 1):
            raise ConfigError(f"first leader must be 0 or 1, got {shown(self.first_leader)}")
        validate_heroes(self.heroes)
        pool = self.hero_pool or (cards.HEROES if self.heroes else ())
        validate_heroes(pool)
        missing = [h for h in self.heroes if h not in pool]
        if missing:
            raise ConfigError(f"hero {missing[0]} is not in the hero pool")
        if not self.heroes:
            pool = ()
        # normalized, so that equal setups compare (and hash) equal
        object.__setattr__(self, "hero_pool", tuple(h for h in cards.HEROES if h in pool))
        for name, value in self.hero_values:
            check_hero_value(name, value)
        values = {n: v for n, v in self.hero_values if cards.HERO_VALUES[n] != v}
        object.__setattr__(self, "hero_values", tuple(sorted(values.items())))
        validate_location(self.setting, "setting")
        validate_location(self.building, "building")
        dealt = tuple(tuple(hand) for hand in self.artifacts)
        pool = tuple(self.artifact_pool) or (cards.ARTIFACTS if dealt else ())
        validate_artifacts(dealt, pool)
        object.__setattr__(self, "artifacts", dealt)
        object.__setattr__(
            self, "artifact_pool", tuple(a for a in cards.ARTIFACTS if a in pool) if dealt else ()
        )

    def to_dict(self) -> dict[str, object]:
        """The record's ``setup`` object."""
        setup: dict[str, object] = {
            "factions": list(self.factions),
            "first_leader": self.first_leader,
        }
        if self.heroes:
            setup["heroes"] = list(self.heroes)
            if self.hero_pool != cards.HEROES:
                setup["hero_pool"] = list(self.hero_pool)
        if self.hero_values:
            setup["hero_values"] = dict(self.hero_values)
        if self.setting:
            setup["setting"] = self.setting
        if self.building:
            setup["building"] = self.building
        if self.artifacts:
            setup["artifacts"] = [list(hand) for hand in self.artifacts]
            if self.artifact_pool != cards.ARTIFACTS:
                setup["artifact_pool"] = list(self.artifact_pool)
        return setup

    @property
    def locations(self) -> tuple[str, ...]:
        """The locations in play, Setting first."""
        return tuple(name for name in (self.setting, self.building) if name)

    def hero_value(self, name: str) -> int:
        """A hero's value in this game (R-61, overridden by ``hero_values``, H9)."""
        return dict(self.hero_values).get(name, cards.HERO_VALUES[name])


def check_hero_value(name: object, value: object) -> None:
    """One hero value (H9): a hero's name and a whole number from HERO_VALUE_MIN to
    HERO_VALUE_MAX, or a ConfigError. The one check a record's ``setup.hero_values``,
    ``--hero-values`` and GameConfig share."""
    if not isinstance(name, str) or name not in cards.HERO_VALUES:
        raise ConfigError(
            f"unknown hero {shown(name)}, not a hero in this game; heroes are: "
            f"{', '.join(cards.HEROES)}"
        )
    if not isinstance(value, int) or isinstance(value, bool):
        raise ConfigError(
            f"a hero's value must be a whole number from {HERO_VALUE_MIN} to {HERO_VALUE_MAX}, "
            f"got {shown(value)}"
        )
    if not HERO_VALUE_MIN <= value <= HERO_VALUE_MAX:
        raise ConfigError(
            f"a hero's value is from {HERO_VALUE_MIN} to {HERO_VALUE_MAX} (one printed digit), "
            f"got {shown(value)}"
        )


def validate_location(name: str | None, kind: str) -> None:
    """Refuse a location that is not of its kind's pool (L1), naming the right pool."""
    if name is None:
        return
    pools = {"setting": cards.SETTINGS, "building": cards.BUILDINGS}
    if name not in pools[kind]:
        other = "building" if kind == "setting" else "setting"
        hint = f" ({name} is a {other})" if name in pools[other] else ""
        raise ConfigError(
            f"unknown {kind} {shown(name)}{hint}; {kind}s are: {', '.join(pools[kind])}"
        )


def parse_location(text: str | None, kind: str, rng: random.Random) -> str | None:
    """Read a ``--setting`` or ``--building`` value: a name, ``random`` (drawn from ``rng``) or
    ``none``."""
    text = (text or "").strip().lower()
    if text in ("", "none", "off", "no"):
        return None
    pool = cards.SETTINGS if kind == "setting" else cards.BUILDINGS
    if text == "random":
        return rng.choice(pool)
    validate_location(text, kind)
    return text


ARTIFACTS_EACH = 3  # §2 step 5: three artifacts to each player


def validate_artifact_names(names: Sequence[str]) -> None:
    """Refuse unknown or repeated artifact names with a message that says which."""
    seen: set[str] = set()
    for name in names:
        if name not in cards.ARTIFACTS:
            raise ConfigError(
                f"unknown artifact {shown(name)}; artifacts are: {', '.join(cards.ARTIFACTS)}"
            )
        if name in seen:
            raise ConfigError(f"artifact {name} is listed twice")
        seen.add(name)


def validate_artifacts(dealt: tuple[tuple[str, ...], ...], pool: Sequence[str]) -> None:
    """A41: two lists of exactly three distinct known names, no name in both, all in the pool."""
    validate_artifact_names(pool)
    if not dealt:
        return
    if len(dealt) != 2 or any(len(hand) != ARTIFACTS_EACH for hand in dealt):
        raise ConfigError("artifacts must be two lists of 3 names (players 0 and 1)")
    for hand in dealt:
        validate_artifact_names(hand)
    both = [name for name in dealt[0] if name in dealt[1]]
    if both:
        raise ConfigError(f"artifact {both[0]} is dealt to both players")
    missing = [name for hand in dealt for name in hand if name not in pool]
    if missing:
        raise ConfigError(f"artifact {missing[0]} is not in the artifact pool")


def parse_artifacts(
    text: str | None, rng: random.Random
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Read an ``--artifacts`` value into (the three dealt to each player, the public pool).

    ``all`` (or ``on``) deals from all 16; ``NAME,…`` names the pool (at least six); ``none``
    (or nothing) turns artifacts off. The pool is shuffled from ``rng`` and dealt three each
    (§2 step 5).
    """
    text = (text or "").strip().lower()
    if text in ("", "0", "none", "off", "no"):
        return (), ()
    if text in ("all", "on", "yes", "random"):
        pool: tuple[str, ...] = cards.ARTIFACTS
    else:
        pool = tuple(n.strip() for n in text.split(",") if n.strip())
        validate_artifact_names(pool)
    if len(pool) < 2 * ARTIFACTS_EACH:
        raise ConfigError(
            f"the artifact pool needs at least {2 * ARTIFACTS_EACH} artifacts, got {len(pool)}"
        )
    dealt = shuffled_names(pool, rng)
    return (tuple(dealt[:ARTIFACTS_EACH]), tuple(dealt[ARTIFACTS_EACH : 2 * ARTIFACTS_EACH])), pool


def shuffled_names(names: Sequence[str], rng: random.Random) -> list[str]:
    """A uniformly shuffled copy of a list of names."""
    out = list(names)
    rng.shuffle(out)
    return out


def validate_heroes(names: Sequence[str]) -> None:
    """Refuse unknown or repeated hero names with a message that says which."""
    seen: set[str] = set()
    for name in names:
        if name not in cards.HERO_VALUES:
            raise ConfigError(f"unknown hero {shown(name)}; heroes are: {', '.join(cards.HEROES)}")
        if name in seen:
            raise ConfigError(f"hero {name} is listed twice")
        seen.add(name)


def parse_heroes(
    text: str | None, rng: random.Random, count: int | None = None
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Read a ``--heroes`` value into (heroes in the deck, public pool).

    ``N`` draws N heroes from all 24 (``0``, ``none`` or nothing: heroes off); ``NAME,…`` names
    the pool, and all of it goes into the deck unless ``count`` asks for fewer (drawn from it).
    """
    text = (text or "").strip().lower()
    if text in ("", "0", "none", "off", "no"):
        return (), ()
    if text.isascii() and text.isdigit():
        pool: tuple[str, ...] = cards.HEROES
        # a number of thousands of digits is not read (Python refuses past 4,300): too many
        wanted = int(text) if len(text) <= 9 else len(pool) + 1
    else:
        names = tuple(n.strip() for n in text.split(",") if n.strip())
        validate_heroes(names)
        pool = names
        wanted = len(names) if count is None else count
    if count is not None and text.isascii() and text.isdigit():
        raise ConfigError("give the number of heroes either in --heroes or in --hero-count")
    if not 0 <= wanted <= len(pool):
        asked = text if text.isascii() and text.isdigit() else str(wanted)
        raise ConfigError(
            f"cannot put {asked[:12]}{'…' if len(asked) > 12 else ''} heroes in the deck "
            f"from a pool of {len(pool)}"
        )
    if wanted == 0:
        return (), ()
    chosen = pool if wanted == len(pool) else tuple(rng.sample(pool, wanted))
    return chosen, pool


def parse_hero_values(text: str | None) -> tuple[tuple[str, int], ...]:
    """Read a ``--hero-values`` value: ``jester=7,witch=4`` (H9)."""
    values: list[tuple[str, int]] = []
    for item in (text or "").split(","):
        if not item.strip():
            continue
        name, sep, number = item.partition("=")
        name = name.strip().lower()
        try:
            value = int(number)
        except ValueError:
            value = None
        if not sep or value is None:
            given = item if len(item) <= 40 else item[:37] + "..."
            raise ConfigError(f"hero values are NAME=NUMBER separated by commas, got {given!r}")
        validate_heroes([name])
        try:
            check_hero_value(name, value)
        except ConfigError as exc:
            given = number.strip() if len(number.strip()) <= 12 else number.strip()[:9] + "..."
            raise ConfigError(f"{name}={given}: {exc}") from None
        values.append((name, value))
    return tuple(values)


#: the factions a deck may use: every faction of the card tables, each with its power in
#: ``claim.core.powers.FACTION_POWERS`` (tests/test_power_registry.py checks the two agree, so
#: setup, below the powers, needs no import of them)
PLAYABLE_FACTIONS: frozenset[str] = frozenset(cards.FACTIONS)


def playable_factions() -> frozenset[str]:
    """The factions a deck may use (:data:`PLAYABLE_FACTIONS`)."""
    return PLAYABLE_FACTIONS


def _faction_list() -> str:
    return ", ".join(sorted(playable_factions()))


def validate_factions(factions: Sequence[str]) -> None:
    """Refuse an illegal deck with a message that says what is wrong (§2 step 1).

    A legal deck is exactly one pair (both of its factions) and three distinct single factions.
    """
    names = list(factions)
    for name in names:
        if name not in cards.FACTIONS:
            raise DeckError(f"unknown faction {shown(name)}; factions are: {_faction_list()}")
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise DeckError(f"{name} is listed twice; a deck uses five different factions")
        seen.add(name)
    pairs = {p for n in names if (p := cards.FACTIONS[n].pair)}
    for name in names:
        pair = cards.FACTIONS[name].pair
        if pair:
            partner = next(f for f in pair.split("+") if f != name)
            if partner not in seen:
                raise DeckError(f"{name} come as a pair with {partner}; add {partner} to the deck")
    if len(pairs) > 1:
        listed = " and ".join(sorted(pairs))
        raise DeckError(f"a deck uses exactly one pair of factions, got {len(pairs)}: {listed}")
    if not pairs:
        raise DeckError(
            "a deck needs one pair (goblins+knights or gnomes+giants) and three single factions"
        )
    singles = [n for n in names if not cards.FACTIONS[n].pair]
    if len(names) != 5 or len(singles) != 3:
        raise DeckError(
            f"a deck needs one pair and exactly three single factions, got {len(singles)} "
            f"single factions: {', '.join(singles) or 'none'}"
        )


def parse_factions(text: str, rng: random.Random | None = None) -> tuple[str, ...]:
    """Read a ``--factions`` value: a preset, ``random`` or five comma-separated names."""
    text = text.strip().lower()
    if text in cards.PRESETS:
        return cards.PRESETS[text]
    if text == "random":
        return random_factions(rng or random.Random())
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    if len(names) == 1:
        presets = ", ".join(cards.PRESETS)
        raise DeckError(
            f"unknown preset {shown(names[0])}; use {presets}, random, or five factions separated "
            "by commas"
        )
    validate_factions(names)
    return names


def random_factions(rng: random.Random) -> tuple[str, ...]:
    """A legal deck drawn from ``rng``: one pair and three singles."""
    # every faction of the card tables is playable (PLAYABLE_FACTIONS): no filter
    pairs = sorted({info.pair for info in cards.FACTIONS.values() if info.pair})
    singles = sorted(n for n, info in cards.FACTIONS.items() if not info.pair)
    pair = rng.choice(pairs)
    return (*pair.split("+"), *rng.sample(singles, 3))


def resolve_first_leader(value: str | int, rng: random.Random) -> int:
    """Read a ``--first-leader`` value: 0, 1 or ``random`` (drawn from ``rng``)."""
    text = str(value).strip().lower()
    if text == "random":
        return rng.randrange(2)
    if text in ("0", "1"):
        return int(text)
    raise ConfigError(f"first leader must be 0, 1 or random, got {shown(value)}")


SHADOWS_IN_DECK = 10
TOXICS_FACE_UP = 3


def deck_cards(factions: Sequence[str]) -> list[int]:
    """The ids of the faction cards the chosen factions bring, in table order: 52, or 62 with
    Shadows (10 of their 20 go into the deck, §2 step 2)."""
    ids: list[int] = []
    for name in factions:
        ids.extend(cards.IDS_BY_FACTION[name])
    return ids


def hero_cards(heroes: Sequence[str]) -> list[int]:
    """The ids of the hero cards named (one card each)."""
    return [cards.IDS_BY_CODE[f"hero:{name}"][0] for name in heroes]


def game_cards(factions: Sequence[str], heroes: Sequence[str] = ()) -> list[int]:
    """Every physical card a game with these factions uses: its faction cards and heroes, plus
    the 14 Toxics with Poisoners and the 10 Fire Phoenix cards with Phoenixes."""
    ids = deck_cards(factions) + hero_cards(heroes)
    if "poisoners" in factions:
        ids.extend(cards.IDS_BY_FACTION["toxic"])
    if "phoenixes" in factions:
        ids.extend(cards.IDS_BY_FACTION["fire-phoenix"])
    return ids


def shuffled(ids: Sequence[int], rng: random.Random) -> list[int]:
    """A uniformly shuffled copy (sorting by random keys: several times faster than
    random.shuffle for a deck this size)."""
    draw = rng.random
    return sorted(ids, key=lambda _: draw())


@dataclass(slots=True)
class SetupDraws:
    """What setup draws besides the deal (§2 step 2): unused Shadows, Toxics, Fire Phoenix pile."""

    out: list[int]
    toxics: list[int]
    fire_phoenix: list[int]  # top card first


def removed_for_heroes(config: GameConfig, unused: Sequence[int]) -> list[int]:
    """Which of the faction cards a deal leaves out were removed for the heroes (§2 step 3)
    rather than being unused Shadows: every card but a Shadow, and the Shadows beyond the ten
    that setup leaves out. Which Shadows is unknowable and irrelevant; the choice is canonical
    (the last ones in table order) so a game and its replay agree."""
    if not config.heroes:
        return []
    shadows = [c for c in unused if cards.FACTION[c] == "shadows"]
    others = [c for c in unused if cards.FACTION[c] != "shadows"]
    spare = len(shadows) - (len(cards.IDS_BY_FACTION["shadows"]) - SHADOWS_IN_DECK)
    return others + (shadows[len(shadows) - spare :] if spare > 0 else [])


def draw_extras(
    factions: Sequence[str],
    rng: random.Random,
    out: list[int],
    toxics: list[int] | None = None,
    fire_phoenix: list[int] | None = None,
) -> SetupDraws:
    """The Toxics (3 face-up, the other 11 out of the game unseen) and the Fire Phoenix pile,
    completing what the caller fixed (``fire_phoenix`` may be given shorter than 10)."""
    out = list(out)
    chosen_toxics: list[int] = []
    if "poisoners" in factions:
        chosen_toxics = list(toxics) if toxics is not None else []
        rest = shuffled([c for c in cards.IDS_BY_FACTION["toxic"] if c not in chosen_toxics], rng)
        if toxics is None:
            chosen_toxics, rest = rest[:TOXICS_FACE_UP], rest[TOXICS_FACE_UP:]
        out.extend(sorted(rest))  # table order, as a replayed record leaves them
    pile: list[int] = []
    if "phoenixes" in factions:
        pile = list(fire_phoenix or [])
        pile += shuffled([c for c in cards.IDS_BY_FACTION["fire-phoenix"] if c not in pile], rng)
    return SetupDraws(out, chosen_toxics, pile)
