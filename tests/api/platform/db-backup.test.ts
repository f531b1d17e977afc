/**
 * `npm run db:backup` and `npm run db:restore`, run as an operator runs them: the command line on a
 * DATA_DIR, with the database's rows checked before and after.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/server/platform/db/client";
import { users } from "../../../src/server/platform/db/schema";
import { projectRoot } from "../../../src/server/platform/paths";

const dataDir = mkdtempSync(path.join(tmpdir(), "portal-backup-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function cli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(
    path.join(projectRoot, "node_modules/.bin/tsx"),
    [path.join(projectRoot, "src/server/platform/db/backup-cli.ts"), ...args],
    { env: { ...process.env, DATABASE_URL: "", NODE_ENV: "development", DATA_DIR: dataDir, ...env } },
  );
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, output })),
  );
}

async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>) {
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}

const emails = () =>
  withDatabase(async ({ db }) =>
    (await db.select({ email: users.email }).from(users)).map((r) => r.email).sort(),
  );

describe("backing up and restoring the embedded database", () => {
  // The embedded database alone: the suite's second run, on a PostgreSQL server, has nothing to add.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "brings back what a backup held, keeps what it replaced, and refuses what it cannot do safely",
    async () => {
      await withDatabase(({ db }) =>
        db.insert(users).values({ email: "kept@example.com", name: "Kept" }).returning(),
      );
      const file = path.join(dataDir, "nightly.tar.gz");

      // Not while the database is open (a portal runs on it): the copy could hold half a write.
      const open = await openDatabase({ kind: "pglite", dataDir });
      await open.ready();
      const refused = await cli(["backup", file]);
      await open.close();
      expect(refused.code).toBe(1);
      expect(refused.output).toContain("stop the portal first");
      expect(existsSync(file)).toBe(false);

      const backup = await cli(["backup", file]);
      expect(backup.code).toBe(0);
      expect(backup.output).toContain(`Backed up the embedded database to ${file}`);
      expect(existsSync(file)).toBe(true);

      // Changes after the backup...
      await withDatabase(async ({ db }) => {
        await db.delete(users).where(eq(users.email, "kept@example.com"));
        await db.insert(users).values({ email: "later@example.com", name: "Later" });
      });
      expect(await emails()).toEqual(["later@example.com"]);

      // ...a file that is not a backup changes nothing...
      const notABackup = path.join(dataDir, "not-a-backup.tar.gz");
      writeFileSync(notABackup, "hello");
      const bad = await cli(["restore", notABackup]);
      expect(bad.code).toBe(1);
      expect(bad.output).toContain("is not a backup of the embedded database");
      expect(await emails()).toEqual(["later@example.com"]);

      // ...and the restore brings back the backup's rows, keeping the replaced database beside it.
      const restore = await cli(["restore", file]);
      expect(restore.code).toBe(0);
      expect(restore.output).toContain(`Restored the embedded database from ${file}`);
      expect(await emails()).toEqual(["kept@example.com"]);
      const kept = readdirSync(dataDir).filter((name) => name.startsWith("pgdata.before-restore-"));
      expect(kept).toHaveLength(1);

      // A backup named by default lands in DATA_DIR/backups.
      const named = await cli(["backup"]);
      expect(named.code).toBe(0);
      expect(readdirSync(path.join(dataDir, "backups"))).toEqual([
        expect.stringMatching(/^portal-backup-.*\.tar\.gz$/),
      ]);
    },
    120_000,
  );

  it("points a PostgreSQL operator at pg_dump and pg_restore", async () => {
    const answer = await cli(["backup"], { DATABASE_URL: "postgres://portal@127.0.0.1:1/portal" });
    expect(answer.code).toBe(2);
    expect(answer.output).toContain("pg_dump --format=custom");
    expect(answer.output).toContain("pg_restore");
  });
});
