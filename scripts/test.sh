#!/usr/bin/env bash
# The whole test suite: unit and API tests (Vitest, real database), then browser tests (Playwright
# driving Chromium against the built app). Installs what it needs when it can.
set -uo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ]; then
  npm install --no-audit --no-fund || exit 1
fi

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Chromium is missing; installing Debian's chromium package for the browser tests."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || {
      echo "Could not install Chromium. Install it with: apt-get install -y chromium" >&2
      exit 1
    }
  else
    echo "The browser tests need Chromium at $chromium. Install it with: sudo apt-get install -y chromium" >&2
    echo "(or point CHROMIUM_PATH at a Chromium or Chrome executable)" >&2
    exit 1
  fi
fi

# Each phase's time goes to reports/phases.tsv (name, seconds, exit status), which .ci/run prints.
phase() {
  local name=$1 started status
  shift
  started=$(date +%s)
  "$@"
  status=$?
  printf '%s\t%s\t%s\n' "$name" "$(($(date +%s) - started))" "$status" >>reports/phases.tsv
  return "$status"
}
rm -rf reports && mkdir -p reports

# Built with NODE_ENV=development in the environment, as a staging start may be: the browser must
# still get the production build, which the first-load budget below and the browser tests check.
# Not built again when nothing it is built from changed (scripts/build-if-changed.mjs).
phase build env NODE_ENV=development node scripts/build-if-changed.mjs || exit 1
phase "first-load budget" env CHROMIUM_PATH="$chromium" node scripts/measure-login-bundle.mjs --check || exit 1

phase unit npm run --silent test:unit -- --reporter=default --reporter=json --outputFile.json=reports/vitest-unit.json
unit_status=$?
phase "API (embedded PGlite)" npm run --silent test:api -- --reporter=default --reporter=json --outputFile.json=reports/vitest-api.json
api_status=$?
phase browser npx playwright test
playwright_status=$?

node scripts/summarize-tests.mjs "$unit_status" "$api_status" "$playwright_status"
[ "$unit_status" -eq 0 ] && [ "$api_status" -eq 0 ] && [ "$playwright_status" -eq 0 ]
