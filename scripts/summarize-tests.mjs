// Prints one closing line for the whole suite from the Vitest and Playwright JSON reports.
import { existsSync, readFileSync } from "node:fs";

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined);
const vitest = read("reports/vitest-results.json");
const playwright = read("reports/e2e-results.json");

let passed = 0;
let failed = 0;
let skipped = 0;
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
} else {
  failed += 1;
  console.log("No Vitest report was written.");
}
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
} else {
  failed += 1;
  console.log("No Playwright report was written.");
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
