#!/usr/bin/env bash
# Runs a command with a private, unlocked Secret Service: gnome-keyring in its own D-Bus
# session, with HOME and the XDG folders in a temp dir, so tests use a real OS keychain and
# never the developer's own. Sets ONAIR_TEST_KEYRING=1 for the keychain tests.
set -euo pipefail
for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "with-keyring: $tool is missing (Debian: apt-get install dbus gnome-keyring)" >&2
    exit 1
  fi
done
home=$(mktemp -d "${TMPDIR:-/tmp}/onair-keyring-XXXXXX")
trap 'rm -rf "$home"' EXIT
export ONAIR_KEYRING_HOME="$home"
dbus-run-session -- bash -c '
  set -euo pipefail
  export HOME="$ONAIR_KEYRING_HOME"
  export XDG_DATA_HOME="$HOME/.local/share" XDG_CONFIG_HOME="$HOME/.config"
  export XDG_CACHE_HOME="$HOME/.cache" XDG_RUNTIME_DIR="$HOME/run"
  mkdir -p "$XDG_DATA_HOME/keyrings" "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME" "$XDG_RUNTIME_DIR"
  chmod 700 "$XDG_RUNTIME_DIR"
  # An empty password on stdin creates and unlocks the login keyring.
  eval "$(printf "\n" | gnome-keyring-daemon --unlock --components=secrets)"
  eval "$(gnome-keyring-daemon --start --components=secrets)"
  export ONAIR_TEST_KEYRING=1
  "$@"
' with-keyring "$@"
