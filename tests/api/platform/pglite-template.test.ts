/**
 * A new embedded database starts as a copy of an empty, migrated one (decision 013): the copy is
 * a working database with every table, an existing database or a folder with other files in it is
 * never overwritten, and no half-made copy is left beside it. The entry point starts the copy before
 * the rest of the server loads (decision 059); the driver takes that copy rather than making its own.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/server/platform/db/client";
import { prepareDataDir, startPreparingDataDir } from "../../../src/server/platform/db/pglite-template";
import { users } from "../../../src/server/platform/db/schema";

describe("a new embedded database from the migrated template", () => {
  let root: string;
  let template: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "portal-template-"));
    // Made the way the build makes it: an embedded database in a folder, migrated, closed.
    const made = await openDatabase({ kind: "pglite", dataDir: path.join(root, "build") });
    await made.migrate();
    await made.db.insert(users).values({ name: "Template", email: "in-the-template@example.test" });
    await made.close();
    template = path.join(root, "build", "pgdata");
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** The users' emails in the embedded database of `dataDir`, opened and closed again. */
  async function emailsIn(dataDir: string): Promise<string[]> {
    const database = await openDatabase({ kind: "pglite", dataDir });
    try {
      return (await database.db.select({ email: users.email }).from(users)).map((row) => row.email);
    } finally {
      await database.close();
    }
  }

  it("copies the template into a new folder, which opens as a migrated database", async () => {
    const dataDir = path.join(root, "new");
    await prepareDataDir(path.join(dataDir, "pgdata"), template);
    expect(readdirSync(dataDir)).toEqual(["pgdata"]); // nothing half-made beside it

    const database = await openDatabase({ kind: "pglite", dataDir });
    try {
      await database.migrate();
      const rows = await database.db.select({ email: users.email }).from(users);
      expect(rows).toEqual([{ email: "in-the-template@example.test" }]);
      const buffers = (await database.db.execute(sql`show shared_buffers`)) as unknown as { rows: unknown[] };
      expect(buffers.rows[0]).toEqual({ shared_buffers: "16MB" });
    } finally {
      await database.close();
    }
  });

  it("leaves an existing database alone", async () => {
    const dataDir = path.join(root, "existing");
    const first = await openDatabase({ kind: "pglite", dataDir });
    await first.migrate();
    await first.db.insert(users).values({ name: "Existing", email: "already-here@example.test" });
    await first.close();

    await prepareDataDir(path.join(dataDir, "pgdata"), template);
    expect(await emailsIn(dataDir)).toEqual(["already-here@example.test"]);
  });

  it("does not fill a folder that holds other files", async () => {
    const dir = path.join(root, "occupied", "pgdata");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "notes.txt"), "not a database");
    await prepareDataDir(dir, template);
    expect(readdirSync(dir)).toEqual(["notes.txt"]);
  });

  it("fails a start whose template cannot be copied, and leaves nothing half-made", async () => {
    const parent = path.join(root, "unreadable");
    mkdirSync(parent);
    await expect(
      prepareDataDir(path.join(parent, "pgdata"), path.join(root, "no-such-template")),
    ).rejects.toThrow(/no-such-template/);
    expect(readdirSync(parent)).toEqual([]);
  });

  it("without a template, leaves the folder empty for PGlite's own initdb", async () => {
    const dir = path.join(root, "no-template", "pgdata");
    await prepareDataDir(dir, null);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("gives the copy the entry point started to the driver's first call for that folder", async () => {
    const dataDir = path.join(root, "early");
    const dir = path.join(dataDir, "pgdata");
    const early = startPreparingDataDir(dir, template);
    await prepareDataDir(dir);
    await early;
    expect(await emailsIn(dataDir)).toEqual(["in-the-template@example.test"]);
  });

  it("does not give a folder's early copy to another folder", async () => {
    const early = path.join(root, "early-elsewhere", "pgdata");
    const other = path.join(root, "other", "pgdata");
    void startPreparingDataDir(early, template);
    await prepareDataDir(other, null);
    expect(readdirSync(other)).toEqual([]);
    await prepareDataDir(early); // taken here, so nothing is left running after the test
    expect(readdirSync(early)).toContain("PG_VERSION");
  });

  it("passes an early copy's failure to the driver's first call, not to the entry point", async () => {
    const parent = path.join(root, "early-unreadable");
    mkdirSync(parent);
    const dir = path.join(parent, "pgdata");
    await expect(startPreparingDataDir(dir, path.join(root, "no-such-template"))).resolves.toBeUndefined();
    // A call that made its own copy would copy the build's template, or none: either succeeds.
    await expect(prepareDataDir(dir)).rejects.toThrow(/no-such-template/);
    expect(readdirSync(parent)).toEqual([]);
    await expect(prepareDataDir(dir)).resolves.toBeUndefined(); // taken once: this one is its own
  });
});
