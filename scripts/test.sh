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

# Built with NODE_ENV=development in the environment, as a staging start may be: the browser must
# still get the production build, which the first-load budget below and the browser tests check.
NODE_ENV=development npm run build && CHROMIUM_PATH="$chromium" node scripts/measure-login-bundle.mjs --check || exit 1
rm -rf reports && mkdir -p reports

npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest-results.json
vitest_status=$?
npx playwright test
playwright_status=$?

node scripts/summarize-tests.mjs "$vitest_status" "$playwright_status"
[ "$vitest_status" -eq 0 ] && [ "$playwright_status" -eq 0 ]
