/**
 * A start migrates only when the schema's version changed: a database that has every migration is
 * left alone, and one that lacks the newest gets it.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/server/platform/db/client";

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

      // Forget that the newest migration ran: the next start runs it again. A migration drizzle-kit
      // wrote fails then, as what it makes is already there; one written to be repeated is recorded
      // again. A start that skipped it would leave the record missing.
      await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const rerun = await database.migrate().then(
        () => "recorded again",
        () => "refused",
      );
      if (rerun === "recorded again") expect(await count()).toBe(applied);
    } finally {
      await database.close();
    }
  });
});
