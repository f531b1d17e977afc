// `npm run build`, unless the last finished build was made from exactly these inputs (their content
// hash, support/build-inputs.mjs): a second `npm start` of unchanged code starts at once. The hash is
// written into dist/ only once a build has finished, so a build that failed halfway is never taken
// as current.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { buildInputsHash } from "./build-inputs.mjs";

const STAMP = "dist/build-inputs.sha256";
const OUTPUTS = ["dist/server/main.js", "dist/client/index.html"];

const inputs = buildInputsHash();
const current =
  existsSync(STAMP) &&
  readFileSync(STAMP, "utf8").trim() === inputs &&
  OUTPUTS.every((file) => existsSync(file));
if (current) {
  console.log("The build is up to date with its sources: not building it again.");
} else {
  rmSync(STAMP, { force: true });
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(STAMP, `${inputs}\n`);
}
