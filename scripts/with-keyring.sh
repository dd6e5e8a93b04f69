#!/usr/bin/env bash
# Runs a command inside a throwaway D-Bus session with an unlocked gnome-keyring, so the
# credential store talks to a real Secret Service (as on a Linux desktop) without touching
# the user's own keyring. Usage: scripts/with-keyring.sh CMD [ARGS...]
set -euo pipefail
if [[ -z "${TRIAGE_KEYRING_INNER:-}" ]]; then
  command -v dbus-run-session >/dev/null || { echo "with-keyring: dbus-run-session is missing (apt-get install dbus)" >&2; exit 2; }
  command -v gnome-keyring-daemon >/dev/null || { echo "with-keyring: gnome-keyring-daemon is missing (apt-get install gnome-keyring)" >&2; exit 2; }
  export TRIAGE_KEYRING_INNER=1
  exec dbus-run-session -- "$0" "$@"
fi
scratch=$(mktemp -d)
export XDG_DATA_HOME="$scratch/data" XDG_RUNTIME_DIR="$scratch/run" HOME_KEYRING_SCRATCH="$scratch"
mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
# --unlock reads the new login keyring's password from stdin and creates it unlocked.
eval "$(printf 'throwaway' | gnome-keyring-daemon --unlock --components=secrets 2>/dev/null)"
export GNOME_KEYRING_CONTROL
trap 'rm -rf "$scratch"' EXIT
"$@"
