"""Which build of the rules core runs: the compiled one (mypyc) or the pure-Python sources.

``make`` compiles :mod:`claim.core` with mypyc in place (``scripts/build_core.py``): an extension
module lies next to each compiled ``.py`` file, and Python's import system prefers it to the
source. This module is never compiled and is the first one ``claim`` imports; it decides, once,
before any core module is loaded, which of the two the process uses:

- ``CLAIM_PURE_PYTHON=1`` in the environment forces the sources (any value but ``""`` and ``0``);
- with no compiled module (not built, or built on a machine without a C compiler) the sources run
  anyway, as always;
- compiled modules older than the source they were built from (the source was edited, or a
  checkout changed it) are stale: the sources run, with a warning, until the core is rebuilt
  (``make build``), so an edit is never hidden behind old machine code. A wheel's compiled
  modules (``pip install .``: ``hatch_build.py``) are installed together with their sources, and
  the installer dates the files, not the build: :data:`WHEEL_MARK` beside them says so, and their
  times are not compared.

When the sources are chosen, a finder placed first on :data:`sys.meta_path` loads every
``claim.core`` module from its ``.py`` file; everything else imports as usual. Both builds behave
the same: the tests run on both (``make unit`` and ``make unit-pure``) and
``tests/test_native.py`` checks which one a process loaded. ``claim --version`` (:func:`describe`)
says which one an installation runs, and why.
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

#: the environment variable that forces the pure-Python core
PURE_PYTHON_VARIABLE = "CLAIM_PURE_PYTHON"
#: the compiled core's shared library (mypyc's group library), a top-level module next to the
#: ``claim`` package, which every compiled module's extension loads
SHARED_LIBRARY = "claim_core__mypyc"
#: the file that a wheel with the compiled core installs beside the core's modules
#: (``scripts/build_core.py --wheel``): its compiled modules are never stale
WHEEL_MARK = "compiled-wheel.txt"

_PACKAGE = Path(__file__).resolve().parent
_CORE = _PACKAGE / "core"


def _extension(path: Path) -> Path | None:
    """The compiled module built from the source ``path`` (or named like it), if there is one."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = path.with_name(path.stem + suffix)
        if candidate.exists():
            return candidate
    return None


def compiled_modules() -> dict[Path, Path]:
    """Each core source that has a compiled module next to it, with that module's file."""
    found = {}
    for folder, _, files in os.walk(_CORE):
        for name in sorted(files):
            if name.endswith(".py"):
                source = Path(folder) / name
                extension = _extension(source)
                if extension is not None:
                    found[source] = extension
    return found


def _choose() -> tuple[bool, str]:
    """Whether to load the core from its sources, and why (a sentence)."""
    if os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0"):
        return True, f"{PURE_PYTHON_VARIABLE} is set"
    compiled = compiled_modules()
    if not compiled:
        return True, "the core is not compiled"
    if _extension(_PACKAGE.parent / f"{SHARED_LIBRARY}.py") is None:
        return True, f"the compiled core's shared library ({SHARED_LIBRARY}) is missing"
    if (_CORE / WHEEL_MARK).exists():
        return False, f"{len(compiled)} compiled modules, installed from a wheel"
    stale = sorted(s for s, e in compiled.items() if s.stat().st_mtime > e.stat().st_mtime)
    if stale:
        names = ", ".join(str(s.relative_to(_PACKAGE.parent)) for s in stale[:3])
        more = f" and {len(stale) - 3} more" if len(stale) > 3 else ""
        return True, f"the compiled core is older than its sources ({names}{more})"
    return False, f"{len(compiled)} compiled modules"


class _SourceFinder:
    """Finds ``claim.core`` and its modules as ``.py`` sources only (never an extension); a
    meta path finder (not derived from ``importlib.abc.MetaPathFinder``, whose import costs
    40 ms)."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        if fullname != "claim.core" and not fullname.startswith("claim.core."):
            return None
        for entry in path or ():
            finder = importlib.machinery.FileFinder(
                entry, (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
            )
            spec = finder.find_spec(fullname, target)
            if spec is not None:
                return spec
        return None


def _install() -> tuple[bool, str]:
    if "claim.core" in sys.modules:  # this module reloaded: the core is loaded already
        module = sys.modules["claim.core"]
        return not is_compiled(module), "the core was loaded already"
    pure, why = _choose()
    if pure:
        if not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
            sys.meta_path.insert(0, _SourceFinder())
        if why.startswith("the compiled core is older"):
            warnings.warn(
                f"claim: {why}; running the pure-Python core (run `make build` to recompile)",
                RuntimeWarning,
                stacklevel=3,
            )
    return pure, why


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from an extension module (compiled), not from source."""
    spec = module.__spec__
    return spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)


#: whether this process runs the pure-Python core, and why
PURE, REASON = _install()


def core_build() -> str:
    """``"compiled"`` or ``"pure"``: the build of the core this process runs."""
    return "pure" if PURE else "compiled"


def describe() -> str:
    """One line: which core this process runs, why, and from where (``claim --version``)."""
    build = "pure Python" if PURE else "compiled with mypyc"
    return f"claim's rules core: {build} ({REASON}), in {_CORE}"
