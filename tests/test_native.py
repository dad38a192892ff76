"""Which build of the core a process runs (:mod:`claim.native`): compiled or pure Python.

Each check imports ``claim`` and every ``claim.core`` module in a fresh interpreter (the choice is
made once, at the first import of ``claim``) and reads where each module was loaded from:

- with ``CLAIM_PURE_PYTHON=1`` every core module comes from its ``.py`` file, even when the
  compiled modules lie next to them;
- without it, every core module that has a compiled module next to its source is loaded from it
  (when the build is fresh); with ``CLAIM_REQUIRE_COMPILED=1`` (CI) a compiled build must exist,
  so a compilation that failed silently fails here;
- a compiled module older than its source is not used: the sources run, with a warning;
- both builds give the same rules texts (a compiled class keeps no docstring: they are read from
  the source).
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

from claim import native

SRC = Path(__file__).resolve().parent.parent / "src"

PROBE = """
import json, pkgutil, importlib, sys, warnings
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    import claim
    import claim.core
from claim import native
from claim.core.powers import REGISTRY
for info in pkgutil.walk_packages(claim.core.__path__, "claim.core."):
    importlib.import_module(info.name)
modules = {
    name: {"file": module.__file__, "compiled": native.is_compiled(module)}
    for name, module in sorted(sys.modules.items())
    if name == "claim.core" or name.startswith("claim.core.")
}
print(json.dumps({
    "build": native.core_build(),
    "reason": native.REASON,
    "modules": modules,
    "shared_library_loaded": native.SHARED_LIBRARY in sys.modules,
    "warnings": [str(w.message) for w in caught],
    "rules": {name: power.rules_text() for name, power in sorted(REGISTRY.items())},
}))
"""


def probe(pure: bool, src: Path = SRC) -> dict[str, object]:
    """What a fresh interpreter running from ``src`` loads, with or without CLAIM_PURE_PYTHON."""
    env = {k: v for k, v in os.environ.items() if k != native.PURE_PYTHON_VARIABLE}
    if pure:
        env[native.PURE_PYTHON_VARIABLE] = "1"
    env["PYTHONPATH"] = str(src)
    out = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True
    ).stdout
    result: dict[str, object] = json.loads(out)
    return result


def modules(result: dict[str, object]) -> dict[str, dict[str, object]]:
    found = result["modules"]
    assert isinstance(found, dict) and "claim.core.engine" in found
    return found


def test_pure_python_loads_every_core_module_from_its_source() -> None:
    result = probe(pure=True)
    assert result["build"] == "pure"
    assert result["reason"] == "CLAIM_PURE_PYTHON is set"
    assert not result["shared_library_loaded"]
    for name, module in modules(result).items():
        assert not module["compiled"], name
        assert str(module["file"]).endswith(".py"), name


def test_without_the_variable_the_compiled_modules_are_loaded_when_built() -> None:
    compiled = native.compiled_modules()
    fresh = all(s.stat().st_mtime <= e.stat().st_mtime for s, e in compiled.items())
    if os.environ.get("CLAIM_REQUIRE_COMPILED", "") not in ("", "0"):
        assert compiled, "CLAIM_REQUIRE_COMPILED is set but the core is not compiled"
        assert fresh, "CLAIM_REQUIRE_COMPILED is set but the compiled core is stale"
    result = probe(pure=False)
    loaded = modules(result)
    if not compiled:
        assert result["build"] == "pure"
        assert result["reason"] == "the core is not compiled"
        assert not any(m["compiled"] for m in loaded.values())
        return
    if not fresh:
        assert result["build"] == "pure"
        assert not any(m["compiled"] for m in loaded.values())
        return
    assert result["build"] == "compiled", result["reason"]
    assert result["shared_library_loaded"]
    by_file = {str(s): str(e) for s, e in compiled.items()}
    for name, module in loaded.items():
        source = str(module["file"])
        if module["compiled"]:
            assert source in by_file.values(), name
        else:  # a module left interpreted (scripts/build_core.py says which and why)
            assert source.endswith(".py") and source not in by_file, name
    assert loaded["claim.core.engine"]["compiled"]
    assert loaded["claim.core.state"]["compiled"] == (str(SRC / "claim/core/state.py") in by_file)


def test_a_compiled_module_older_than_its_source_is_not_used(tmp_path: Path) -> None:
    compiled = native.compiled_modules()
    if not compiled:
        pytest.skip("the core is not compiled here (no C compiler when it was built)")
    copy = tmp_path / "src"
    shutil.copytree(SRC / "claim", copy / "claim", ignore=shutil.ignore_patterns("__pycache__"))
    for library in SRC.glob(f"{native.SHARED_LIBRARY}.*"):
        shutil.copy2(library, copy)
    for extension in compiled.values():  # copytree keeps the times; make them fresh
        os.utime(copy / extension.relative_to(SRC))
    assert probe(pure=False, src=copy)["build"] == "compiled"
    edited = copy / "claim/core/engine.py"
    built = max(e.stat().st_mtime for e in (copy / "claim/core").glob("engine.*") if e != edited)
    os.utime(edited, (built + 60, built + 60))
    result = probe(pure=False, src=copy)
    assert result["build"] == "pure"
    assert not any(m["compiled"] for m in modules(result).values())
    warnings = [str(w) for w in result["warnings"]]  # type: ignore[attr-defined]
    assert any("older than its sources (claim/core/engine.py)" in w for w in warnings)


def test_both_builds_tell_the_same_rules_texts() -> None:
    pure, default = probe(pure=True)["rules"], probe(pure=False)["rules"]
    assert isinstance(pure, dict) and all(pure.values())
    assert default == pure


GAMES = """
import hashlib, json, random, sys
import claim
from claim import native
from claim.core.options import SetupOptions
from claim.core.records import to_record
every = SetupOptions(factions="random", heroes="5", setting="random", building="random",
                     artifacts="random")
digest = hashlib.sha256()
for seed in range(30):
    config = every.resolve(seed).config if seed % 2 else claim.GameConfig()
    state, rng = claim.new_game(config, seed), random.Random(seed)
    while not claim.is_over(state):
        legal = claim.legal_actions(state)
        digest.update(json.dumps(legal).encode())
        if len(state.moves) % 5 == 0:  # views, clones and determinizations along the way
            digest.update(json.dumps([claim.observe(state, p) for p in (0, 1)]).encode())
            for p in (0, 1):
                guess = claim.determinize(state, p, random.Random(seed))
                digest.update(json.dumps(guess.to_dict(), sort_keys=True).encode())
            digest.update(json.dumps(state.clone(history=False).to_dict()).encode())
        claim.apply(state, legal[rng.randrange(len(legal))])
    digest.update(json.dumps([to_record(state), state.to_dict()], sort_keys=True).encode())
    digest.update(json.dumps(claim.report(state)).encode())
print(json.dumps({"build": native.core_build(), "digest": digest.hexdigest()}))
"""


def test_both_builds_play_the_same_games() -> None:
    """Random games (plain and with every expansion) give the same legal moves, views,
    determinizations, positions and records on the pure-Python and on the default build. (It
    caught a generator expression of random draws that mypyc evaluated eagerly, as a list:
    the determinized artifacts came out different.)"""
    results = []
    for pure in (True, False):
        env = {k: v for k, v in os.environ.items() if k != native.PURE_PYTHON_VARIABLE}
        if pure:
            env[native.PURE_PYTHON_VARIABLE] = "1"
        out = subprocess.run(
            [sys.executable, "-c", GAMES], env=env, capture_output=True, text=True, check=True
        ).stdout
        results.append(json.loads(out))
    assert results[0]["build"] == "pure"
    assert results[1]["build"] == ("compiled" if native.compiled_modules() else "pure")
    assert results[0]["digest"] == results[1]["digest"]


SWEEP_GAMES = """
import hashlib, json, random, sys
sys.path.insert(0, sys.argv[2])
import claim
from claim import native
from claim.core.records import to_record
import test_invariants
digest = hashlib.sha256()
def add(value):  # repr, not JSON: also the order of every dict's keys must agree
    digest.update(repr(value).encode())
for config, seed, every in getattr(test_invariants, sys.argv[1])():
    state, rng, steps = claim.new_game(config, seed), random.Random(seed), 0
    while True:  # the moves of test_invariants.full_playout
        legal = claim.legal_actions(state)
        add([legal, claim.observe(state, 0), claim.observe(state, 1)])
        if steps % every == 0 or not legal:  # report: most of the cost in pure Python
            guess = claim.determinize(state, steps % 2, random.Random(seed + steps))
            add([guess.to_dict(), state.clone().to_dict(), claim.report(state), to_record(state)])
        if not legal:
            break
        claim.apply(state, rng.choice(legal))
        steps += 1
print(json.dumps({"build": native.core_build(), "digest": digest.hexdigest()}))
"""


@pytest.mark.parametrize(
    "games", ["every_faction_games", "every_hero_games", "every_artifact_games"]
)
def test_both_builds_play_the_invariant_sweeps_alike(games: str) -> None:
    """The games of the invariant tests of every faction, hero and artifact
    (tests/test_invariants.py), which ``make unit-pure`` leaves to the compiled build
    (``compiled_only``: minutes in pure Python), give the same legal moves and views after
    every step, and the same reports, determinizations, clones and records along the way, on
    both builds: the invariants checked on one hold on the other. Both run at once."""
    tests = str(Path(__file__).resolve().parent)
    runs = []
    for pure in (True, False):
        env = {k: v for k, v in os.environ.items() if k != native.PURE_PYTHON_VARIABLE}
        if pure:
            env[native.PURE_PYTHON_VARIABLE] = "1"
        command = [sys.executable, "-c", SWEEP_GAMES, games, tests]
        runs.append(subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True))
    results = []
    for run in runs:
        out, _ = run.communicate()
        assert run.returncode == 0
        results.append(json.loads(out))
    assert results[0]["build"] == "pure"
    assert results[1]["build"] == ("compiled" if native.compiled_modules() else "pure")
    assert results[0]["digest"] == results[1]["digest"]


def _build_script() -> types.ModuleType:
    path = SRC.parent / "scripts" / "build_core.py"
    spec = importlib.util.spec_from_file_location("build_core", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_build_makes_the_constants_final_and_nothing_else() -> None:
    source = (
        "from __future__ import annotations\n"
        "import cards\n"
        "from typing import TypeVar\n"
        "LIMIT = 52\n"
        "CODE = cards.CODE\n"
        "TABLE: dict[str, int] = {}\n"
        "_SEEN: list[int] = [1]\n"
        "EMPTY = []\n"
        "Pair = tuple[int, int]\n"
        "PAIR = tuple[int, int]\n"
        "ALIAS = cards.Card\n"
        "UNION = int | str\n"
        "T = TypeVar('T')\n"
        "AGAIN = 1\n"
        "AGAIN = 2\n"
        "LOOPED = 0\n"
        "for _ in range(2):\n"
        "    LOOPED += 1\n"
        "CHANGED = 0\n"
        "def change() -> None:\n"
        "    global CHANGED\n"
        "    CHANGED = 1\n"
        "lower = 3\n"
    )
    written = _build_script().final_constants(source).splitlines()
    assert written[0] == (
        "from __future__ import annotations"
        "; from typing import Final as Final  # constants made Final for mypyc"
    )
    finals = {line.split(":")[0] for line in written if ": Final" in line and "import" not in line}
    assert finals == {"LIMIT", "CODE", "TABLE", "_SEEN"}
    assert "TABLE: Final[dict[str, int]] = {}" in written
    assert "LIMIT: Final = 52" in written
    assert len(written) == len(source.splitlines())  # every line keeps its number


def _top_level_names(text: str) -> set[str]:
    tree = ast.parse(text)
    return {n.id for s in tree.body for n in ast.walk(s) if isinstance(n, ast.Name)} | {
        s.name for s in tree.body if isinstance(s, ast.ClassDef | ast.FunctionDef)
    }


def test_the_core_as_compiled_is_still_python() -> None:
    """Every core source with its constants made Final and its class docstrings set again at
    its end still compiles as Python, binds the same names and keeps its line numbers."""
    build = _build_script()
    added = {"Final", "setattr"}
    for path in build.sources():
        text = path.read_text(encoding="utf-8")
        written = build.restore_docstrings(build.final_constants(text))
        compile(written, str(path), "exec")
        assert _top_level_names(written) - added == _top_level_names(text) - added, path
        lines, new = text.splitlines(), written.splitlines()
        assert len(new) >= len(lines), path
        assert all(a == b or "Final" in b for a, b in zip(lines, new, strict=False)), path


def test_the_compiled_classes_keep_their_docstrings() -> None:
    """mypyc drops class docstrings; the build sets them again (a power's rules text is its
    docstring): every top-level class of the core has the docstring its source gives it."""
    for path in _build_script().sources():
        parts = path.relative_to(SRC).with_suffix("").parts
        module = importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef):
                cls = getattr(module, node.name)
                assert cls.__doc__ == ast.get_docstring(node, clean=False), (path, node.name)
