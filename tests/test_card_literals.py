"""Card names live in their home (issue 37, "One home for every word").

A card's rules live in its power class, its words in the text catalogue. Code elsewhere that
writes a card's name as a string literal (``"vampire-queen"``, ``"hero:gargoyle"``, ``"shore"``)
holds a second copy of that knowledge: it names the card through its power instead
(``VampireQueen.hero``, ``Gargoyle.key``, ``Shore.name``), asks the powers
(:func:`claim.core.judge.judge_trick`), or is listed below with the reason it stays.

What counts: in ``src/claim``'s Python sources, a string constant (docstrings aside) equal to a
faction, hero, Setting, Building or artifact name, or to a hero's card code (``hero:NAME``), from
the lists of :mod:`claim.core.cards`. The home, not counted: ``claim/core/powers/`` (the rules),
``claim/core/cards.py`` (the lists themselves) and ``claim/text/catalog.py`` (the words).

Measured when the test was written: 274 such literals outside the home (191 of them in the
heuristic bot, whose trick model was a second rules engine); now 77.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

from claim.core import cards

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "claim"

#: the home of card knowledge, as paths under ``src/claim``
HOME = ("core/powers/", "core/cards.py", "text/catalog.py")

#: the most literals allowed outside the home (the issue's bound)
LIMIT = 150

#: each module that keeps card-name literals: the most it may keep, and why
ALLOWED: dict[str, tuple[int, str]] = {
    "apps/palette.py": (28, "presentation: each faction's colour, keyed by its name"),
    "core/keys.py": (
        7,
        "counter and mark keys that happen to equal the name of the power that owns them; the "
        "keys module sits below the powers, which import it",
    ),
    "core/setup.py": (
        7,
        "the deal (Poisoners' and Phoenixes' piles, the Shadows in the deck): setup sits below "
        "the powers, which import it (the core is a DAG)",
    ),
    "core/worlds.py": (
        6,
        "determinization's card classes (Life Stealer, Doppelgangers, the dual Elves/Orcs, "
        "Phoenixes); another session owns this module now: to replace with the powers' names",
    ),
    "envs/encoding.py": (
        6,
        "observation fields named after the view's fields (the gnomes zone, the Plateau's and "
        "the Dungeon's tallies), not after the cards",
    ),
    "core/notation.py": (
        4,
        "a record's deal checks (Shadows, Poisoners, Phoenixes), below the powers",
    ),
    "bots/heuristic/table.py": (3, "the view's 'gnomes' field (a zone of face-up Gnomes)"),
    "core/game.py": (2, "the Shadows' deal (§2), below the powers"),
    "core/position_codecs.py": (2, "the result's 'dungeon' field, a record field"),
    "core/view.py": (2, "the view's 'gnomes' field, named in the view contract (records.md)"),
    "sim/simulate.py": (2, "the result's 'dungeon' field"),
    "text/describe.py": (2, "the view's 'gnomes' field"),
    "core/state.py": (1, "the 'gnomes' zone name of a position"),
    "core/unseen.py": (1, "the Necromancer's decision kind, a move keyword"),
    "text/account/results.py": (1, "the result's 'dungeon' field"),
    "text/account/words.py": (1, "the 'gnomes' zone's words (a zone, not the faction)"),
}


def _names() -> frozenset[str]:
    heroes = set(cards.HEROES)
    return frozenset(
        {*cards.FACTIONS, *heroes, *(f"hero:{h}" for h in heroes)}
        | {*cards.SETTINGS, *cards.BUILDINGS, *cards.ARTIFACTS}
    )


def _literals(source: str, names: frozenset[str]) -> int:
    """The string constants of ``source`` equal to a name, docstrings aside."""
    tree = ast.parse(source)
    docstrings: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return sum(
        1
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value in names
        and id(node) not in docstrings
    )


def count_literals() -> Counter[str]:
    """Card-name literals outside the home, by module path under ``src/claim``."""
    names = _names()
    found: Counter[str] = Counter()
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith(HOME):
            continue
        n = _literals(path.read_text(encoding="utf-8"), names)
        if n:
            found[rel] = n
    return found


def test_the_counter_counts_literals_and_skips_docstrings() -> None:
    source = '"""shore"""\nX = "shore"\nY = ("hero:witch", "witch", "goblins:5")\n'
    assert _literals(source, _names()) == 3


def test_card_names_outside_their_home_are_few_and_each_has_a_reason() -> None:
    found = count_literals()
    unlisted = {path: n for path, n in found.items() if path not in ALLOWED}
    assert not unlisted, (
        f"card-name literals outside their home: {unlisted}; name the card through its power "
        "(e.g. Witch.hero, Gargoyle.key, Shore.name) or list the module with a reason"
    )
    over = {p: (n, ALLOWED[p][0]) for p, n in found.items() if n > ALLOWED[p][0]}
    assert not over, f"more card-name literals than allowed (found, allowed): {over}"
    assert sum(found.values()) <= LIMIT
    assert sum(n for n, _ in ALLOWED.values()) <= LIMIT
