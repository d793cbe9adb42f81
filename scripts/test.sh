#!/usr/bin/env bash
# The README's test command: installs what the suites need on a fresh Debian machine
# (Apertium as the README tells users to install it, plus a second pair; Chromium for the browser
# tests), the npm packages, then type-checks, lints (ESLint + Prettier) and runs every suite. Extra arguments go to vitest.
set -euo pipefail
cd "$(dirname "$0")/.."

apt_install() { # apt_install [apt options] packages…
  local sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  if [ -z "${apt_updated:-}" ]; then
    $sudo_cmd apt-get update -qq
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "$@" >/dev/null
}

# Apertium as a user gets it from `apt-get install apertium apertium-eng-spa`: WITH Apertium's
# recommends (Transfuse, which `apertium -f html` then uses instead of its own deformatter), and
# apertium-eng-cat beside it, so that no test can pass only where eng-spa is the one pair or only
# without Transfuse (issue 41). Transfuse is named because a machine that got Apertium without its
# recommends does not get them from a second install.
apertium_missing=()
command -v apertium >/dev/null 2>&1 || apertium_missing+=(apertium)
command -v tf-extract >/dev/null 2>&1 || apertium_missing+=(transfuse)
[ -d /usr/share/apertium/apertium-eng-spa ] || apertium_missing+=(apertium-eng-spa)
[ -d /usr/share/apertium/apertium-eng-cat ] || apertium_missing+=(apertium-eng-cat) # a second pair
if [ ${#apertium_missing[@]} -gt 0 ]; then
  echo "Installing Apertium as the README does (with its recommends): ${apertium_missing[*]}"
  apt_install "${apertium_missing[@]}"
fi

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v prometheus >/dev/null 2>&1 || missing+=(prometheus)
command -v po2tmx >/dev/null 2>&1 || missing+=(translate-toolkit) # TMX interop tests (issue 27)
command -v msgunfmt >/dev/null 2>&1 || missing+=(gettext) # Apertium tests read coreutils' msgids; the fidelity bench
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing system packages: ${missing[*]}"
  apt_install --no-install-recommends "${missing[@]}"
fi

# The npm packages, unless node_modules already is what the lock file says: npm's own record of the
# last install (node_modules/.package-lock.json) is newer than package.json and package-lock.json, and
# `npm ls` finds nothing missing or invalid. A fresh clone, a changed lock or a broken tree installs
# (and `prepare` builds); a repeated run goes straight to the checks. The suites rebuild the dashboard
# and the CLI they test only when their sources changed (caches in node_modules/.cache).
installed=node_modules/.package-lock.json
if [ -f "$installed" ] && [ "$installed" -nt package.json ] && [ "$installed" -nt package-lock.json ] \
  && npm ls --all >/dev/null 2>&1; then
  echo "npm packages match package-lock.json: skipping npm install"
else
  npm install --no-audit --no-fund
fi
npm run typecheck
npm run lint
npm test -- "$@"
