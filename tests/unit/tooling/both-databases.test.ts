/**
 * The PostgreSQL run in CI takes only the API files listed in tests/api/both-databases.txt (decision
 * 076): a file that chooses what to do by the database it runs on must be listed, or the server's
 * branch would never run; and every listed file must exist.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { apiFilesOnBothDatabases } from "../../../scripts/checks/api-files-on-both-databases.mjs";

const root = path.resolve(import.meta.dirname, "../../..");
const apiDir = path.join(root, "tests/api");
/** What a test that branches on its database names: the server's URL or the embedded engine. */
const BRANCHES_ON_DATABASE = /TEST_DATABASE_URL|pglite/i;

describe("the API files run on both databases", () => {
  const listed = new Set(apiFilesOnBothDatabases());

  it("include every API file that branches on the database it runs on", () => {
    const branching = readdirSync(apiDir, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".test.ts"))
      .filter((file) => BRANCHES_ON_DATABASE.test(readFileSync(path.join(apiDir, file), "utf8")));
    expect(branching.length).toBeGreaterThan(5);
    expect(branching.filter((file) => !listed.has(file))).toEqual([]);
  });

  it("are printed as paths for Vitest, comments and blank lines left out", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["scripts/checks/api-files-on-both-databases.mjs"],
      {
        cwd: root,
      },
    );
    const printed = stdout.trim().split("\n");
    expect(printed).toContain("tests/api/platform/outbox-restart.test.ts");
    expect(printed).toHaveLength(listed.size);
    expect(apiFilesOnBothDatabases("# a comment\n\nnone-such.test.ts\n")).toEqual(["none-such.test.ts"]);
  });
});
