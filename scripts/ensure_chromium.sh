#!/usr/bin/env bash
# The browser tests (tests/test_web_e2e.py) drive Debian's Chromium with Playwright; Playwright's
# own browser download is never used. Installs the Debian package when it is missing, waiting for
# another apt process's lock (scripts/apt_install.sh); without root (and without password-free
# sudo) it says what to run (or how to point the tests at another Chromium) and stops.
set -euo pipefail
here=${BASH_SOURCE[0]%/*}
[ "$here" = "${BASH_SOURCE[0]}" ] && here=.
# shellcheck source=scripts/apt_install.sh
. "$here/apt_install.sh"

if command -v chromium >/dev/null 2>&1 || [ -n "${CLAIM_CHROMIUM:-}" ]; then
  exit 0
fi

if ! apt_command; then
  echo "error: Chromium is missing and this user cannot install it (not root, no password-free sudo)." >&2
  echo "  Install it once as root:   sudo apt-get install chromium" >&2
  echo "  or use another Chromium:   CLAIM_CHROMIUM=/path/to/chromium make test" >&2
  exit 1
fi

echo "Installing Chromium (Debian package) for the browser tests..."
run_waiting update -qq
run_waiting install -y -qq chromium
