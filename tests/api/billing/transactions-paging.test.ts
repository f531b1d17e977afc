/**
 * GET /api/transactions a page at a time: keyset paging by (when it happened, id), filters on the
 * server, and an ETag that is the customer's list version, moved on by every change the page shows.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testPayments } from "../../../src/server/platform/adapters/payments/test-payments";
import { listVersions, orders, subscriptions, transactions } from "../../../src/server/platform/db/schema";
import { type TransactionList, transactionListSchema } from "../../../src/shared/api/transactions";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../support/test-app";
import { type SignedInUser, signedInUser } from "../../support/users";

const ADMIN_IP = "127.0.0.78";
const BASE_TIME = Date.UTC(2026, 0, 1);

describe("GET /api/transactions, a page at a time", () => {
  let t: TestApp;
  let customer: SignedInUser;
  let other: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp({
      payments: testPayments({ appUrl: TEST_APP_URL, webhookSecret: "whsec_paging_test" }),
    });
    admin = await signedInUser(t.database.db, t.config, { role: "admin" });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    customer = await signedInUser(t.database.db, t.config);
    other = await signedInUser(t.database.db, t.config);
  });

  const get = (url: string, cookie: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers: { cookie, ...headers } });
  const page = async (url: string, cookie = customer.cookie): Promise<TransactionList> => {
    const res = await get(url, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return transactionListSchema.parse(res.json());
  };

  /** `n` rows of the user, three to a second (so times repeat), products cycling over three names. */
  async function seed(user: SignedInUser, n: number, from = 0) {
    const values = Array.from({ length: n }, (_, i) => ({
      userId: user.user.id,
      uid: user.user.uid,
      source: "stripe" as const,
      eventId: `evt_page_${user.user.id}_${from + i}`,
      eventType: i % 5 === 0 ? "refund.created" : "payment.succeeded",
      product: ["LinkedIn Lite", "LinkedIn Plus", "Sales Navigator"][i % 3] ?? null,
      amountCents: from + i,
      createdTime: new Date(BASE_TIME + Math.floor((from + i) / 3) * 1000),
    }));
    return t.database.db.insert(transactions).values(values).returning({ id: transactions.id });
  }

  /** Every page from the first, following nextCursor. */
  async function walk(query: string, cookie = customer.cookie) {
    const pages: TransactionList[] = [];
    let cursor: string | null = null;
    do {
      const next: TransactionList = await page(
        `/api/transactions?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        cookie,
      );
      pages.push(next);
      cursor = next.nextCursor;
    } while (cursor && pages.length < 100);
    return pages;
  }

  it("walks every row exactly once, newest first, even where rows share a time", async () => {
    await seed(customer, 300);
    // Rows recorded with no event time fall back to when they were recorded, to the microsecond.
    await t.database.db.insert(transactions).values(
      Array.from({ length: 7 }, (_, i) => ({
        userId: customer.user.id,
        source: "test" as const,
        eventId: `evt_page_now_${customer.user.id}_${i}`,
        amountCents: 10_000 + i,
      })),
    );
    await seed(other, 5);

    const pages = await walk("limit=37");
    const rows = pages.flatMap((p) => p.transactions);
    expect(pages).toHaveLength(Math.ceil(307 / 37));
    expect(pages.every((p) => p.total === 307 && p.matching === 307 && p.limit === 37)).toBe(true);
    expect(pages.at(-1)?.nextCursor).toBeNull();
    expect(rows).toHaveLength(307);
    expect(new Set(rows.map((r) => r.id)).size).toBe(307);

    const expected = await t.database.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.userId, customer.user.id))
      .orderBy(
        sql`coalesce(${transactions.createdTime}, ${transactions.createdAt}) desc`,
        sql`${transactions.id} desc`,
      );
    expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(rows.every((r) => r.clientRefId === null && r.amountCents >= 0)).toBe(true);
    expect(rows.slice(0, 7).map((r) => r.amountCents)).toEqual([
      10_006, 10_005, 10_004, 10_003, 10_002, 10_001, 10_000,
    ]);
  });

  it("filters by event type and product on the server, and pages the matching rows", async () => {
    await seed(customer, 120);
    const refunds = await walk("eventType=refund.created&q=lite&limit=5");
    const rows = refunds.flatMap((p) => p.transactions);
    // i % 5 === 0 and i % 3 === 0: every fifteenth row of 120.
    expect(rows).toHaveLength(8);
    expect(rows.every((r) => r.eventType === "refund.created" && r.product === "LinkedIn Lite")).toBe(true);
    expect(refunds[0]).toMatchObject({ total: 120, matching: 8 });
    expect(refunds[0]?.eventTypes).toEqual(["payment.succeeded", "refund.created"]);
    // A search is a part of the name, any case, with its wildcards taken literally.
    expect((await page("/api/transactions?q=%25")).matching).toBe(0);
    expect((await page("/api/transactions?q=NAVIGATOR")).matching).toBe(40);
  });

  it("refuses a cursor it did not give, and a limit out of bounds, with 400 { error }", async () => {
    await seed(customer, 3);
    for (const query of [
      "cursor=abc",
      "cursor=2026-02-30T00:00:00.000000Z~5",
      "cursor=2026-01-01T00:00:00.000Z~5",
      "cursor=2026-01-01T00:00:00.000000Z~0",
      "cursor=2026-01-01T00:00:00.000000Z~99999999999",
      "limit=0",
      "limit=201",
      "limit=ten",
      `q=${"x".repeat(201)}`,
      "q=%00",
    ]) {
      const res = await get(`/api/transactions?${query}`, customer.cookie);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toEqual(["error"]);
    }
    const bounds = await page("/api/transactions?limit=200");
    expect(bounds.transactions).toHaveLength(3);
    expect((await page("/api/transactions?limit=1")).transactions).toHaveLength(1);
    expect((await page("/api/transactions")).limit).toBe(50);
  });

  it("refuses another customer's uid, and answers the customer's own to an admin and while viewing as them", async () => {
    await seed(other, 4);
    const refused = await get(`/api/transactions?uid=${other.user.uid}`, customer.cookie);
    expect(refused.statusCode).toBe(403);
    expect(Object.keys(refused.json())).toEqual(["error"]);
    expect((await page(`/api/transactions?uid=${other.user.uid}`, admin.cookie)).total).toBe(4);
    expect((await page("/api/transactions")).total).toBe(0);

    const viewing = await t.post(
      `/api/admin/customers/${other.user.uid}/view-as`,
      { reason: "Ticket 4712: customer asks about a payment" },
      { headers: { cookie: admin.cookie }, ip: ADMIN_IP },
    );
    expect(viewing.statusCode, viewing.body).toBe(200);
    const seen = await page("/api/transactions?limit=2", admin.cookie);
    expect(seen.total).toBe(4);
    expect(seen.transactions.every((r) => r.amountCents < 4)).toBe(true);
    await t.app.inject({
      method: "DELETE",
      url: "/api/view-as",
      payload: {},
      headers: { origin: TEST_APP_URL, "content-type": "application/json", cookie: admin.cookie },
      remoteAddress: ADMIN_IP,
    });
  });

  describe("the version ETag", () => {
    const etagOf = async (url = "/api/transactions?limit=10") => {
      const res = await get(url, customer.cookie);
      expect(res.statusCode).toBe(200);
      return { etag: String(res.headers.etag), list: transactionListSchema.parse(res.json()) };
    };
    /** The page's answer to a browser that holds `etag`: 304 while unchanged, else the new body. */
    const revalidate = (etag: string, url = "/api/transactions?limit=10") =>
      get(url, customer.cookie, { "if-none-match": etag });

    it("answers 304 for an unchanged page, in either encoding, and a tag per page and filter", async () => {
      await seed(customer, 40);
      const first = await etagOf();
      expect(first.etag).toMatch(/^"tx1-test\.\d+\.[\w-]+"$/);
      const again = await revalidate(first.etag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
      expect(again.headers["cache-control"]).toBe("no-store");

      const zipped = await get("/api/transactions?limit=10", customer.cookie, { "accept-encoding": "gzip" });
      expect(zipped.headers["content-encoding"]).toBe("gzip");
      expect(zipped.headers.etag).not.toBe(first.etag);
      const zippedAgain = await get("/api/transactions?limit=10", customer.cookie, {
        "accept-encoding": "gzip",
        "if-none-match": String(zipped.headers.etag),
      });
      expect(zippedAgain.statusCode).toBe(304);

      const second = await etagOf(`/api/transactions?limit=10&cursor=${first.list.nextCursor}`);
      expect(second.etag).not.toBe(first.etag);
      expect((await etagOf("/api/transactions?limit=10&q=lite")).etag).not.toBe(first.etag);
      // Another customer's tag at the same version names another page.
      const others = await get("/api/transactions?limit=10", other.cookie, { "if-none-match": first.etag });
      expect(others.statusCode).toBe(200);
    });

    it("changes when a row is added, changed or removed, and the next read shows it", async () => {
      const [row] = await seed(customer, 12);
      const start = await etagOf();

      await seed(customer, 1, 500);
      const added = await revalidate(start.etag);
      expect(added.statusCode).toBe(200);
      const afterAdd = transactionListSchema.parse(added.json());
      expect(afterAdd.total).toBe(13);
      expect(afterAdd.transactions[0]?.amountCents).toBe(500);

      const newest = afterAdd.transactions[0]?.id ?? 0;
      await t.database.db
        .update(transactions)
        .set({ product: "Renamed plan" })
        .where(eq(transactions.id, newest));
      const changed = await revalidate(String(added.headers.etag));
      expect(changed.statusCode).toBe(200);
      expect(transactionListSchema.parse(changed.json()).transactions[0]?.product).toBe("Renamed plan");

      await t.database.db.delete(transactions).where(eq(transactions.id, row?.id ?? 0));
      const removed = await revalidate(String(changed.headers.etag));
      expect(removed.statusCode).toBe(200);
      const afterRemove = transactionListSchema.parse(removed.json());
      expect(afterRemove.total).toBe(12);
      expect(afterRemove.transactions.map((r) => r.id)).not.toContain(row?.id);

      // A row moving to another customer changes both lists.
      const otherStart = await get("/api/transactions", other.cookie);
      await t.database.db
        .update(transactions)
        .set({ userId: other.user.id })
        .where(eq(transactions.id, newest));
      expect((await revalidate(String(removed.headers.etag))).statusCode).toBe(200);
      const otherNow = await get("/api/transactions", other.cookie, {
        "if-none-match": String(otherStart.headers.etag),
      });
      expect(otherNow.statusCode).toBe(200);
      expect(transactionListSchema.parse(otherNow.json()).transactions.map((r) => r.id)).toEqual([newest]);
    });

    it("changes when a failed payment is paid by a row the customer does not own, and Pay now goes", async () => {
      const [failed] = await t.database.db
        .insert(transactions)
        .values({
          userId: customer.user.id,
          source: "test",
          eventId: `evt_failed_${customer.user.id}`,
          eventType: "payment.failed",
          invoiceId: `in_paging_${customer.user.id}`,
          createdTime: new Date(BASE_TIME),
        })
        .returning();
      const before = await etagOf();
      expect(before.list.transactions.find((r) => r.id === failed?.id)?.payNow).toBe(true);

      // The paid event arrives naming no customer: still the same invoice, so the failure is paid.
      await t.database.db.insert(transactions).values({
        userId: null,
        source: "test",
        eventId: `evt_paid_${customer.user.id}`,
        eventType: "payment.succeeded",
        invoiceId: `in_paging_${customer.user.id}`,
      });
      const after = await revalidate(before.etag);
      expect(after.statusCode).toBe(200);
      const list = transactionListSchema.parse(after.json());
      expect(list.total).toBe(1);
      expect(list.transactions[0]?.payNow).toBe(false);
    });

    it("changes when a checkout arrives that its first invoice repeats, and the invoice leaves the list", async () => {
      const invoiceId = `in_first_${customer.user.id}`;
      const [invoice] = await t.database.db
        .insert(transactions)
        .values({
          userId: customer.user.id,
          source: "stripe",
          eventId: `evt_first_invoice_${customer.user.id}`,
          eventType: "payment.succeeded",
          invoiceId,
          createdTime: new Date(BASE_TIME),
        })
        .returning();
      const before = await etagOf();
      expect(before.list.transactions.map((r) => r.id)).toEqual([invoice?.id]);

      // The checkout names no customer yet; it is still the same payment as the invoice.
      await t.database.db.insert(transactions).values({
        userId: null,
        source: "stripe",
        eventId: `evt_first_checkout_${customer.user.id}`,
        eventType: "checkout.session.completed",
        invoiceId,
      });
      const after = await revalidate(before.etag);
      expect(after.statusCode).toBe(200);
      expect(transactionListSchema.parse(after.json())).toMatchObject({ total: 0, transactions: [] });
    });

    it("changes when an order or a plan gives the customer a billing account", async () => {
      const viaOrder = await etagOf();
      expect(viaOrder.list.billingAccount).toBe("none");
      const [order] = await t.database.db
        .insert(orders)
        .values({
          userId: customer.user.id,
          provider: "test",
          channel: "checkout",
          lines: [],
          subtotalCents: 100,
          totalCents: 100,
        })
        .returning();
      // An order without a Stripe customer changes nothing the list shows.
      expect((await revalidate(viaOrder.etag)).statusCode).toBe(304);
      await t.database.db
        .update(orders)
        .set({ stripeCustomerId: `cus_paging_${customer.user.id}` })
        .where(eq(orders.id, order?.id ?? 0));
      const ready = await revalidate(viaOrder.etag);
      expect(ready.statusCode).toBe(200);
      expect(transactionListSchema.parse(ready.json())).toMatchObject({
        billingAccount: "ready",
        canManageBilling: true,
      });

      // The other customer gets theirs from a plan.
      const otherBefore = await get("/api/transactions", other.cookie);
      expect(transactionListSchema.parse(otherBefore.json()).billingAccount).toBe("none");
      await t.database.db.insert(subscriptions).values({
        userId: other.user.id,
        subscriptionId: `sub_paging_${other.user.id}`,
        provider: "test",
        stripeCustomerId: `cus_paging_plan_${other.user.id}`,
        status: "active",
        product: "plus",
        quantity: 1,
        amountCents: 13400,
        eventCreated: new Date(BASE_TIME),
      });
      const otherAfter = await get("/api/transactions", other.cookie, {
        "if-none-match": String(otherBefore.headers.etag),
      });
      expect(otherAfter.statusCode).toBe(200);
      expect(transactionListSchema.parse(otherAfter.json()).billingAccount).toBe("ready");
    });

    it("keeps a version per customer in the database that every change moves on", async () => {
      const version = async (userId: number) =>
        (
          await t.database.db
            .select({ v: listVersions.version })
            .from(listVersions)
            .where(and(eq(listVersions.list, "transactions"), eq(listVersions.userId, userId)))
        )[0]?.v ?? 0;
      expect(await version(customer.user.id)).toBe(0);
      await seed(customer, 2);
      const afterInsert = await version(customer.user.id);
      expect(afterInsert).toBeGreaterThan(0);
      await t.database.db
        .update(transactions)
        .set({ product: "x" })
        .where(eq(transactions.userId, customer.user.id));
      expect(await version(customer.user.id)).toBeGreaterThan(afterInsert);
      expect(await version(other.user.id)).toBe(0);
    });
  });
});
