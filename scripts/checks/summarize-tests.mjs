// Prints one closing line for the whole suite from the Vitest and Playwright JSON reports. A runner
// that could not start or run (a web server that never came up, a test file that failed to load)
// counts as a failure even when it reported no failed test. Usage: summarize-tests.mjs [unit exit
// status] [API exit status] [playwright exit status].
import { existsSync, readFileSync } from "node:fs";

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined);
const [unitStatus = "0", apiStatus = "0", playwrightStatus = "0"] = process.argv.slice(2);

let passed = 0;
let failed = 0;
let skipped = 0;

/** Adds a runner's failures that are not failed tests, and a non-zero exit no report explains. */
function runnerFailures(name, counted, problems, status) {
  for (const problem of problems) console.log(`${name}: ${problem}`);
  let extra = problems.length;
  if (status !== "0" && counted + extra === 0) {
    console.log(`${name} exited with status ${status} without reporting a failed test.`);
    extra += 1;
  }
  failed += extra;
}

/** The titles of the tests whose first try failed and whose retry passed, from the JSON report. */
function flakyTitles(suites, prefix = []) {
  const titles = [];
  for (const suite of suites) {
    const path = suite.title ? [...prefix, suite.title] : prefix;
    for (const spec of suite.specs ?? []) {
      if ((spec.tests ?? []).some((test) => test.status === "flaky"))
        titles.push([...path, spec.title].join(" › "));
    }
    titles.push(...flakyTitles(suite.suites ?? [], path));
  }
  return titles;
}

for (const [name, file, status] of [
  ["Vitest (unit)", "reports/vitest-unit.json", unitStatus],
  ["Vitest (API)", "reports/vitest-api.json", apiStatus],
]) {
  const vitest = read(file);
  if (!vitest) {
    runnerFailures(name, 0, ["no report was written"], status);
    continue;
  }
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
  const brokenFiles = (vitest.testResults ?? [])
    .filter((file) => file.status === "failed" && (file.assertionResults ?? []).length === 0)
    .map((file) => `could not run ${file.name}: ${String(file.message ?? "").split("\n")[0]}`);
  runnerFailures(name, vitest.numFailedTests, brokenFiles, status);
}

const playwright = read("reports/e2e-results.json");
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
  if (playwright.stats.flaky > 0) {
    console.log(`Playwright: ${playwright.stats.flaky} test(s) passed only on a retry (flaky):`);
    for (const title of flakyTitles(playwright.suites ?? [])) console.log(`  ${title}`);
  }
  const errors = (playwright.errors ?? []).map((error) => String(error.message ?? error).split("\n")[0]);
  runnerFailures("Playwright", playwright.stats.unexpected, errors, playwrightStatus);
} else {
  runnerFailures("Playwright", 0, ["no report was written"], playwrightStatus);
}

console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
