"""The wheel (``pip install .``): it carries the compiled core, and an installation of it runs it.

:func:`test_a_wheel_installs_the_compiled_core` builds the wheel as ``pip install .`` does: in
pip's isolated build environment, where the build hook (``hatch_build.py``) runs
``scripts/build_core.py --wheel`` with the compile extra's mypy. It installs that wheel alone
(``--no-deps``) into a new virtual environment whose other packages come from this one, and asks
that installation which core it runs. The build is incremental: after ``make build`` (which
``make test`` runs first) setuptools relinks no module whose C code is unchanged, so the build
costs about ten seconds of CPU, most of it pip's build environment; in a checkout never built it
compiles the core (a minute or more).

Where this machine cannot compile the core (no C compiler or Python headers), the wheel must be
pure Python instead, and say so in one line: the second test checks that line wherever the tests
run.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import sysconfig
import types
import zipfile
from pathlib import Path

from claim import native

ROOT = Path(__file__).resolve().parent.parent

#: what an installation runs: its core build and why, where claim was loaded from, which core
#: modules are compiled, and a digest of a few random games (moves, views, final reports)
PROBE = """
import hashlib, json, random, sys
import claim
from claim import native
from claim.core.options import SetupOptions
import claim.core.engine, claim.core.state, claim.core.records
every = SetupOptions(factions="random", heroes="5", setting="random", building="random",
                     artifacts="random")
digest = hashlib.sha256()
for seed in range(6):
    config = every.resolve(seed).config if seed % 2 else claim.GameConfig()
    state, rng = claim.new_game(config, seed), random.Random(seed)
    while not claim.is_over(state):
        legal = claim.legal_actions(state)
        digest.update(json.dumps([legal, claim.observe(state, len(legal) % 2)]).encode())
        claim.apply(state, legal[rng.randrange(len(legal))])
    digest.update(json.dumps(claim.report(state)).encode())
modules = {m: native.is_compiled(sys.modules[m])
           for m in ("claim.core.engine", "claim.core.state", "claim.core.records")}
print(json.dumps({"build": native.core_build(), "reason": native.REASON,
                  "file": claim.__file__, "compiled": modules, "digest": digest.hexdigest()}))
"""


def _build_script() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("build_core", ROOT / "scripts/build_core.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _clean_env(**extra: str) -> dict[str, str]:
    """This environment without the variables that choose or require a build."""
    drop = (native.PURE_PYTHON_VARIABLE, "CLAIM_REQUIRE_COMPILED", "PYTHONPATH")
    return {**{k: v for k, v in os.environ.items() if k not in drop}, **extra}


def _probe(python: Path, pure: bool) -> dict[str, object]:
    env = _clean_env(**({native.PURE_PYTHON_VARIABLE: "1"} if pure else {}))
    out = subprocess.run(
        [str(python), "-c", PROBE], env=env, capture_output=True, text=True, check=True
    ).stdout
    result: dict[str, object] = json.loads(out)
    return result


def test_a_wheel_installs_the_compiled_core(tmp_path: Path) -> None:
    compilable = _build_script().missing_tools() is None
    if os.environ.get("CLAIM_REQUIRE_COMPILED", "") not in ("", "0"):
        assert compilable, "CLAIM_REQUIRE_COMPILED is set but the core cannot be compiled here"
    dist = tmp_path / "dist"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", str(dist), str(ROOT)],
        capture_output=True,
        text=True,
        env=_clean_env(),
    )
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = dist.glob("claim-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    extensions = [n for n in names if n.endswith(sysconfig.get_config_var("EXT_SUFFIX"))]
    if not compilable:  # the other test checks what it says then
        assert wheel.name.endswith("-py3-none-any.whl") and not extensions
        return
    # a platform wheel: the core's modules, the shared library and the mark beside the sources
    assert not wheel.name.endswith("-none-any.whl"), wheel.name
    assert f"{native.SHARED_LIBRARY}{sysconfig.get_config_var('EXT_SUFFIX')}" in names
    assert "claim/core/engine.py" in names and f"claim/core/{native.WHEEL_MARK}" in names
    assert len(extensions) == len(_build_script().sources()) + 1

    # a new environment with only the wheel installed; its dependencies are this one's packages
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    install = [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps"]
    subprocess.run([*install, "--quiet", str(wheel)], check=True, env=_clean_env())
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    # after the install: pip would otherwise see this environment's claim (editable) there
    (site / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")

    compiled = _probe(python, pure=False)
    assert compiled["build"] == "compiled", compiled["reason"]
    assert compiled["reason"] == f"{len(extensions) - 1} compiled modules, installed from a wheel"
    assert str(compiled["file"]).startswith(str(site))  # the wheel's claim, not this checkout's
    assert compiled["compiled"] == {
        "claim.core.engine": True,
        "claim.core.state": True,
        "claim.core.records": False,  # left interpreted (scripts/build_core.py says why)
    }
    pure = _probe(python, pure=True)
    assert pure["build"] == "pure"
    assert pure["digest"] == compiled["digest"]

    # the installer dates the files, not the build: sources newer than their compiled modules
    # (as another installer may leave them) are not stale in a wheel
    engine = site / "claim" / "core" / "engine.py"
    later = max(p.stat().st_mtime for p in engine.parent.iterdir()) + 60
    os.utime(engine, (later, later))
    assert _probe(python, pure=False)["build"] == "compiled"

    version = subprocess.run(
        [str(venv / "bin" / "claim"), "--version"],
        capture_output=True,
        text=True,
        check=True,
        env=_clean_env(),
    ).stdout.splitlines()
    assert version[1].startswith("claim's rules core: compiled with mypyc (")
    assert version[1].endswith(f"installed from a wheel), in {site / 'claim' / 'core'}")


def test_without_a_compiler_the_wheel_is_pure_python_and_says_so(tmp_path: Path) -> None:
    """No C compiler: ``build_core.py --wheel`` builds nothing, leaves ``src`` alone and says so
    in one line (the build hook then makes a pure-Python wheel); with ``CLAIM_REQUIRE_COMPILED``
    it fails."""
    before = sorted(p.stat().st_mtime_ns for p in native.compiled_modules().values())
    command = [sys.executable, str(ROOT / "scripts/build_core.py"), "--wheel", str(tmp_path)]
    done = subprocess.run(
        command, capture_output=True, text=True, env=_clean_env(CC="/nonexistent/cc")
    )
    assert done.returncode == 0
    assert done.stdout == ""
    assert done.stderr == (
        "claim: this wheel's core is not compiled (no C compiler (/nonexistent/cc not found)): "
        "it runs as pure Python, the same games about 3x slower\n"
    )
    assert not any(tmp_path.iterdir())
    assert sorted(p.stat().st_mtime_ns for p in native.compiled_modules().values()) == before
    required = subprocess.run(
        command,
        capture_output=True,
        text=True,
        env=_clean_env(CC="/nonexistent/cc", CLAIM_REQUIRE_COMPILED="1"),
    )
    assert required.returncode == 1
