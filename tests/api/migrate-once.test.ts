/**
 * A start migrates only when the schema's version changed: a database that has every migration is
 * left alone, and one that lacks the newest gets it.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";

describe("migrating at start", () => {
  it("skips a database that is current, and applies what a database lacks", async () => {
    const database = await openDatabase({ kind: "pglite", inMemory: true });
    try {
      await database.migrate();
      const count = async () => {
        const result = await database.db.execute(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n;
      };
      const applied = await count();
      await database.migrate(); // current: nothing to do
      expect(await count()).toBe(applied);

      // Forget that the newest migration ran: the next start runs it again, which fails here because
      // what it makes is already there (drizzle-kit's statements are not written to be repeated).
      await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      await expect(database.migrate()).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
