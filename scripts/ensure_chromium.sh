#!/usr/bin/env bash
# The browser tests (tests/test_web_e2e.py) drive Debian's Chromium with Playwright; Playwright's
# own browser download is never used. Installs the Debian package when it is missing.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || [ -n "${CLAIM_CHROMIUM:-}" ]; then
  exit 0
fi
if [ "$(id -u)" = 0 ]; then apt_get=(apt-get); else apt_get=(sudo apt-get); fi
echo "Installing Chromium (Debian package) for the browser tests..."
"${apt_get[@]}" update -qq
DEBIAN_FRONTEND=noninteractive "${apt_get[@]}" install -y -qq chromium >/dev/null
