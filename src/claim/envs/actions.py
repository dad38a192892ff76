"""The fixed action space of the Claim environments: every move string of every expansion, once.

The engine speaks in move strings (``play goblins:5``, ``take top``, ``use magic-wand +2``;
``shared/spec/records.md``); a learning agent needs a fixed, numbered set of actions. This
module lists every string a legal-move list can ever hold, in an order fixed by this file alone
(groups in the order below, names within a group in :func:`name_key` order), so that an index
means the same move in every game, every setup and every version of ``claim_v0``. Changing the
table is a new environment version (``claim_v1``): ``tests/test_envs_pettingzoo.py`` pins its
size and fingerprint.

Most of the table is never legal in a given game (a base game uses about 60 of its
:data:`ACTION_COUNT` entries): the action mask says which are legal now.

The groups, each a verb and its possible arguments (docs/rl.md shows examples):

1. ``pass``: declines an optional power, artifact or decision.
2. ``play NAME`` for every :data:`MOVE_NAMES` entry but the dual ``elf-orc`` cards.
3. Declared plays: ``play elf-orc:V as elves|orcs`` (R-40) and ``play hero:H as FACTION`` for
   the heroes declared when played (Lycanthrope, Ent: H34, H35), every faction of
   :data:`FACTIONS`.
4. ``take top``, ``take prize`` (Seer).
5. ``VERB NAME`` for the verbs that choose one card, every :data:`MOVE_NAMES` entry:
   ``take`` (Islands, Seer with two prizes, Gambler's Book, Spyglass), ``tuck`` (Vampires),
   ``discard`` (Cthulhu, Swamp), ``give`` (Kraken, Windy Peaks, Endless Sands, Tavern),
   ``steal`` (Siren), ``aside`` (Flail of Dawn), ``use necromancer``.
6. ``crown CODE`` (Vampires: a real Vampire, always by code), ``smash CODE`` (Giants: a Gnome).
7. ``peek 1`` … ``peek 3`` (Poisoners: a face-up Toxic by position).
8. ``count gargoyle as FACTION`` (Gargoyle at scoring).
9. ``use skeleton``, ``use dinosaur`` (optional hero powers without an argument).
10. Artifacts: ``use ARTIFACT`` for those used without an argument, ``use magic-wand +2|-2``,
    and ``use wishing-lamp|spyglass|endless-rope NAME`` for every :data:`MOVE_NAMES` entry.

>>> move_of(index_of("play goblins:5"))
'play goblins:5'
>>> index_of("pass")
0
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from typing import Final

from claim.core import cards
from claim.core.powers.artifacts import EndlessRope, MagicWand, Spyglass, WishingLamp
from claim.core.powers.factions import Gnomes
from claim.core.powers.fear import Vampires
from claim.core.powers.heroes import Ent, Lycanthrope
from claim.core.powers.mercenaries import Elves

# -------------------------------------------------------------------------------------------------
# The names a move can give a card
# -------------------------------------------------------------------------------------------------


def name_key(name: str) -> tuple[str, int, int, str]:
    """The order of card names: by the part before ``:``, then values as numbers (so that
    ``shadows:2`` comes before ``shadows:10``), then words (``demons:even``, ``toxic:x``).

    >>> sorted(["shadows:10", "shadows:2", "demons:odd", "demons:9"], key=name_key)
    ['demons:9', 'demons:odd', 'shadows:2', 'shadows:10']
    """
    kind, _, rest = name.partition(":")
    if rest.isdigit():
        return (kind, 0, int(rest), "")
    return (kind, 1, 0, rest)


def _move_names() -> tuple[str, ...]:
    # A move names a card by the most its chooser may see of it (W12, W14, R-30): its public
    # name (a Demon by parity, a Fire Elemental by band, a Trickster by printed value, never its
    # fake mark), or, for a Demon or Fire Elemental whose value became public, its code. Those
    # are the only two spellings the engine writes (powers.base.card_name, the Wishing Lamp's
    # lamp_name, the Book of Memories lead), so this set holds every card argument of a move.
    # The Toxics lie face-up beside the table all game and never move (only ``peek N`` names
    # one, by position), so no move names them.
    names = {name for card, name in enumerate(cards.PUBLIC_NAME) if cards.FACTION[card] != "toxic"}
    names.update(cards.CODE[c] for c in range(cards.NUM_CARDS) if cards.VALUE_HIDDEN[c])
    return tuple(sorted(names, key=name_key))


#: every name a move string can give a card, in :func:`name_key` order
MOVE_NAMES: Final[tuple[str, ...]] = _move_names()

#: every faction a card may be declared as or a Gargoyle counted as, alphabetically
FACTIONS: Final[tuple[str, ...]] = tuple(sorted(cards.FACTIONS))

#: the heroes declared as a faction when played (H34, H35); the test checks this against the
#: powers that answer ``declarations``
DECLARING_HEROES: Final[tuple[str, ...]] = (Ent.hero, Lycanthrope.hero)

#: the verbs (and ``use necromancer``) whose one argument is a card chosen by name
CARD_VERBS: Final[tuple[str, ...]] = (
    "take",
    "tuck",
    "discard",
    "give",
    "steal",
    "aside",
    "use necromancer",
)

#: the artifacts whose ``use`` move carries an argument; every other artifact is ``use NAME``.
#: The test checks these are exactly the artifacts whose power builds its own moves.
ARTIFACT_ARGUMENTS: Final[dict[str, tuple[str, ...]]] = {
    MagicWand.name: ("+2", "-2"),
    WishingLamp.name: MOVE_NAMES,
    Spyglass.name: MOVE_NAMES,
    EndlessRope.name: MOVE_NAMES,
}

#: how many Toxics lie face-up, each peeked at by position (R-33)
TOXIC_POSITIONS: Final[int] = 3


def _codes_of(faction: str) -> list[str]:
    return sorted(dict.fromkeys(cards.CODE[c] for c in cards.IDS_BY_FACTION[faction]), key=name_key)


def _groups() -> Iterable[Iterable[str]]:
    yield ["pass"]
    # a dual Elf-Orc card is always played declared: it has no plain ``play`` move
    yield (f"play {name}" for name in MOVE_NAMES if not name.startswith(cards.DUAL + ":"))
    yield (
        f"play {code} as {faction}"
        for code in _codes_of(Elves.name)
        if code.startswith(cards.DUAL + ":")
        for faction in cards.DUAL_FACTIONS
    )
    yield (f"play hero:{hero} as {faction}" for hero in DECLARING_HEROES for faction in FACTIONS)
    yield ["take top", "take prize"]
    yield (f"{verb} {name}" for verb in CARD_VERBS for name in MOVE_NAMES)
    yield (f"crown {code}" for code in _codes_of(Vampires.name))
    yield (f"smash {code}" for code in _codes_of(Gnomes.name))
    yield (f"peek {i}" for i in range(1, TOXIC_POSITIONS + 1))
    yield (f"count gargoyle as {faction}" for faction in FACTIONS)
    yield ["use skeleton", "use dinosaur"]
    yield (f"use {name}" for name in cards.ARTIFACTS if name not in ARTIFACT_ARGUMENTS)
    yield (f"use {name} {arg}" for name, args in ARTIFACT_ARGUMENTS.items() for arg in args)


def _table() -> tuple[str, ...]:
    moves = tuple(move for group in _groups() for move in group)
    if len(set(moves)) != len(moves):
        raise AssertionError("the action table lists a move twice")
    return moves


#: every move string, the index of each its action number
MOVES: Final[tuple[str, ...]] = _table()
#: the size of the action space (``Discrete(ACTION_COUNT)``)
ACTION_COUNT: Final[int] = len(MOVES)
_INDEX: Final[dict[str, int]] = {move: i for i, move in enumerate(MOVES)}


def index_of(move: str) -> int:
    """The action number of a move string; a ValueError for a string that is no move."""
    try:
        return _INDEX[move]
    except KeyError:
        raise ValueError(f"{move!r} is not a move of the action table") from None


def move_of(index: int) -> str:
    """The move string of an action number; a ValueError outside ``0 … ACTION_COUNT - 1``."""
    if not 0 <= index < ACTION_COUNT:
        raise ValueError(f"action {index} is outside 0 … {ACTION_COUNT - 1}")
    return MOVES[index]


def indices_of(moves: Sequence[str]) -> list[int]:
    """The action numbers of a legal-move list, in its order."""
    return [index_of(move) for move in moves]


def fingerprint() -> str:
    """A short hash of the whole table: equal across versions exactly when every index means the
    same move (the test pins it)."""
    return hashlib.sha256("\n".join(MOVES).encode()).hexdigest()[:16]
