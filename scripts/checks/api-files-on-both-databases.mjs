// Prints the API test files that run on both databases (tests/api/both-databases.txt, decision 076),
// one path per line, for `.ci/run` to hand to Vitest; fails when a listed file does not exist, so a
// renamed test is not silently left out of the PostgreSQL run.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const listFile = path.join(root, "tests/api/both-databases.txt");

/** The listed file names, in the list's order. */
export function apiFilesOnBothDatabases(text = readFileSync(listFile, "utf8")) {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = apiFilesOnBothDatabases();
  const missing = files.filter((file) => !existsSync(path.join(root, "tests/api", file)));
  if (missing.length > 0) {
    console.error(`tests/api/both-databases.txt lists files that do not exist: ${missing.join(", ")}`);
    process.exit(1);
  }
  for (const file of files) console.log(`tests/api/${file}`);
}
