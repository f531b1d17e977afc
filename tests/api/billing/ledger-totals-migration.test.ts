/**
 * Migration 0032 on a database that holds what the portal wrote before it: the further rows that
 * events with new ids added for one paid checkout session go, the first stays, and the unpaid orders
 * payment links started leave the customer's list. Its statements that change rows are run again on
 * such a database (the session index dropped first, as before the migration), on both databases.
 */
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { orders, transactions } from "../../../src/server/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";
import { insertUser } from "../../support/users";

const STATEMENTS = readFileSync(
  new URL(
    "../../../src/server/platform/db/migrations/0032_ledger_totals_and_link_orders.sql",
    import.meta.url,
  ),
  "utf8",
)
  .split("--> statement-breakpoint")
  .filter((statement) => /^\s*(-- .*\n)*\s*(DELETE|UPDATE|CREATE UNIQUE INDEX)/.test(statement));

describe("migration 0032", () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.destroy();
  });

  it("keeps the first payment of a checkout session and hides unpaid payment-link orders", async () => {
    const { db } = database;
    expect(STATEMENTS).toHaveLength(3);
    await db.execute(sql`drop index "transactions_checkout_session_key"`);
    const user = await insertUser(db, {});
    const checkout = (eventId: string, csLiveId: string, source: "stripe" | "airtable") => ({
      eventId,
      csLiveId,
      source,
      userId: user.id,
      eventType: "checkout.session.completed",
      amountCents: 8000,
    });
    await db.insert(transactions).values([
      checkout("evt_first", "cs_paid", "stripe"),
      checkout("evt_again", "cs_paid", "stripe"),
      checkout("evt_third", "cs_paid", "stripe"),
      checkout("evt_other", "cs_other", "stripe"),
      // The operator's base keeps its own rows.
      checkout("evt_base_1", "cs_base", "airtable"),
      checkout("evt_base_2", "cs_base", "airtable"),
    ]);
    const order = (channel: "checkout" | "pay-link", status: "open" | "paid" | "expired") => ({
      userId: user.id,
      provider: "test" as const,
      channel,
      status,
      lines: [],
      subtotalCents: 0,
      totalCents: 0,
    });
    const placed = await db
      .insert(orders)
      .values([
        order("pay-link", "open"),
        order("pay-link", "expired"),
        order("pay-link", "paid"),
        order("checkout", "open"),
      ])
      .returning({ id: orders.id });

    for (const statement of STATEMENTS) await db.execute(sql.raw(statement));

    const left = await db
      .select({ eventId: transactions.eventId })
      .from(transactions)
      .where(eq(transactions.userId, user.id))
      .orderBy(transactions.id);
    expect(left.map((row) => row.eventId)).toEqual(["evt_first", "evt_other", "evt_base_1", "evt_base_2"]);
    const hidden = await db
      .select({ id: orders.id, byLinkHolder: orders.byLinkHolder })
      .from(orders)
      .where(eq(orders.userId, user.id))
      .orderBy(orders.id);
    expect(hidden.map((row) => row.byLinkHolder)).toEqual([true, true, false, false]);
    expect(hidden.map((row) => row.id)).toEqual(placed.map((row) => row.id));
  });
});
