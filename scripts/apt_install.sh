# Sourced by scripts/ensure_chromium.sh and scripts/ensure_services.sh: installing Debian packages
# for the tests, waiting for another apt process instead of failing at once.
#
# Another apt or dpkg process (an unattended upgrade, a second install) holds the package locks
# for a while: the install waits for them, up to LOCK_WAIT seconds, saying so. Without root, sudo
# is used when it can run without a password; otherwise apt_command fails and the caller says
# what to run.
LOCK_WAIT=${LOCK_WAIT:-600}

# apt_command: sets apt_get, the command line that runs apt-get as root; fails (status 1) when
# this user cannot (not root, no password-free sudo)
apt_command() {
  # env: sudo drops the caller's environment, so the frontend is set on apt-get's command line
  if [ "$(id -u)" = 0 ]; then
    apt_get=(env DEBIAN_FRONTEND=noninteractive apt-get)
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    apt_get=(sudo -n env DEBIAN_FRONTEND=noninteractive apt-get)
  else
    return 1
  fi
}

# dpkg's own wait covers the install's locks (apt >= 1.9.11); `apt-get update` takes the lists
# lock, which it does not wait for, so it is retried while another process holds a lock
run_waiting() {
  local start=$SECONDS output
  local apt_wait=(-o "DPkg::Lock::Timeout=${LOCK_WAIT}")
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
