"""``scripts/ensure_chromium.sh`` (issue 18): it waits while another apt process holds the
package lock instead of failing at once, and without root (and without password-free sudo) it
says what to run instead of failing inside apt. Run with fake ``id``, ``apt-get``, ``sudo`` and
``sleep`` first on a PATH without Chromium, so nothing is installed."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from tests.waits import PATIENCE_S

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "ensure_chromium.sh"
BASH = shutil.which("bash") or "/bin/bash"


def _tools(tmp: Path, uid: int, apt_script: str, sudo_ok: bool = False) -> dict[str, str]:
    """A PATH of fakes (and the real grep, env), and the environment to run the script in."""
    bin_dir = tmp / "bin"
    bin_dir.mkdir()
    fakes = {
        "id": f"#!{BASH}\necho {uid}\n",
        "sleep": f"#!{BASH}\nexit 0\n",
        "apt-get": f"#!{BASH}\n{apt_script}\n",
        "sudo": f"#!{BASH}\n"
        + ('[ "$2" = true ] && exit 0; exec "${@:2}"\n' if sudo_ok else "exit 1\n"),
    }
    for name, text in fakes.items():
        path = bin_dir / name
        path.write_text(text)
        path.chmod(0o755)
    for real in ("grep", "env"):
        found = shutil.which(real)
        assert found is not None
        (bin_dir / real).symlink_to(found)
    env = {k: v for k, v in os.environ.items() if k != "CLAIM_CHROMIUM"}
    env["PATH"] = str(bin_dir)
    env["LOCK_WAIT"] = "30"
    return env


def _run(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [BASH, str(SCRIPT)],
        env=env,
        capture_output=True,
        text=True,
        timeout=PATIENCE_S,
        check=False,
    )


def test_it_waits_for_the_apt_lock_then_installs(tmp_path: Path) -> None:
    calls = tmp_path / "calls"
    wc = shutil.which("wc")
    assert wc is not None
    # the first two runs find the lock held, then apt-get works; every call is logged
    apt = (
        f'echo "$*" >> {calls}; n=$({wc} -l < {calls}); '
        'if [ "$n" -le 2 ]; then echo "E: Could not get lock /var/lib/apt/lists/lock. '
        'It is held by process 42 (apt-get)" >&2; exit 100; fi; exit 0'
    )
    env = _tools(tmp_path, 0, apt)
    result = _run(env)
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("waiting for another apt process") == 2
    lines = calls.read_text().splitlines()
    assert lines[-2].endswith("update -qq") and "DPkg::Lock::Timeout=30" in lines[-2]
    assert lines[-1].endswith("install -y -qq chromium")


def test_a_lock_held_too_long_is_one_clear_error(tmp_path: Path) -> None:
    apt = 'echo "E: Could not get lock /var/lib/dpkg/lock-frontend" >&2; exit 100'
    env = _tools(tmp_path, 0, apt)
    env["LOCK_WAIT"] = "0"
    result = _run(env)
    assert result.returncode == 1
    assert "another apt process held the package lock for 0 s" in result.stderr


def test_without_root_or_sudo_it_says_what_to_run(tmp_path: Path) -> None:
    env = _tools(tmp_path, 1000, "exit 0")
    result = _run(env)
    assert result.returncode == 1
    assert result.stderr.startswith("error: Chromium is missing and this user cannot install it")
    assert "sudo apt-get install chromium" in result.stderr
    assert "CLAIM_CHROMIUM=/path/to/chromium" in result.stderr


def test_password_free_sudo_is_used(tmp_path: Path) -> None:
    calls = tmp_path / "calls"
    env = _tools(tmp_path, 1000, f'echo "$*" >> {calls}', sudo_ok=True)
    result = _run(env)
    assert result.returncode == 0, result.stderr
    assert calls.read_text().splitlines()[-1].endswith("install -y -qq chromium")


def test_an_installed_chromium_is_left_alone(tmp_path: Path) -> None:
    env = _tools(tmp_path, 0, "exit 99")  # apt-get would fail: it must not be called
    env["CLAIM_CHROMIUM"] = "/usr/bin/chromium"
    assert _run(env).returncode == 0
