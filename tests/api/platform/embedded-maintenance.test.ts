/**
 * The embedded database has no autovacuum, so the portal gathers its statistics itself
 * (db/embedded-maintenance.ts, decision 045): a table that changed enough is analyzed, one whose dead
 * rows pile up is vacuumed, and a table that did not change is left alone. A PostgreSQL server's own
 * autovacuum does this there, so the pass does nothing.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maintainEmbeddedDatabase } from "../../../src/server/platform/db/embedded-maintenance";
import { transactions, users } from "../../../src/server/platform/db/schema";
import { createTestApp, type TestApp } from "../../support/test-app";

interface TableStats {
  analyzed: boolean;
  vacuumed: boolean;
  changedSinceAnalyze: number;
}

describe("embedded database maintenance", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const statsOf = async (table: string): Promise<TableStats> => {
    const [row] = await t.database.db
      .select({
        analyzed: sql<boolean>`last_analyze is not null`,
        vacuumed: sql<boolean>`last_vacuum is not null`,
        changed: sql<number>`n_mod_since_analyze`.mapWith(Number),
      })
      .from(sql`pg_stat_user_tables`)
      .where(sql`relname = ${table}`);
    if (!row) throw new Error(`no statistics row for ${table}`);
    return { analyzed: row.analyzed, vacuumed: row.vacuumed, changedSinceAnalyze: row.changed };
  };

  it("analyzes a table that changed, vacuums one with dead rows, and leaves the rest alone", async () => {
    const [owner] = await t.database.db
      .insert(users)
      .values({ email: "ledger-owner@example.test", name: "Ledger Owner" })
      .returning();
    if (!owner) throw new Error("no user");
    await t.database.db.insert(transactions).values(
      Array.from({ length: 400 }, (_, i) => ({
        userId: owner.id,
        uid: owner.uid,
        source: "airtable" as const,
        airtableRecordId: `recMaint${String(i).padStart(9, "0")}`,
        eventType: "payment.succeeded",
        amountCents: 9_800,
      })),
    );
    // Every row rewritten: 400 dead rows, past the vacuum threshold of 50 + 20 % of 400.
    await t.database.db.update(transactions).set({ name: "Rewritten" });

    const maintained = await maintainEmbeddedDatabase(t.database);

    if (t.database.kind === "postgres") {
      expect(maintained).toEqual([]);
      return;
    }
    expect(maintained).toContainEqual({ name: "transactions", vacuum: true });
    expect(maintained.map((table) => table.name)).not.toContain("orders");
    const ledger = await statsOf("transactions");
    expect(ledger).toEqual({ analyzed: true, vacuumed: true, changedSinceAnalyze: 0 });
    expect((await statsOf("orders")).analyzed).toBe(false);

    // Nothing changed since: the next pass has nothing to do for the ledger.
    expect((await maintainEmbeddedDatabase(t.database)).map((table) => table.name)).not.toContain(
      "transactions",
    );
  });
});
