#!/usr/bin/env bash
# The scale-out tests (tests/test_web_scale.py) and `scripts/bench_web.py --processes N` run
# throwaway PostgreSQL and Redis servers of their own (claim.apps.web.services: initdb into a
# temporary folder, redis-server on a free port); they need the programs, from Debian's packages
# postgresql and redis-server. Installs the missing ones, waiting for another apt process's lock
# (scripts/apt_install.sh); without root (and without password-free sudo) it says what to run and
# stops. CLAIM_PG_BIN (the folder of initdb and postgres) and CLAIM_REDIS_SERVER (the program)
# point the tests at other builds; then nothing is installed.
set -euo pipefail
here=${BASH_SOURCE[0]%/*}
[ "$here" = "${BASH_SOURCE[0]}" ] && here=.
# shellcheck source=scripts/apt_install.sh
. "$here/apt_install.sh"

missing=()
if [ -z "${CLAIM_PG_BIN:-}" ] && ! command -v initdb >/dev/null 2>&1 \
  && ! compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
  missing+=(postgresql)
fi
if [ -z "${CLAIM_REDIS_SERVER:-}" ] && ! command -v redis-server >/dev/null 2>&1; then
  missing+=(redis-server)
fi
if [ ${#missing[@]} = 0 ]; then
  exit 0
fi

if ! apt_command; then
  echo "error: ${missing[*]} missing and this user cannot install them (not root, no password-free sudo)." >&2
  echo "  Install them once as root:  sudo apt-get install ${missing[*]}" >&2
  echo "  or use other builds:        CLAIM_PG_BIN=/usr/lib/postgresql/NN/bin CLAIM_REDIS_SERVER=/path/to/redis-server make test" >&2
  exit 1
fi

echo "Installing ${missing[*]} (Debian packages) for the scale-out tests..."
run_waiting update -qq
run_waiting install -y -qq "${missing[@]}"
