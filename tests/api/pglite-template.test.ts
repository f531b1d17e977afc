/**
 * A new embedded database starts as a copy of an empty, migrated one (decision 013): the copy is
 * a working database with every table, an existing database or a folder with other files in it is
 * never overwritten, and no half-made copy is left beside it.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { prepareDataDir } from "../../src/server/db/pglite-template";
import { users } from "../../src/server/db/schema";

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
    const again = await openDatabase({ kind: "pglite", dataDir });
    try {
      const rows = await again.db.select({ email: users.email }).from(users);
      expect(rows).toEqual([{ email: "already-here@example.test" }]);
    } finally {
      await again.close();
    }
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
});
