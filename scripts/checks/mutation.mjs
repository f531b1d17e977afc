#!/usr/bin/env node
/**
 * Runs mutation testing group by group (stryker.config.mjs) and prints the score of every mutated
 * file at the end. `npm run test:mutation` runs them all; name groups to run only those:
 * `npm run test:mutation -- ledger guards`.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { MUTATION_GROUPS } from "./mutation-groups.mjs";

const wanted = process.argv.slice(2);
const groups = wanted.length > 0 ? wanted : Object.keys(MUTATION_GROUPS);
for (const name of groups) {
  if (!(name in MUTATION_GROUPS)) {
    console.error(`No mutation group "${name}"; the groups are ${Object.keys(MUTATION_GROUPS).join(", ")}`);
    process.exit(2);
  }
}

const rows = [];
for (const name of groups) {
  console.log(`\n== mutation group ${name}`);
  const run = spawnSync("npx", ["stryker", "run", "stryker.config.mjs"], {
    stdio: "inherit",
    env: { ...process.env, MUTATION_GROUP: name },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
  const report = JSON.parse(fs.readFileSync(`reports/mutation/${name}.json`, "utf8"));
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const count = (...statuses) => mutants.filter((m) => statuses.includes(m.status)).length;
    const detected = count("Killed", "Timeout");
    const undetected = count("Survived", "NoCoverage");
    const score = (100 * detected) / Math.max(1, detected + undetected);
    rows.push({ group: name, file, score: score.toFixed(1), killed: detected, survived: undetected });
  }
}
console.log("\nMutation score per file (killed or timed out ÷ all valid mutants):");
console.table(rows);
