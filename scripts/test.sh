#!/usr/bin/env bash
# The README's test command: installs what the suites need on a fresh Debian machine
# (Apertium with the English–Spanish pair, Chromium for the browser tests), the npm
# packages, then type-checks, lints (ESLint + Prettier) and runs every suite. Extra arguments go to vitest.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v apertium >/dev/null 2>&1 || missing+=(apertium)
[ -d /usr/share/apertium/apertium-eng-spa ] || missing+=(apertium-eng-spa)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v prometheus >/dev/null 2>&1 || missing+=(prometheus)
command -v po2tmx >/dev/null 2>&1 || missing+=(translate-toolkit) # TMX interop tests (issue 27)
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  echo "Installing system packages: ${missing[*]}"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# npm ci would be stricter, but npm leaves other platforms' optional rollup packages out of
# the lock file and then refuses it; npm install still installs the locked versions.
npm install --no-audit --no-fund
npm run typecheck
npm run lint
npm test -- "$@"
