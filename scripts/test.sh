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
command -v msgunfmt >/dev/null 2>&1 || missing+=(gettext) # Apertium tests read coreutils' msgids; the fidelity bench
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  echo "Installing system packages: ${missing[*]}"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
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
