"""The wheel's build hook (hatchling): the rules core compiled with mypyc, inside the wheel.

``pip install .`` (and ``pip wheel .``, ``python -m build``) runs it. It runs
``scripts/build_core.py --wheel DIR``, the one home of what is compiled and how, which builds the
same extension modules as ``make build`` but leaves them under ``DIR`` instead of beside the
sources; they go into the wheel next to the core's sources, and the wheel becomes a platform wheel
(``claim-0.1.0-cp311-cp311-linux_x86_64.whl``). Where the core cannot be compiled (no C compiler,
no Python headers, mypyc failed) the script says so in one line and the wheel is pure Python
(``py3-none-any``): the same games, about 3x slower. ``CLAIM_REQUIRE_COMPILED=1`` makes that an
error. mypy (which brings mypyc) and setuptools come into the build environment from the
``compile`` extra (``require-runtime-features`` in pyproject.toml).

An editable install (``pip install -e .``, what ``make`` does) compiles nothing here: it runs the
sources in ``src``, and ``make build`` compiles the core in place beside them.
``python -m claim.native`` says which core an installed ``claim`` runs.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CompiledCoreHook(BuildHookInterface):
    """Adds the compiled core's extension modules to a (non-editable) wheel."""

    PLUGIN_NAME = "custom"

    def _built(self) -> Path:
        """Where scripts/build_core.py leaves the modules for the wheel (under build/, ignored)."""
        return Path(self.root) / "build" / "wheel-core"

    def clean(self, versions: list[str]) -> None:
        shutil.rmtree(self._built(), ignore_errors=True)

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        out = self._built()
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
        script = Path(self.root) / "scripts" / "build_core.py"
        done = subprocess.run([sys.executable, str(script), "--wheel", str(out)], cwd=self.root)
        if done.returncode != 0:  # CLAIM_REQUIRE_COMPILED=1 and no compiler, or a crash
            raise RuntimeError("claim: the core could not be compiled for the wheel (above)")
        built = sorted(p for p in out.rglob("*") if p.is_file())
        if not built:  # pure Python (the script said why, in one line)
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True  # the interpreter and platform it was compiled for
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(out).as_posix()
