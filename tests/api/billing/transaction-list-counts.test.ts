/**
 * The transactions list's totals and type filter come from counts by type that the ledger's triggers
 * keep (migration 0026, decision 048), less the checkouts' first invoices, which the list leaves out
 * (decision 030). Whatever a statement does to the ledger, that must be what counting the customer's
 * shown rows gives: rows coming, going, changing type or owner, a checkout arriving after or before
 * its invoice, and a checkout going away again.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countedNow, transactionCounts } from "../../../src/server/features/billing/transactions-queries";
import { orders, transactions, users } from "../../../src/server/platform/db/schema";
import { createTestApp, type TestApp } from "../../support/test-app";
import { insertUser } from "../../support/users";

type NewRow = typeof transactions.$inferInsert;

describe("the transactions list's kept counts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let serial = 0;
  const row = (owner: { id: number; uid: string }, fields: Partial<NewRow>): NewRow => {
    serial += 1;
    return {
      userId: owner.id,
      uid: owner.uid,
      source: "stripe",
      eventId: `evt_counts_${serial}`,
      eventType: "payment.succeeded",
      amountCents: 9_800,
      ...fields,
    };
  };

  const kept = (userId: number) => transactionCounts(t.database.db, userId, {});
  const counted = async (userId: number) => {
    const [now] = await countedNow(t.database.db, userId, sql`true`);
    return {
      total: now?.total ?? 0,
      matching: now?.matching ?? 0,
      eventTypes: [...(now?.eventTypes ?? [])].sort(),
    };
  };
  /** The kept counts of every customer, against counting their rows now. */
  const expectKeptAsCounted = async (...userIds: number[]) => {
    for (const userId of userIds) expect(await kept(userId)).toEqual(await counted(userId));
  };

  it("follows rows coming, changing and going, and a checkout hiding its first invoice", async () => {
    const db = t.database.db;
    const ann = await insertUser(db);
    const ben = await insertUser(db);
    expect(await kept(ann.id)).toEqual({ total: 0, matching: 0, eventTypes: [] });

    // Several rows of two customers in one statement, one with no event type.
    await db
      .insert(transactions)
      .values([
        row(ann, {}),
        row(ann, { eventType: "payment.failed" }),
        row(ann, { eventType: null }),
        row(ben, {}),
        row(ben, { eventType: "refund.created" }),
      ]);
    expect(await kept(ann.id)).toEqual({
      total: 3,
      matching: 3,
      eventTypes: ["payment.failed", "payment.succeeded"],
    });
    await expectKeptAsCounted(ann.id, ben.id);

    // An invoice paid, then its checkout: the invoice leaves the list, the checkout joins it.
    await db.insert(transactions).values(row(ann, { invoiceId: "in_first", receiptUrl: "https://r/1" }));
    expect((await kept(ann.id)).total).toBe(4);
    await db
      .insert(transactions)
      .values(row(ann, { eventType: "checkout.session.completed", invoiceId: "in_first" }));
    expect(await kept(ann.id)).toEqual({
      total: 4,
      matching: 4,
      eventTypes: ["checkout.session.completed", "payment.failed", "payment.succeeded"],
    });
    await expectKeptAsCounted(ann.id, ben.id);

    // A checkout first, then the invoice that is its first: hidden from the start.
    await db
      .insert(transactions)
      .values(row(ben, { eventType: "checkout.session.completed", invoiceId: "in_second" }));
    await db.insert(transactions).values(row(ben, { invoiceId: "in_second" }));
    expect((await kept(ben.id)).total).toBe(3);
    await expectKeptAsCounted(ann.id, ben.id);

    // The same by order and receipt, for a checkout that named no invoice.
    const [order] = await db
      .insert(orders)
      .values({
        userId: ann.id,
        provider: "test",
        channel: "checkout",
        lines: [],
        subtotalCents: 1,
        totalCents: 1,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error("no order");
    await db
      .insert(transactions)
      .values([
        row(ann, { eventType: "checkout.session.completed", orderId: order.id, receiptUrl: "https://r/2" }),
        row(ann, { orderId: order.id, receiptUrl: "https://r/2" }),
        row(ann, { orderId: order.id, receiptUrl: "https://r/other" }),
      ]);
    await expectKeptAsCounted(ann.id, ben.id);

    // A change that moves nothing between counts, then ones that do: a type, an owner.
    await db.update(transactions).set({ name: "Renamed" }).where(eq(transactions.userId, ann.id));
    await expectKeptAsCounted(ann.id, ben.id);
    await db
      .update(transactions)
      .set({ eventType: "refund.created" })
      .where(and(eq(transactions.userId, ann.id), eq(transactions.eventType, "payment.failed")));
    await db
      .update(transactions)
      .set({ userId: ben.id, uid: ben.uid })
      .where(and(eq(transactions.userId, ann.id), sql`${transactions.eventType} is null`));
    expect((await kept(ben.id)).total).toBe(4);
    await expectKeptAsCounted(ann.id, ben.id);

    // The checkout stops being one, then goes: its invoice is shown again each time it matters.
    const before = (await kept(ann.id)).total;
    await db
      .update(transactions)
      .set({ eventType: "checkout.session.expired" })
      .where(eq(transactions.invoiceId, "in_first"))
      .execute();
    await expectKeptAsCounted(ann.id, ben.id);
    await db
      .delete(transactions)
      .where(and(eq(transactions.userId, ben.id), eq(transactions.eventType, "checkout.session.completed")));
    expect((await kept(ben.id)).total).toBe(4);
    await expectKeptAsCounted(ann.id, ben.id);
    expect((await kept(ann.id)).total).toBe(before + 1);

    // Rows of both customers deleted in one statement; then a customer removed, their rows kept unowned.
    const some = await db
      .select({ id: transactions.id })
      .from(transactions)
      .where(inArray(transactions.userId, [ann.id, ben.id]))
      .limit(3);
    await db.delete(transactions).where(
      inArray(
        transactions.id,
        some.map((found) => found.id),
      ),
    );
    await expectKeptAsCounted(ann.id, ben.id);
    await db.delete(users).where(eq(users.id, ben.id));
    expect(await kept(ben.id)).toEqual({ total: 0, matching: 0, eventTypes: [] });
    await expectKeptAsCounted(ann.id);
  });

  it("forgets every count when the ledger is emptied at once", async () => {
    const db = t.database.db;
    const cat = await insertUser(db);
    await db.insert(transactions).values([row(cat, {}), row(cat, { eventType: "payment.failed" })]);
    expect((await kept(cat.id)).total).toBe(2);
    await db.execute(sql`truncate table ${transactions}`);
    expect(await kept(cat.id)).toEqual({ total: 0, matching: 0, eventTypes: [] });
  });
});
