"""Where card knowledge lives: string literals naming a card, faction, hero, location or artifact,
counted per file, plus the longest modules and functions (figures for docs/architecture.md).

    python scripts/knowledge_audit.py [--top N] [--name magic-wand]

A literal counts when it is exactly a component's name (``"magic-wand"``) or a card code of one
(``"dwarves:8"``, ``"hero:jester"``); docstrings and comments are not counted.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

try:
    from claim.core import cards
except ImportError:  # the layout before the core package
    from claim import cards  # type: ignore[no-redef]


def component_names() -> set[str]:
    names = set(cards.FACTIONS) | set(cards.HEROES) | set(cards.SETTINGS) | set(cards.BUILDINGS)
    return names | set(cards.ARTIFACTS)


def _docstring_nodes(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def python_literals(path: Path, names: set[str]) -> list[str]:
    tree = ast.parse(path.read_text())
    skip = _docstring_nodes(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = node.value
            head = text.split(":", 1)[0]
            if text in names or (":" in text and (head in names or head == "hero")):
                found.append(text)
    return found


JS_STRING = re.compile(r"""(["'`])([a-z][a-z0-9+-]*(?::[a-z0-9-]+)?)\1""")


def js_literals(path: Path, names: set[str]) -> list[str]:
    found = []
    for m in JS_STRING.finditer(path.read_text()):
        text = m.group(2)
        if text in names or text.split(":", 1)[0] in names:
            found.append(text)
    return found


def longest_functions(paths: list[Path], top: int) -> list[tuple[int, str]]:
    sizes = []
    for path in paths:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = (node.end_lineno or node.lineno) - node.lineno + 1
                sizes.append((n, f"{path.relative_to(ROOT)}::{node.name}"))
    return sorted(sizes, reverse=True)[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--name", default="magic-wand", help="list the files naming this one")
    args = parser.parse_args()
    names = component_names()
    src = sorted((ROOT / "src").rglob("*.py"))
    js = sorted((ROOT / "src").rglob("*.js"))
    per_file = {p: python_literals(p, names) for p in src} | {p: js_literals(p, names) for p in js}
    powers = [p for p in per_file if "powers" in p.parts]
    print("card-name literals per file (outside the power classes):")
    total = 0
    for path, found in sorted(per_file.items(), key=lambda kv: -len(kv[1])):
        if path in powers or not found:
            continue
        total += len(found)
        print(f"  {len(found):5}  {path.relative_to(ROOT)}")
    print(f"  {total:5}  in all (the power classes: {sum(len(per_file[p]) for p in powers)})")
    naming = [p for p, found in per_file.items() if args.name in found]
    print(f"\nfiles naming {args.name!r}: {len(naming)}")
    for path in naming:
        print(f"  {path.relative_to(ROOT)}")
    print("\nlongest modules:")
    lines = sorted(((len(p.read_text().splitlines()), p) for p in src + js), reverse=True)
    for n, path in lines[: args.top]:
        print(f"  {n:5}  {path.relative_to(ROOT)}")
    print("\nlongest functions:")
    for n, name in longest_functions(src, args.top):
        print(f"  {n:5}  {name}")


if __name__ == "__main__":
    main()
