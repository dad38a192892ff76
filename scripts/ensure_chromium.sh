#!/usr/bin/env bash
# The browser tests (tests/test_web_e2e.py) drive Debian's Chromium with Playwright; Playwright's
# own browser download is never used. Installs the Debian package when it is missing.
#
# Another apt or dpkg process (an unattended upgrade, a second install) holds the package locks
# for a while: the install waits for them, up to LOCK_WAIT seconds, saying so, instead of failing
# at once. Without root, sudo is used when it can run without a password; otherwise the script
# says what to run (or how to point the tests at another Chromium) and stops.
set -euo pipefail
LOCK_WAIT=${LOCK_WAIT:-600}

if command -v chromium >/dev/null 2>&1 || [ -n "${CLAIM_CHROMIUM:-}" ]; then
  exit 0
fi

# env: sudo drops the caller's environment, so the frontend is set on apt-get's command line
if [ "$(id -u)" = 0 ]; then
  apt_get=(env DEBIAN_FRONTEND=noninteractive apt-get)
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  apt_get=(sudo -n env DEBIAN_FRONTEND=noninteractive apt-get)
else
  echo "error: Chromium is missing and this user cannot install it (not root, no password-free sudo)." >&2
  echo "  Install it once as root:   sudo apt-get install chromium" >&2
  echo "  or use another Chromium:   CLAIM_CHROMIUM=/path/to/chromium make test" >&2
  exit 1
fi

# dpkg's own wait covers the install's locks (apt >= 1.9.11); `apt-get update` takes the lists
# lock, which it does not wait for, so it is retried while another process holds a lock
apt_wait=(-o "DPkg::Lock::Timeout=${LOCK_WAIT}")

run_waiting() {
  local start=$SECONDS output
  while true; do
    if output=$("${apt_get[@]}" "${apt_wait[@]}" "$@" 2>&1); then
      return 0
    fi
    if ! grep -q "Could not get lock\|Unable to acquire\|is held by process" <<<"$output"; then
      echo "$output" >&2
      return 1
    fi
    if (( SECONDS - start >= LOCK_WAIT )); then
      echo "error: another apt process held the package lock for ${LOCK_WAIT} s; try again when it is done" >&2
      echo "$output" | grep -m1 "lock" >&2 || true
      return 1
    fi
    echo "waiting for another apt process to release the package lock..." >&2
    sleep 5
  done
}

echo "Installing Chromium (Debian package) for the browser tests..."
run_waiting update -qq
run_waiting install -y -qq chromium
