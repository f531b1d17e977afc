/**
 * Fails when a production dependency has a known advisory, as `npm audit --omit=dev` reports it.
 * Where no advisory database can be reached (a registry mirror that refuses the audit endpoint, no
 * network), it says that the dependencies were not checked and does not fail: the check starts
 * failing on the first advisory as soon as a database answers.
 */
import { spawnSync } from "node:child_process";
import { advisoryVerdict } from "./advisory-verdict.mjs";

const audit = spawnSync("npm", ["audit", "--omit=dev", "--json"], {
  encoding: "utf8",
  timeout: 120_000,
});
const verdict = advisoryVerdict(audit.stdout ?? "", audit.status);

if (verdict.kind === "clean") {
  console.log("No known advisory for the production dependencies.");
} else if (verdict.kind === "advisories") {
  console.error(`${verdict.total} production dependencies have a known advisory:`);
  for (const entry of verdict.packages) console.error(`  ${entry}`);
  console.error("Update them (npm audit --omit=dev shows the fix), or record why one stays.");
  process.exit(1);
} else {
  console.log(
    `The dependencies were NOT checked for advisories: no advisory database answered (${verdict.reason}).`,
  );
}
