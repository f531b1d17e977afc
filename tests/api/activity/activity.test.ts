import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPayments } from "../../../src/server/platform/adapters/payments/test-payments";
import { auditEvents, orders, syncRuns, transactions } from "../../../src/server/platform/db/schema";
import { type ActivityItem, activitySchema } from "../../../src/shared/api/activity";
import { insertAccount, secretsFor } from "../../support/linkedin-accounts";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../support/test-app";
import { type SignedInUser, signedInCast, signedInUser } from "../../support/users";

describe("GET /api/activity", () => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let admin: SignedInUser;
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
  const firstRunAt = minutesAgo(30);

  beforeAll(async () => {
    t = await createTestApp({
      payments: testPayments({ appUrl: TEST_APP_URL, webhookSecret: "whsec_activity_test" }),
    });
    const db = t.database.db;
    ({ alice, bob, admin } = await signedInCast(db, t.config));
    const run = { trigger: "customer", source: "csv" } as const;
    await db.insert(syncRuns).values([
      {
        ...run,
        kind: "user",
        scopeUid: alice.user.uid,
        status: "succeeded",
        synced: 4,
        errors: 1,
        startedAt: firstRunAt,
      },
      {
        ...run,
        kind: "user",
        scopeUid: alice.user.uid,
        status: "failed",
        synced: 0,
        errors: 0,
        startedAt: minutesAgo(10),
      },
      // Not Alice's: Bob's own run, and runs of every customer.
      {
        ...run,
        kind: "user",
        scopeUid: bob.user.uid,
        status: "succeeded",
        synced: 9,
        startedAt: minutesAgo(5),
      },
      { ...run, kind: "full", trigger: "admin", status: "succeeded", synced: 99, startedAt: minutesAgo(3) },
    ]);
  });
  afterAll(() => t.close());

  const activity = (cookie?: string) =>
    t.app.inject({ method: "GET", url: "/api/activity", headers: cookie ? { cookie } : {} });
  const reveal = (id: number, cookie: string, secret: string) =>
    t.post(`/api/accounts/linkedin/${id}/reveal`, { secret }, { headers: { cookie } });

  it("answers 401 when signed out", async () => {
    expect((await activity()).statusCode).toBe(401);
  });

  it("merges the user's syncs and the reveals of their accounts, newest first, and nothing of others'", async () => {
    const mine = await insertAccount(t.database.db, alice.user, secretsFor(1), {
      linkedinEmail: "mine@example.test",
    });
    const named = await insertAccount(t.database.db, alice.user, secretsFor(2), {
      linkedinEmail: null,
      firstName: "Nameonly",
    });
    const bobs = await insertAccount(t.database.db, bob.user, secretsFor(3));
    expect((await reveal(mine.id, alice.cookie, "password")).statusCode).toBe(200);
    expect((await reveal(named.id, admin.cookie, "recoveryCodes")).statusCode).toBe(200);
    expect((await reveal(bobs.id, bob.cookie, "password")).statusCode).toBe(200);

    const res = await activity(alice.cookie);
    expect(res.statusCode).toBe(200);
    const { items } = activitySchema.parse(res.json());
    expect(items.map(({ at: _, ...item }) => item)).toEqual([
      { type: "reveal", secret: "recoveryCodes", account: "Nameonly", accounts: 1, byAnotherUser: true },
      { type: "reveal", secret: "password", account: "mine@example.test", accounts: 1, byAnotherUser: false },
      { type: "sync", kind: "user", status: "failed", synced: 0, errors: 0 },
      { type: "sync", kind: "user", status: "succeeded", synced: 4, errors: 1 },
    ]);
    const times = items.map((item) => Date.parse(item.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(items[3]?.at).toBe(firstRunAt.toISOString());

    const bobsItems = activitySchema.parse((await activity(bob.cookie)).json()).items;
    expect(bobsItems.map((item) => item.type)).toEqual(["reveal", "sync"]);
    expect(JSON.stringify(bobsItems)).not.toContain("mine@example.test");
  });

  it("gives one export of many accounts one item, with how many it covered", async () => {
    const erin = await signedInUser(t.database.db, t.config);
    const accounts = [];
    for (let i = 0; i < 40; i++) {
      accounts.push(
        await insertAccount(t.database.db, erin.user, secretsFor(100 + i), {
          linkedinEmail: `erin-${String(i).padStart(2, "0")}@example.test`,
        }),
      );
    }
    const [first, second] = accounts;
    if (!first || !second) throw new Error("no accounts");
    expect((await reveal(first.id, erin.cookie, "password")).statusCode).toBe(200);
    const exported = await t.post(
      `/api/accounts/linkedin/user/${erin.user.uid}/export-secrets`,
      { accountIds: accounts.map((account) => account.id) },
      { headers: { cookie: erin.cookie } },
    );
    expect(exported.statusCode).toBe(200);
    // A second export of two accounts is an action of its own.
    const again = await t.post(
      `/api/accounts/linkedin/user/${erin.user.uid}/export-secrets`,
      { accountIds: [first.id, second.id] },
      { headers: { cookie: erin.cookie } },
    );
    expect(again.statusCode).toBe(200);
    expect((await reveal(second.id, erin.cookie, "password")).statusCode).toBe(200);

    const { items } = activitySchema.parse((await activity(erin.cookie)).json());
    expect(items.map(({ at: _, ...item }) => item)).toEqual([
      {
        type: "reveal",
        secret: "password",
        account: "erin-01@example.test",
        accounts: 1,
        byAnotherUser: false,
      },
      {
        type: "reveal",
        secret: "export",
        account: "erin-00@example.test",
        accounts: 2,
        byAnotherUser: false,
      },
      {
        type: "reveal",
        secret: "export",
        account: "erin-00@example.test",
        accounts: 40,
        byAnotherUser: false,
      },
      {
        type: "reveal",
        secret: "password",
        account: "erin-00@example.test",
        accounts: 1,
        byAnotherUser: false,
      },
    ]);
  });

  it("shows only the 10 most recent items", async () => {
    const carol = await signedInUser(t.database.db, t.config);
    const account = await insertAccount(
      t.database.db,
      carol.user,
      {},
      { linkedinEmail: "carol@example.test" },
    );
    await t.database.db.insert(auditEvents).values(
      Array.from({ length: 8 }, (_, i) => ({
        kind: "secret-revealed" as const,
        actorUserId: carol.user.id,
        subjectUserId: carol.user.id,
        targetId: account.id,
        target: `reveal-${i}`,
        detail: "password",
        at: minutesAgo(2 * i + 1),
      })),
    );
    await t.database.db.insert(syncRuns).values(
      Array.from({ length: 8 }, (_, i) => ({
        kind: "user" as const,
        trigger: "customer" as const,
        source: "csv" as const,
        status: "succeeded" as const,
        scopeUid: carol.user.uid,
        synced: i,
        startedAt: minutesAgo(2 * i + 2),
      })),
    );
    const { items } = activitySchema.parse((await activity(carol.cookie)).json());
    // Reveals at 1, 3, 5, ... minutes ago and syncs at 2, 4, 6, ...: the ten newest alternate.
    expect(
      items.map((item) =>
        item.type === "reveal" ? item.account : item.type === "sync" ? `sync-${item.synced}` : item.type,
      ),
    ).toEqual([
      "reveal-0",
      "sync-0",
      "reveal-1",
      "sync-1",
      "reveal-2",
      "sync-2",
      "reveal-3",
      "sync-3",
      "reveal-4",
      "sync-4",
    ]);
  });

  describe("payments and orders", () => {
    /** The saved checkout order of decision R9, as the checkout page sends it. */
    const savedOrder = (plans: Record<string, number>, addOns: Record<string, number> = {}) => ({
      selectedPlans: Object.keys(plans).map((id) => ({ id, name: "ignored", price: 1 })),
      planQuantities: plans,
      selectedAddOns: Object.keys(addOns).map((id) => ({ id, name: "ignored", price: 1 })),
      addOnQuantities: addOns,
    });
    async function startCheckout(cookie: string, plans: Record<string, number>, addOns = {}) {
      const res = await t.post("/api/create-checkout-session", savedOrder(plans, addOns), {
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      return String(res.json().sessionId);
    }
    const press = (sessionId: string, button: "pay" | "cancel") =>
      t.app.inject({
        method: "POST",
        url: `/test-checkout/${sessionId}/${button}`,
        headers: { origin: TEST_APP_URL },
      });
    const itemsOf = async (cookie: string) => activitySchema.parse((await activity(cookie)).json()).items;
    const withoutTime = (items: ActivityItem[]) => items.map(({ at: _, ...item }) => item);

    it("shows a test-checkout payment and its order to the payer, and nothing of them to anyone else", async () => {
      const dana = await signedInUser(t.database.db, t.config);
      const other = await signedInUser(t.database.db, t.config);
      expect(await itemsOf(dana.cookie)).toEqual([]);

      const paid = await startCheckout(dana.cookie, { plus: 3 }, { salesnav: 1 });
      expect((await press(paid, "pay")).statusCode).toBe(303);
      const product = "3 × LinkedIn Plus, 1 × Sales Navigator";
      expect(withoutTime(await itemsOf(dana.cookie))).toEqual([
        { type: "payment", kind: "payment", amountCents: 44200, currency: "USD", product },
        { type: "order", status: "paid", totalCents: 44200, currency: "USD", product },
      ]);

      // A second order, given up on the payment page, and a third still waiting for payment.
      const cancelled = await startCheckout(dana.cookie, { lite: 1 });
      expect((await press(cancelled, "cancel")).statusCode).toBe(303);
      await startCheckout(dana.cookie, { exec: 5 });
      const items = await itemsOf(dana.cookie);
      expect(withoutTime(items)).toEqual([
        // 5 accounts: the 5 % tier.
        { type: "order", status: "open", totalCents: 94050, currency: "USD", product: "5 × LinkedIn Exec" },
        {
          type: "order",
          status: "cancelled",
          totalCents: 9800,
          currency: "USD",
          product: "1 × LinkedIn Lite",
        },
        { type: "payment", kind: "payment", amountCents: 44200, currency: "USD", product },
        { type: "order", status: "paid", totalCents: 44200, currency: "USD", product },
      ]);
      const [payment] = await t.database.db
        .select()
        .from(transactions)
        .where(eq(transactions.userId, dana.user.id));
      // The provider's time is whole seconds: the payment is placed no earlier than its order's start.
      const [paidOrder] = await t.database.db.select().from(orders).where(eq(orders.paymentSessionId, paid));
      const paidAt = Date.parse(items[2]?.at ?? "");
      const recorded = payment?.createdTime?.getTime() ?? Number.NaN;
      expect(paidAt).toBe(Math.max(recorded, paidOrder?.createdAt.getTime() ?? 0));
      expect(paidAt - recorded).toBeLessThan(1000);
      expect(Date.parse(items[3]?.at ?? "")).toBeLessThanOrEqual(paidAt);

      expect(await itemsOf(other.cookie)).toEqual([]);
      const theirs = (await activity(other.cookie)).body;
      expect(theirs).not.toContain("LinkedIn");
      expect(theirs).not.toContain("442");
    });

    it("words every ledger event of any source, a refund as negative, newest first by when it happened", async () => {
      const erin = await signedInUser(t.database.db, t.config);
      const bobsRow = { userId: bob.user.id, uid: bob.user.uid, source: "stripe" as const };
      const mine = { userId: erin.user.id, uid: erin.user.uid };
      await t.database.db.insert(transactions).values([
        // From the operator's base, recorded just now but paid long ago: it sorts by when it happened.
        {
          ...mine,
          source: "airtable",
          airtableRecordId: `rec_activity_${erin.user.id}`,
          eventType: "checkout.session.completed",
          product: "LinkedIn Lite",
          amountCents: 9800,
          createdTime: new Date("2025-06-01T09:00:00Z"),
        },
        {
          ...mine,
          source: "stripe",
          eventId: `evt_activity_renewal_${erin.user.id}`,
          eventType: "payment.succeeded",
          product: "LinkedIn Plus",
          amountCents: 13400,
          createdTime: minutesAgo(50),
        },
        {
          ...mine,
          source: "stripe",
          eventId: `evt_activity_failed_${erin.user.id}`,
          eventType: "payment.failed",
          product: "LinkedIn Plus",
          amountCents: 13400,
          createdTime: minutesAgo(40),
        },
        {
          ...mine,
          source: "stripe",
          eventId: `evt_activity_refund_${erin.user.id}`,
          eventType: "refund.created",
          product: "   ",
          amountCents: 4400,
          currency: "EUR",
          createdTime: minutesAgo(30),
        },
        // An event type the portal gives no customer's word, without a time of its own.
        { ...mine, source: "test", eventType: "invoice.upcoming", product: null, amountCents: 100 },
        // Not Erin's: Bob's, and an event for no known customer.
        {
          ...bobsRow,
          eventId: `evt_activity_bob_${erin.user.id}`,
          eventType: "refund.created",
          amountCents: 777,
        },
        { source: "stripe", eventId: `evt_activity_nobody_${erin.user.id}`, amountCents: 888 },
      ]);
      const order = {
        provider: "test" as const,
        channel: "checkout" as const,
        subtotalCents: 19800,
        totalCents: 19800,
      };
      const lines = [
        {
          key: "exec" as const,
          kind: "plan" as const,
          name: "LinkedIn Exec",
          quantity: 1,
          unitCents: 19800,
          totalCents: 19800,
        },
      ];
      await t.database.db.insert(orders).values([
        { ...order, userId: erin.user.id, lines, status: "expired" as const, createdAt: minutesAgo(45) },
        { ...order, userId: erin.user.id, lines, status: "refunded" as const, createdAt: minutesAgo(35) },
        {
          ...order,
          userId: erin.user.id,
          lines,
          status: "failed" as const,
          currency: "usd",
          createdAt: minutesAgo(20),
        },
        { ...order, userId: bob.user.id, lines, status: "paid" as const, createdAt: minutesAgo(1) },
        { ...order, userId: null, lines, status: "open" as const, createdAt: minutesAgo(1) },
      ]);

      const items = await itemsOf(erin.cookie);
      const exec = { totalCents: 19800, currency: "USD", product: "1 × LinkedIn Exec" };
      expect(withoutTime(items)).toEqual([
        { type: "payment", kind: "other", amountCents: 100, currency: "USD", product: null },
        { type: "order", status: "failed", ...exec },
        { type: "payment", kind: "refund", amountCents: -4400, currency: "EUR", product: null },
        { type: "order", status: "refunded", ...exec },
        { type: "payment", kind: "failed", amountCents: 13400, currency: "USD", product: "LinkedIn Plus" },
        { type: "order", status: "expired", ...exec },
        { type: "payment", kind: "renewal", amountCents: 13400, currency: "USD", product: "LinkedIn Plus" },
        { type: "payment", kind: "payment", amountCents: 9800, currency: "USD", product: "LinkedIn Lite" },
      ]);
      expect(items.at(-1)?.at).toBe("2025-06-01T09:00:00.000Z");
      expect(JSON.stringify(items)).not.toMatch(/777|888/);
      const bobsItems = await itemsOf(bob.cookie);
      expect(bobsItems.filter((item) => item.type === "payment")).toEqual([
        expect.objectContaining({ kind: "refund", amountCents: -777 }),
      ]);
      expect(bobsItems.filter((item) => item.type === "order")).toHaveLength(1);
    });

    it("keeps the 10 newest of every kind together", async () => {
      const finn = await signedInUser(t.database.db, t.config);
      await t.database.db.insert(transactions).values(
        Array.from({ length: 8 }, (_, i) => ({
          userId: finn.user.id,
          source: "stripe" as const,
          eventId: `evt_activity_cap_${finn.user.id}_${i}`,
          eventType: "payment.succeeded",
          product: `payment-${i}`,
          amountCents: 100 + i,
          createdTime: minutesAgo(2 * i + 1),
        })),
      );
      await t.database.db.insert(orders).values(
        Array.from({ length: 8 }, (_, i) => ({
          userId: finn.user.id,
          provider: "stripe" as const,
          channel: "cart" as const,
          lines: [
            {
              key: "lite" as const,
              kind: "plan" as const,
              name: `order-${i}`,
              quantity: 1,
              unitCents: 9800,
              totalCents: 9800,
            },
          ],
          subtotalCents: 9800,
          totalCents: 9800,
          createdAt: minutesAgo(2 * i + 2),
        })),
      );
      const items = await itemsOf(finn.cookie);
      expect(
        items.map((item) => (item.type === "payment" || item.type === "order" ? item.product : item.type)),
      ).toEqual([
        "payment-0",
        "1 × order-0",
        "payment-1",
        "1 × order-1",
        "payment-2",
        "1 × order-2",
        "payment-3",
        "1 × order-3",
        "payment-4",
        "1 × order-4",
      ]);
    });

    it("answers with an ETag and no-store: an unchanged list costs a 304, a new payment a new list", async () => {
      const gus = await signedInUser(t.database.db, t.config);
      await startCheckout(gus.cookie, { lite: 2 });
      const first = await activity(gus.cookie);
      expect(first.statusCode).toBe(200);
      expect(first.headers["cache-control"]).toBe("no-store");
      const etag = String(first.headers.etag);
      const conditional = (cookie: string) =>
        t.app.inject({ method: "GET", url: "/api/activity", headers: { cookie, "if-none-match": etag } });
      const again = await conditional(gus.cookie);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");

      await t.database.db.insert(transactions).values({
        userId: gus.user.id,
        source: "stripe",
        eventId: `evt_activity_etag_${gus.user.id}`,
        eventType: "checkout.session.completed",
        amountCents: 19600,
      });
      const changed = await conditional(gus.cookie);
      expect(changed.statusCode).toBe(200);
      expect(activitySchema.parse(changed.json()).items[0]).toMatchObject({
        type: "payment",
        amountCents: 19600,
      });
      // Another customer's list is never the one this ETag names.
      expect((await conditional(bob.cookie)).statusCode).toBe(200);
    });
  });
});
