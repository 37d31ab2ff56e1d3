#!/usr/bin/env bash
# Sets up OnAir Desk on a fresh machine; the README's two commands start with it:
#   bash scripts/setup.sh && npm start          what the app needs
#   bash scripts/setup.sh --test && npm test    and what the whole test suite needs
#
# - Debian packages (when apt-get is there and we are root, or sudo works without a password):
#   the keychain library keytar builds against (libsecret-1-dev, with python3, make, g++);
#   with --test also Chromium, Xvfb, gnome-keyring and D-Bus, ffmpeg and CJK fonts.
#   Elsewhere it says in one line what to install and goes on: only the tests need them.
# - npm ci with the Electron runtime's download put off, then the runtime's own installer;
#   where the runtime cannot be downloaded, `npm start` serves the app in the browser host.
# - keytar is optional: without libsecret the install still succeeds, and the Accounts view
#   says what to install to keep real tokens. Nothing falls back to a weaker store.
set -euo pipefail
cd "$(dirname "$0")/.."

want_tests=0
[ "${1:-}" = "--test" ] && want_tests=1

say() { printf 'setup: %s\n' "$*" >&2; }

node_ok=$(node -e 'const [a,b]=process.versions.node.split(".").map(Number);console.log(a>20||(a===20&&b>=19)?1:0)' 2>/dev/null || echo 0)
if [ "$node_ok" != 1 ]; then
  say "OnAir Desk needs Node.js 20.19 or newer (found: $(node --version 2>/dev/null || echo none))."
  exit 1
fi

packages=(python3 make g++ libsecret-1-dev)
[ "$want_tests" = 1 ] && packages+=(chromium xvfb gnome-keyring dbus dbus-x11 ffmpeg fonts-noto-cjk)

if command -v apt-get >/dev/null 2>&1 && command -v dpkg >/dev/null 2>&1; then
  missing=()
  for p in "${packages[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ]; then sudo=(); elif sudo -n true 2>/dev/null; then sudo=(sudo -n); else sudo=(none); fi
    if [ "${sudo[0]:-}" = none ]; then
      say "not root and no password-less sudo: install these Debian packages yourself: ${missing[*]}"
    else
      say "installing Debian packages: ${missing[*]}"
      export DEBIAN_FRONTEND=noninteractive
      "${sudo[@]}" apt-get update -qq
      "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
  fi
else
  say "no apt-get here: the keychain needs libsecret (Linux) and the tests need Chromium, gnome-keyring, D-Bus and ffmpeg; see the README."
fi

# The runtime's download is a separate step, so that a machine that cannot reach it still
# installs everything else.
ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm ci --no-audit --no-fund
if [ "${ELECTRON_SKIP_BINARY_DOWNLOAD:-}" != 1 ] && [ "${CI:-}" != true ]; then
  if ! node node_modules/electron/install.js >/dev/null 2>&1; then
    say "the Electron runtime could not be downloaded: npm start will serve OnAir Desk through the browser host."
  fi
fi

if ! node -e "import('keytar').then(() => process.exit(0), () => process.exit(1))" 2>/dev/null; then
  say "keytar (the OS keychain module) was not built: the sandbox works; to add real accounts install libsecret-1-dev and run npm rebuild keytar."
fi
say "ready."
