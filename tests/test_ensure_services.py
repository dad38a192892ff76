"""``scripts/ensure_services.sh`` (issue 20): it installs what the scale-out tests need of
PostgreSQL and Redis (Debian's packages postgresql and redis-server), waiting while another apt
process holds the package lock, and without root (and without password-free sudo) it says what
to run instead. Run with fake ``id``, ``apt-get``, ``sudo`` and ``sleep`` first on a PATH without
initdb or redis-server (``tests/test_ensure_chromium.py``'s), so nothing is installed."""

from __future__ import annotations

import glob
import shutil
import subprocess
from pathlib import Path

from tests.waits import PATIENCE_S

from test_ensure_chromium import BASH, _tools

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "ensure_services.sh"
#: what the script finds missing on this PATH of fakes: Redis, and PostgreSQL unless Debian's
#: package has put its programs in their folder (the script looks there too)
MISSING = ("" if glob.glob("/usr/lib/postgresql/*/bin/initdb") else "postgresql ") + "redis-server"


def _run(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [BASH, str(SCRIPT)],
        env=env,
        capture_output=True,
        text=True,
        timeout=PATIENCE_S,
        check=False,
    )


def test_it_waits_for_the_apt_lock_then_installs_what_is_missing(tmp_path: Path) -> None:
    calls = tmp_path / "calls"
    wc = shutil.which("wc")
    assert wc is not None
    apt = (
        f'echo "$*" >> {calls}; n=$({wc} -l < {calls}); '
        'if [ "$n" -le 1 ]; then echo "E: Could not get lock /var/lib/apt/lists/lock. '
        'It is held by process 42 (apt-get)" >&2; exit 100; fi; exit 0'
    )
    result = _run(_tools(tmp_path, 0, apt))
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("waiting for another apt process") == 1
    assert f"Installing {MISSING} (Debian packages)" in result.stdout
    lines = calls.read_text().splitlines()
    assert lines[-2].endswith("update -qq") and "DPkg::Lock::Timeout=30" in lines[-2]
    assert lines[-1].endswith(f"install -y -qq {MISSING}")


def test_without_root_or_sudo_it_says_what_to_run(tmp_path: Path) -> None:
    result = _run(_tools(tmp_path, 1000, "exit 0"))
    assert result.returncode == 1
    assert result.stderr.startswith(f"error: {MISSING} missing and this user cannot install")
    assert f"sudo apt-get install {MISSING}" in result.stderr
    assert "CLAIM_PG_BIN=" in result.stderr and "CLAIM_REDIS_SERVER=" in result.stderr


def test_other_builds_are_left_alone(tmp_path: Path) -> None:
    env = _tools(tmp_path, 0, "exit 99")  # apt-get would fail: it must not be called
    env["CLAIM_PG_BIN"] = "/opt/pg/bin"
    env["CLAIM_REDIS_SERVER"] = "/opt/redis/redis-server"
    assert _run(env).returncode == 0
