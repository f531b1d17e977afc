/**
 * Mutation testing of the modules that decide money, secrets and access. Each group mutates its
 * modules and runs only the unit and API tests that cover them: a mutant that no test notices is a
 * behaviour nobody would notice breaking. `npm run test:mutation` runs every group
 * (scripts/checks/mutation.mjs); `MUTATION_GROUP=ledger npx stryker run stryker.config.mjs` runs one.
 */
import { MUTATION_GROUPS } from "./scripts/checks/mutation-groups.mjs";

const groupName = process.env.MUTATION_GROUP;
if (groupName !== undefined && !(groupName in MUTATION_GROUPS)) {
  throw new Error(`MUTATION_GROUP must be one of: ${Object.keys(MUTATION_GROUPS).join(", ")}`);
}
// Without a group, one run over every group's modules and tests.
const groups = groupName ? [MUTATION_GROUPS[groupName]] : Object.values(MUTATION_GROUPS);
const group = {
  mutate: groups.flatMap((g) => g.mutate),
  tests: [...new Set(groups.flatMap((g) => g.tests))],
};
// The Vitest config of the run (vitest.mutation.config.ts) reads the group's tests from here.
process.env.MUTATION_TESTS = group.tests.join(",");

export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: group.mutate,
  coverageAnalysis: "perTest",
  // Two test processes on a quiet machine; MUTATION_CONCURRENCY=1 leaves a busy one some room.
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  timeoutMS: 30_000,
  reporters: ["clear-text", "json", "progress-append-only"],
  jsonReporter: { fileName: `reports/mutation/${groupName ?? "all"}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false, reportScoreTable: true },
  // A folder per group, so that groups may run side by side without cleaning up each other's.
  tempDirName: `.stryker-tmp/${groupName ?? "all"}`,
  cleanTempDir: "always",
  thresholds: { high: 90, low: 80, break: null },
};
