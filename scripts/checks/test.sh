#!/usr/bin/env bash
# The whole test suite: unit and API tests (Vitest, real database), then browser tests (Playwright
# driving Chromium against the built app). Installs what it needs when it can.
set -uo pipefail
cd "$(dirname "$0")/../.."

if [ ! -d node_modules ]; then
  npm install --no-audit --no-fund || exit 1
fi

# The browser tests run on Debian's Chromium as its headless shell (chromium-headless-shell, the same
# engine without the browser's own window and UI, which is what Playwright itself runs headless):
# the full browser's headless mode took twice the time and processor for the same tests (decision 073).
chromium="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
if [ ! -x "$chromium" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Chromium's headless shell is missing; installing Debian's chromium-headless-shell package for the browser tests."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null) || {
      echo "Could not install it. Install it with: apt-get install -y chromium-headless-shell" >&2
      exit 1
    }
  else
    echo "The browser tests need Chromium at $chromium. Install it with: sudo apt-get install -y chromium-headless-shell" >&2
    echo "(or point CHROMIUM_PATH at a Chromium or Chrome executable)" >&2
    exit 1
  fi
fi
export CHROMIUM_PATH="$chromium"

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
# Not built again when nothing it is built from changed (scripts/build/build-if-changed.mjs).
phase build env NODE_ENV=development node scripts/build/build-if-changed.mjs || exit 1
phase "first-load budget" node scripts/checks/measure-login-bundle.mjs --check || exit 1

phase unit npm run --silent test:unit -- --reporter=default --reporter=json --outputFile.json=reports/vitest-unit.json
unit_status=$?
phase "API (embedded PGlite)" npm run --silent test:api -- --reporter=default --reporter=json --outputFile.json=reports/vitest-api.json
api_status=$?
phase browser npx playwright test
playwright_status=$?

node scripts/checks/summarize-tests.mjs "$unit_status" "$api_status" "$playwright_status"
[ "$unit_status" -eq 0 ] && [ "$api_status" -eq 0 ] && [ "$playwright_status" -eq 0 ]
