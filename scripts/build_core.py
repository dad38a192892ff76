"""Compile the rules core (``claim.core``) with mypyc; fall back to pure Python where it cannot.

Usage: ``python scripts/build_core.py [--clean] [--require] [--opt N] [--wheel DIR]`` (``make
build``; ``make play``, ``make test`` and ``make bench`` run it first when a core source changed;
the wheel's build hook, ``hatch_build.py``, runs it with ``--wheel``).

The core's sources are copied to ``build/mypyc/tree`` and compiled there; the record classes
(``State``, ``Trick``: their fields are declared once and :func:`claim.core.fields.record` builds
their constructor and copier at import, which a compiled class cannot do) are first written out
as plain Python by :func:`claim.core.fields.native_source`, from the same declarations. Then one
extension module per compiled source goes next to it in ``src`` (``src/claim/core/engine.py`` →
``engine.cpython-311-x86_64-linux-gnu.so``), with mypyc's shared library
(``src/claim_core__mypyc...so``): Python imports them instead of the sources, unless
:mod:`claim.native` says otherwise (``CLAIM_PURE_PYTHON=1``, or a source newer than its build).

Without a C compiler, the Python headers or mypyc, or when the compilation fails, it says why,
removes the compiled modules of an earlier build and exits 0: the core then runs as pure Python,
with the same behaviour, only slower. ``--require`` (CI: ``.ci/run`` sets
``CLAIM_REQUIRE_COMPILED=1``) makes that an error. ``--clean`` only removes the compiled modules.

``--wheel DIR`` builds the same modules for a wheel: they go under ``DIR``, laid out as in the
wheel (``DIR/claim/core/engine...so``, ``DIR/claim_core__mypyc...so``), with the mark that tells
:mod:`claim.native` they were installed together with their sources (``WHEEL_MARK``); ``src`` is
left alone, and where the core cannot be compiled it says so in one line and ``DIR`` stays empty
(the wheel is then pure Python).
"""

from __future__ import annotations

import argparse
import ast
import importlib
import importlib.machinery
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
CORE = SRC / "claim" / "core"
BUILD = ROOT / "build" / "mypyc"
TREE = BUILD / "tree"  # the sources as compiled (the record classes written out)
#: mypyc's group name: its shared library is the top-level module ``claim_core__mypyc``, next to
#: the claim package (claim.native.SHARED_LIBRARY; inside the package, mypyc would give the
#: compiled claim.core a wrong __path__)
GROUP = "claim_core"

#: the C compiler's optimization level unless ``--opt`` says otherwise (``CLAIM_BUILD_OPT``: a test
#: that only checks a wheel's packaging builds it at 0, in a third of the time)
OPT_VARIABLE = "CLAIM_BUILD_OPT"
#: the file, beside the compiled modules of a wheel, that says so (claim.native.WHEEL_MARK)
WHEEL_MARK = Path("claim") / "core" / "compiled-wheel.txt"

#: why each kind of warning mypyc prints for the core does not change what the core does, in
#: one line after the warnings of that kind (a warning of another kind is printed bare: look into
#: it; the 28 "Unsupported default attribute value" it printed were fixed, issue 38)
HARMLESS = {
    "Treating generator comprehension as list": "mypyc builds each of these generator "
    "expressions' items at once, as a list, which gives the same results because each is "
    "consumed whole and has no side effects (check that of a new one: docs/compiled.md; "
    "tests/test_native.py compares both builds' games)",
}

#: core modules left interpreted, and why
INTERPRETED = {
    "fields.py": "it builds the record classes at import (compile/exec, attributes set on "
    "functions): import-time work only, and the compiled State and Trick no longer use it",
    "view_types.py": "TypedDict declarations only (nothing runs); compiled, they would lose "
    "which keys are NotRequired (__required_keys__), which tests/test_view_types.py reads",
    "records.py": "its Record TypedDict would lose its optional keys the same way; reading and "
    "writing records is not hot (a replay's moves run in the compiled engine)",
}


def sources() -> list[Path]:
    """The core sources to compile, in a stable order."""
    return sorted(p for p in CORE.rglob("*.py") if p.name not in INTERPRETED)


def _is_extension(path: Path) -> bool:
    return path.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def compiled_files(src: Path = SRC) -> list[Path]:
    """The extension modules of a build in ``src``: the core's modules and the shared library."""
    found = [p for p in (src / "claim" / "core").rglob("*") if _is_extension(p)]
    found += [p for p in src.glob(f"{GROUP}__mypyc.*") if _is_extension(p)]
    return sorted(found)


def clean() -> int:
    files = compiled_files()
    for path in files:
        path.unlink()
    return len(files)


def missing_tools() -> str | None:
    """Why the core cannot be compiled here (None: it can)."""
    cc = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    if not cc or shutil.which(cc[0]) is None:
        return f"no C compiler ({cc[0] if cc else 'cc'} not found)"
    include = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not include.exists():
        return f"no Python headers ({include} not found)"
    for module in ("mypyc", "setuptools"):
        try:
            importlib.import_module(module)
        except ImportError:
            return f"{module} is not installed (pip install -e '.[compile]')"
    return None


#: a module-level name written like a constant (``CODE``, ``_PHASES``)
_CONSTANT = re.compile(r"_?[A-Z][A-Z0-9_]*")


#: annotations that already say more than a variable
_NOT_VARIABLES = ("Final", "TypeAlias", "ClassVar")


def _names_bound(tree: ast.Module) -> Counter[str]:
    """How many times each name is bound by the module's top-level statements (a binding inside
    a loop, a ``with``, an ``if`` or a ``try`` counts twice: it may happen again)."""
    bound: Counter[str] = Counter()
    for node in tree.body:
        weight = 2 if isinstance(node, ast.For | ast.While | ast.With | ast.If | ast.Try) else 1
        if isinstance(node, ast.AugAssign):
            weight = 2
        if isinstance(node, ast.Import | ast.ImportFrom):
            for alias in node.names:
                bound[(alias.asname or alias.name).split(".")[0]] += 1
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            bound[node.name] += 1
        else:
            for n in ast.walk(node):
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                    bound[n.id] += weight
    for n in ast.walk(tree):
        if isinstance(n, ast.Global):
            bound.update({name: 2 for name in n.names})
    return bound


def final_constants(text: str) -> str:
    """``text`` with each module-level constant (an UPPER_CASE name bound once, by an assignment
    at the top level, never declared ``global``) annotated ``Final``.

    The pure-Python core reads such a name from its module's globals like any other; compiled, a
    ``Final`` name is a C static, which mypyc reads without the dictionary lookup a global costs
    (a random game reads them tens of thousands of times). mypy checks that no code of the core
    rebinds them; code outside the core (the tests, the apps) must not either, or the compiled
    core would not see it (none does: they read them). Type aliases stay as they are.
    """
    tree = ast.parse(text)
    bound = _names_bound(tree)
    lines = text.splitlines()
    changed = False
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, annotation = node.targets[0], None
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, annotation = node.target, ast.get_source_segment(text, node.annotation)
        else:
            continue
        if not isinstance(target, ast.Name) or not _CONSTANT.fullmatch(target.id):
            continue
        name, value = target.id, node.value
        if bound[name] != 1 or node.lineno != target.lineno:
            continue
        if annotation is None and _may_be_a_type(value):
            continue
        if annotation is not None and annotation.split("[")[0] in (
            "Final",
            "TypeAlias",
            "ClassVar",
        ):
            continue
        i = node.lineno - 1
        head = f"{name}: {annotation}" if annotation is not None else f"{name} ="
        if not lines[i].startswith(head):
            continue
        final = f"{name}: Final[{annotation}]" if annotation is not None else f"{name}: Final ="
        lines[i] = final + lines[i][len(head) :]
        changed = True
    if not changed:
        return text
    # on an import's line, so that every line keeps its number (tracebacks)
    first = next(n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom))
    i = (first.end_lineno or 0) - 1
    lines[i] += "; from typing import Final as Final  # constants made Final for mypyc"
    return "\n".join(lines) + "\n"


def _may_be_a_type(value: ast.expr) -> bool:
    """Whether an assigned value may be a type (an alias such as ``Layer = tuple[int, Power]``,
    ``Pair = Foo | Bar``, ``Other = SomeClass``), which ``Final`` would turn into a variable; an
    empty literal, whose type mypy could not infer, counts too."""
    if isinstance(value, ast.Subscript | ast.BinOp):
        return True
    if isinstance(value, ast.Name | ast.Attribute):
        last = value.id if isinstance(value, ast.Name) else value.attr
        return not _CONSTANT.fullmatch(last)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
        return value.func.id in ("TypeVar", "NewType", "ParamSpec")
    if isinstance(value, ast.List | ast.Set | ast.Tuple):
        return not value.elts
    if isinstance(value, ast.Dict):
        return not value.keys
    return False


def restore_docstrings(text: str) -> str:
    """``text`` with each top-level class's docstring set again at its end: a class compiled by
    mypyc keeps none (its ``__doc__`` is its constructor's signature, or a filler), and a power's
    rules text is its class's docstring. At the end, so that every line keeps its number."""
    tree = ast.parse(text)
    restored = [
        f"setattr({node.name}, '__doc__', {ast.get_docstring(node, clean=False)!r})"
        for node in tree.body
        if isinstance(node, ast.ClassDef)
    ]
    if not restored:
        return text
    return (
        text
        + "\n# the classes' docstrings, which mypyc drops (scripts/build_core.py)\n"
        + ("\n".join(restored) + "\n")
    )


def write_tree() -> list[str]:
    """Copy the sources to compile into TREE, the record classes written out; their paths."""
    os.environ["CLAIM_PURE_PYTHON"] = "1"  # the declarations, as the interpreter builds them
    sys.path.insert(0, str(SRC))
    from claim.core import fields

    wanted = {SRC / "claim" / "__init__.py", SRC / "claim" / "native.py", *CORE.rglob("*.py")}
    compiled = set(sources())
    for path in wanted:
        text = path.read_text(encoding="utf-8")
        if "\n@record\n" in text:
            module = importlib.import_module(".".join(path.relative_to(SRC).with_suffix("").parts))
            text = fields.native_source(text, module)
        if path in compiled:
            text = restore_docstrings(final_constants(text))
        target = TREE / path.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")  # unchanged: keep its time (no rebuild)
    for path in (TREE / "src").rglob("*.py"):  # a source removed since the last build
        if SRC / path.relative_to(TREE / "src") not in wanted:
            path.unlink()
    shutil.copy2(ROOT / "pyproject.toml", TREE / "pyproject.toml")  # mypy's settings
    for path in compiled_files(TREE / "src"):  # only this build's modules are installed
        path.unlink()
    return [str(p.relative_to(ROOT)) for p in sources()]


def compile_tree(paths: list[str], opt: str, jobs: int) -> list[str]:
    """Run mypyc and the C compiler in TREE (raises RuntimeError on failure); mypyc's
    warnings."""
    # a child process: setuptools and mypyc keep global state, and print a lot. setuptools
    # relinks an extension only when its C files are newer than the one it built before (in
    # --build-lib), and does not look at the flags: one folder per optimization level, so that a
    # build at another level never takes the modules of this one
    code = (
        "import sys\n"
        "from setuptools import setup\n"
        "from mypyc.build import mypycify\n"
        "opt, group, jobs, *paths = sys.argv[1:]\n"
        "sys.argv = [sys.argv[0], 'build_ext', '--inplace', '--build-temp', f'build/temp-O{opt}',\n"
        "            '--build-lib', f'build/lib-O{opt}', '-j', jobs]\n"
        "modules = mypycify(['--no-warn-unused-configs', *paths], opt_level=opt,\n"
        "    debug_level='0', multi_file=True, target_dir='build', group_name=group)\n"
        "setup(name='claim-core-compiled', package_dir={'': 'src'}, ext_modules=modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, opt, GROUP, str(jobs), *paths],
        cwd=TREE,
        capture_output=True,
        text=True,
    )
    output = (result.stdout + result.stderr).strip().splitlines()
    if result.returncode != 0:
        raise RuntimeError("\n".join(output[-30:]))
    return [line for line in output if ": warning: " in line]


def install(started: float, into: Path = SRC) -> int:
    """Put the extension modules built in TREE next to the sources, dated ``started`` (a source
    edited since is newer: claim.native will not use them), or under ``into`` for a wheel; how
    many modules."""
    if into == SRC:
        clean()
    built = compiled_files(TREE / "src")
    for path in built:
        target = into / path.relative_to(TREE / "src")
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".part")
        shutil.copyfile(path, partial)
        partial.chmod(0o755)
        os.utime(partial, (started, started))
        partial.replace(target)
    count = len(built) - 1  # the shared library is not a module
    if into != SRC:
        mark = into / WHEEL_MARK
        mark.write_text(
            f"{count} core modules compiled with mypyc for this wheel: claim.native loads them "
            "whatever their files' times (the installer's, not the build's)\n",
            encoding="utf-8",
        )
    return count


def explain(warnings: list[str]) -> list[str]:
    """mypyc's warnings, each kind of a known harmless one followed by one line saying why."""
    lines = []
    for kind, why in HARMLESS.items():
        of_kind = [w for w in warnings if w.endswith(f"warning: {kind}")]
        if of_kind:
            lines += [*of_kind, f"  (the {len(of_kind)} above are harmless: {why})"]
    lines += [w for w in warnings if not any(w.endswith(f"warning: {k}") for k in HARMLESS)]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="only remove the compiled modules")
    parser.add_argument(
        "--require",
        action="store_true",
        default=os.environ.get("CLAIM_REQUIRE_COMPILED", "") not in ("", "0"),
        help="fail when the core cannot be compiled (default: fall back to pure Python)",
    )
    parser.add_argument(
        "--opt",
        default=os.environ.get(OPT_VARIABLE) or "3",
        help=f"the C compiler's optimization level (default: ${OPT_VARIABLE}, or 3)",
    )
    parser.add_argument(
        "--wheel",
        type=Path,
        metavar="DIR",
        help="put the compiled modules under DIR, for a wheel (hatch_build.py), not in src",
    )
    args = parser.parse_args(argv)

    if args.clean:
        print(f"removed {clean()} compiled modules")
        return 0
    into = SRC if args.wheel is None else args.wheel.resolve()
    why = missing_tools()
    if why is None:
        start, started = time.monotonic(), time.time()
        try:
            warnings = compile_tree(write_tree(), args.opt, os.cpu_count() or 1)
        except RuntimeError as exc:
            print(f"mypyc or the C compiler failed:\n{exc}", file=sys.stderr)
            why = "mypyc or the C compiler failed (above)"
        else:
            count = install(started, into)
            for line in explain(warnings):
                print(line)
            print(
                f"compiled {count} core modules with mypyc (-O{args.opt}) in "
                f"{time.monotonic() - start:.0f} s (left interpreted: {', '.join(INTERPRETED)})"
            )
            return 0
    if args.wheel is None:
        clean()
        print(
            f"claim: the core is not compiled: {why}\n"
            "claim: it runs as pure Python instead (the same behaviour, slower)",
            file=sys.stderr,
        )
    else:
        print(
            f"claim: this wheel's core is not compiled ({why}): it runs as pure Python, "
            "the same games about 3x slower",
            file=sys.stderr,
        )
    return 1 if args.require else 0


if __name__ == "__main__":
    sys.exit(main())
