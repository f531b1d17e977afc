/**
 * Payments that found no customer (decision 038): an admin links one to a customer by exact email or
 * UID, once; it moves into their ledger, their lists see it, later payments from the same Stripe
 * customer follow it, and the audit log records who did it.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testPayments } from "../../../src/server/platform/adapters/payments/test-payments";
import { auditEvents, orders, subscriptions, transactions } from "../../../src/server/platform/db/schema";
import { linkPaymentAnswerSchema, transactionListSchema } from "../../../src/shared/api/transactions";
import { deliverStripeEvent } from "../../support/stripe-events";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../support/test-app";
import { type SignedInUser, signedInUser } from "../../support/users";

const WEBHOOK_SECRET = "whsec_admin_payments_test";

let sequence = 0;
const nextId = (label: string) => `${label}_${++sequence}_${Date.now().toString(36)}`;

/** A paid renewal whose metadata names no customer: only its Stripe customer says whose it is. */
function strayInvoice(stripeCustomer: string) {
  const invoiceId = nextId("in");
  return {
    id: nextId("evt_in"),
    object: "event",
    type: "invoice.paid",
    created: 1_780_100_000 + sequence,
    data: {
      object: {
        id: invoiceId,
        object: "invoice",
        customer: stripeCustomer,
        customer_email: "somebody@elsewhere.example",
        customer_name: "Some Body",
        amount_paid: 13400,
        amount_due: 13400,
        currency: "usd",
        hosted_invoice_url: `https://invoice.stripe.com/i/acct_1/${invoiceId}`,
        lines: { object: "list", data: [{ description: "1 × LinkedIn Plus" }] },
        parent: { type: "subscription_details", subscription_details: { metadata: {} } },
      },
    },
  };
}

function checkoutFor(uid: string, stripeCustomer: string) {
  return {
    id: nextId("evt_cs"),
    object: "event",
    type: "checkout.session.completed",
    created: 1_780_000_000 + sequence,
    data: {
      object: {
        id: nextId("cs_test"),
        object: "checkout.session",
        client_reference_id: uid,
        customer: stripeCustomer,
        customer_email: "payer@example.com",
        customer_details: { email: "payer@example.com", name: "Pat Payer" },
        amount_total: 9800,
        currency: "usd",
        metadata: {},
      },
    },
  };
}

describe("linking a payment that found no customer", () => {
  let t: TestApp;
  let admin: SignedInUser;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp({
      payments: testPayments({ appUrl: TEST_APP_URL, webhookSecret: WEBHOOK_SECRET }),
    });
    admin = await signedInUser(t.database.db, t.config, { role: "admin" });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    alice = await signedInUser(t.database.db, t.config);
    bob = await signedInUser(t.database.db, t.config);
  });

  const deliver = (event: object) => deliverStripeEvent(t.app, event, WEBHOOK_SECRET);
  const get = (url: string, cookie?: string, headers?: Record<string, string>) => t.get(url, cookie, headers);
  const link = (id: number | string, body: unknown, cookie?: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/admin/transactions/${id}/link`,
      payload: JSON.stringify(body),
      headers: {
        origin: TEST_APP_URL,
        "content-type": "application/json",
        ...(cookie ? { cookie } : {}),
      },
    });
  const rowOfEvent = async (eventId: string) => {
    const [row] = await t.database.db.select().from(transactions).where(eq(transactions.eventId, eventId));
    if (!row) throw new Error(`no ledger row for ${eventId}`);
    return row;
  };
  const linkAudits = (targetId: number) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "payment-linked"), eq(auditEvents.targetId, targetId)));
  const unlink = (id: number | string, cookie?: string, body: unknown = {}) =>
    t.app.inject({
      method: "POST",
      url: `/api/admin/transactions/${id}/unlink`,
      payload: JSON.stringify(body),
      headers: {
        origin: TEST_APP_URL,
        "content-type": "application/json",
        ...(cookie ? { cookie } : {}),
      },
    });
  const unlinkAudits = (targetId: number) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "payment-unlinked"), eq(auditEvents.targetId, targetId)));
  const strayPayment = async (stripeCustomer = nextId("cus_stray")) => {
    const event = strayInvoice(stripeCustomer);
    expect((await deliver(event)).statusCode).toBe(200);
    const row = await rowOfEvent(event.id);
    expect(row.userId).toBeNull();
    return { event, row, stripeCustomer };
  };
  const unlinkedIds = async () =>
    (await get("/api/admin/transactions/unlinked", admin.cookie)).json().map((r: { id: number }) => r.id);

  it("moves the payment into the customer's ledger, which their lists show at once, and audits it", async () => {
    const { event, row, stripeCustomer } = await strayPayment();
    expect(await unlinkedIds()).toContain(row.id);

    const before = await get("/api/transactions", alice.cookie);
    expect(before.statusCode).toBe(200);
    const etag = String(before.headers.etag);
    expect(transactionListSchema.parse(before.json()).transactions).toEqual([]);
    const activityBefore = await get("/api/activity", alice.cookie);
    const activityEtag = String(activityBefore.headers.etag);

    // The exact email in any case names the customer.
    const res = await link(row.id, { customer: alice.user.email.toUpperCase() }, admin.cookie);
    expect(res.statusCode).toBe(200);
    const answer = linkPaymentAnswerSchema.parse(res.json());
    expect(answer).toMatchObject({
      changed: true,
      customer: { uid: alice.user.uid, name: alice.user.name, email: alice.user.email },
      transaction: { id: row.id, eventId: event.id, stripeCustomerId: stripeCustomer, amountCents: 13400 },
    });

    const stored = await rowOfEvent(event.id);
    expect(stored).toMatchObject({ userId: alice.user.id, uid: alice.user.uid });
    // Nothing but the owner changed.
    const { userId: _u, uid: _uid, ...rest } = stored;
    const { userId: _u0, uid: _uid0, ...restBefore } = row;
    expect(rest).toEqual(restBefore);
    expect(await unlinkedIds()).not.toContain(row.id);

    // The list the customer's browser holds is out of date: its ETag no longer matches.
    const after = await get("/api/transactions", alice.cookie, { "if-none-match": etag });
    expect(after.statusCode).toBe(200);
    expect(transactionListSchema.parse(after.json()).transactions.map((r) => r.eventId)).toEqual([event.id]);
    const activityAfter = await get("/api/activity", alice.cookie, { "if-none-match": activityEtag });
    expect(activityAfter.statusCode).toBe(200);
    expect(activityAfter.body).toContain('"type":"payment"');
    // Not Bob's.
    expect(
      transactionListSchema.parse((await get("/api/transactions", bob.cookie)).json()).transactions,
    ).toEqual([]);

    const audits = await linkAudits(row.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorUserId: admin.user.id,
      subjectUserId: alice.user.id,
      target: event.id,
      targetId: row.id,
    });
    expect(audits[0]?.detail).toContain(stripeCustomer);
    expect(audits[0]?.ipAddress).toBeTruthy();

    // The Stripe customer is Alice's now: its next payment lands in her ledger on its own.
    const next = strayInvoice(stripeCustomer);
    expect((await deliver(next)).statusCode).toBe(200);
    expect(await rowOfEvent(next.id)).toMatchObject({ userId: alice.user.id, uid: alice.user.uid });
  });

  it("answers 200 and changes nothing when linked again to the same customer, 409 for another", async () => {
    const { row } = await strayPayment();
    expect((await link(row.id, { customer: alice.user.uid }, admin.cookie)).statusCode).toBe(200);
    const linked = await rowOfEvent(row.eventId ?? "");

    const again = await link(row.id, { customer: alice.user.email }, admin.cookie);
    expect(again.statusCode).toBe(200);
    expect(linkPaymentAnswerSchema.parse(again.json())).toMatchObject({
      changed: false,
      customer: { uid: alice.user.uid },
    });
    expect(await rowOfEvent(row.eventId ?? "")).toEqual(linked);
    expect(await linkAudits(row.id)).toHaveLength(1);

    const elsewhere = await link(row.id, { customer: bob.user.uid }, admin.cookie);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toEqual({ error: expect.stringMatching(/another customer/) });
    expect(await rowOfEvent(row.eventId ?? "")).toEqual(linked);
    expect(await linkAudits(row.id)).toHaveLength(1);

    // A payment that found its customer on arrival is not moved either.
    const own = checkoutFor(bob.user.uid, nextId("cus_bob"));
    expect((await deliver(own)).statusCode).toBe(200);
    const bobs = await rowOfEvent(own.id);
    expect((await link(bobs.id, { customer: alice.user.uid }, admin.cookie)).statusCode).toBe(409);
    expect((await rowOfEvent(own.id)).userId).toBe(bob.user.id);
  });

  it("refuses a customer other than the one its Stripe customer already pays as", async () => {
    const stripeCustomer = nextId("cus_late");
    // The stray payment arrived before Bob's checkout made its Stripe customer known.
    const { row } = await strayPayment(stripeCustomer);
    expect((await deliver(checkoutFor(bob.user.uid, stripeCustomer))).statusCode).toBe(200);

    const wrong = await link(row.id, { customer: alice.user.uid }, admin.cookie);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error).toContain(bob.user.email);
    expect((await rowOfEvent(row.eventId ?? "")).userId).toBeNull();
    expect(await linkAudits(row.id)).toHaveLength(0);

    expect((await link(row.id, { customer: bob.user.uid }, admin.cookie)).statusCode).toBe(200);
    expect((await rowOfEvent(row.eventId ?? "")).userId).toBe(bob.user.id);
  });

  it("gives the customer the plans the Stripe customer pays for that had no customer", async () => {
    const stripeCustomer = nextId("cus_plan");
    const [plan] = await t.database.db
      .insert(subscriptions)
      .values({
        subscriptionId: nextId("sub"),
        provider: "test",
        stripeCustomerId: stripeCustomer,
        status: "active",
        product: "1 × LinkedIn Plus",
        quantity: 1,
        amountCents: 13400,
        eventCreated: new Date(),
      })
      .returning();
    const { row } = await strayPayment(stripeCustomer);
    expect((await link(row.id, { customer: alice.user.uid }, admin.cookie)).statusCode).toBe(200);
    const [after] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, plan?.id ?? 0));
    expect(after?.userId).toBe(alice.user.id);
    const plans = (await get("/api/subscriptions", alice.cookie)).json();
    expect(plans.subscriptions.map((p: { product: string }) => p.product)).toEqual(["1 × LinkedIn Plus"]);
  });

  it("answers 404 for an unknown payment or customer and 400 for a bad request, changing nothing", async () => {
    const { row } = await strayPayment();
    expect((await link(2_000_000_000, { customer: alice.user.uid }, admin.cookie)).statusCode).toBe(404);
    for (const customer of ["nobody@example.test", "no-such-uid"]) {
      const res = await link(row.id, { customer }, admin.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: "No customer has this email or UID" });
    }
    for (const [id, body] of [
      ["nope", { customer: alice.user.uid }],
      [0, { customer: alice.user.uid }],
      [row.id, {}],
      [row.id, { customer: "   " }],
      [row.id, { customer: "x".repeat(256) }],
      [row.id, { customer: "a\u0000b" }],
      [row.id, { customer: alice.user.uid, userId: bob.user.id }],
    ] as const) {
      const res = await link(id, body, admin.cookie);
      expect(res.statusCode, JSON.stringify({ id, body })).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    expect((await rowOfEvent(row.eventId ?? "")).userId).toBeNull();
    expect(await linkAudits(row.id)).toHaveLength(0);
  });

  it("is refused to anonymous callers (401) and customers (403)", async () => {
    const { row } = await strayPayment();
    expect((await link(row.id, { customer: alice.user.uid })).statusCode).toBe(401);
    const refused = await link(row.id, { customer: alice.user.uid }, alice.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: expect.any(String) });
    expect((await get("/api/admin/transactions/unlinked")).statusCode).toBe(401);
    expect((await get("/api/admin/transactions/unlinked", alice.cookie)).statusCode).toBe(403);
    expect((await rowOfEvent(row.eventId ?? "")).userId).toBeNull();
    expect(await linkAudits(row.id)).toHaveLength(0);
  });

  describe("unlinking a payment linked to the wrong customer", () => {
    const listOf = async (user: SignedInUser) =>
      transactionListSchema
        .parse((await get("/api/transactions", user.cookie)).json())
        .transactions.map((r) => r.eventId);

    it("puts the payment back among the stray payments, out of the customer's lists, and audits it", async () => {
      const stripeCustomer = nextId("cus_wrong");
      const [plan] = await t.database.db
        .insert(subscriptions)
        .values({
          subscriptionId: nextId("sub"),
          provider: "test",
          stripeCustomerId: stripeCustomer,
          status: "active",
          product: "1 × LinkedIn Plus",
          quantity: 1,
          amountCents: 13400,
          eventCreated: new Date(),
        })
        .returning();
      const { event, row } = await strayPayment(stripeCustomer);
      // Bob's own payment stays his whatever happens to Alice's.
      const bobs = checkoutFor(bob.user.uid, nextId("cus_bob"));
      expect((await deliver(bobs)).statusCode).toBe(200);
      expect((await link(row.id, { customer: alice.user.uid }, admin.cookie)).statusCode).toBe(200);
      expect(await listOf(alice)).toEqual([event.id]);
      const etag = String((await get("/api/transactions", alice.cookie)).headers.etag);

      const res = await unlink(row.id, admin.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        customer: { uid: alice.user.uid, name: alice.user.name, email: alice.user.email },
        transaction: { id: row.id, eventId: event.id, amountCents: 13400 },
        message: `The payment is no longer in ${alice.user.name}'s transaction history.`,
      });
      expect(await rowOfEvent(event.id)).toEqual(row);
      expect(await unlinkedIds()).toContain(row.id);
      const after = await get("/api/transactions", alice.cookie, { "if-none-match": etag });
      expect(after.statusCode).toBe(200);
      expect(await listOf(alice)).toEqual([]);
      expect(await listOf(bob)).toEqual([bobs.id]);
      // The plans the link gave her go back with the last payment of hers that named their Stripe customer.
      const [planAfter] = await t.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, plan?.id ?? 0));
      expect(planAfter?.userId).toBeNull();
      // The next payment of that Stripe customer is stray too, and can be linked to the right customer.
      const next = strayInvoice(stripeCustomer);
      expect((await deliver(next)).statusCode).toBe(200);
      expect((await rowOfEvent(next.id)).userId).toBeNull();
      expect((await link(row.id, { customer: bob.user.uid }, admin.cookie)).statusCode).toBe(200);
      expect((await rowOfEvent(event.id)).userId).toBe(bob.user.id);

      const audits = await unlinkAudits(row.id);
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({
        actorUserId: admin.user.id,
        subjectUserId: alice.user.id,
        target: event.id,
        targetId: row.id,
      });
      expect(audits[0]?.detail).toContain(alice.user.email);
      expect(audits[0]?.detail).toContain(stripeCustomer);
      expect(audits[0]?.ipAddress).toBeTruthy();
    });

    it("refuses a payment in no ledger, one that paid the customer's own order, and one from the base", async () => {
      const { row } = await strayPayment();
      const stray = await unlink(row.id, admin.cookie);
      expect(stray.statusCode).toBe(409);
      expect(stray.json()).toEqual({ error: "This payment is in no customer's ledger." });

      const [order] = await t.database.db
        .insert(orders)
        .values({
          userId: bob.user.id,
          provider: "test",
          status: "open",
          channel: "checkout",
          lines: [],
          subtotalCents: 9800,
          totalCents: 9800,
        })
        .returning();
      const paid = checkoutFor(bob.user.uid, nextId("cus_bob"));
      paid.data.object.metadata = { order_id: String(order?.id) } as never;
      expect((await deliver(paid)).statusCode).toBe(200);
      const bobs = await rowOfEvent(paid.id);
      expect(bobs.orderId).toBe(order?.id);
      const ordered = await unlink(bobs.id, admin.cookie);
      expect(ordered.statusCode).toBe(409);
      expect(ordered.json().error).toContain("order");

      const [fromBase] = await t.database.db
        .insert(transactions)
        .values({
          userId: bob.user.id,
          uid: bob.user.uid,
          source: "airtable",
          airtableRecordId: nextId("rec"),
          eventType: "payment.succeeded",
          amountCents: 9800,
        })
        .returning();
      const based = await unlink(fromBase?.id ?? 0, admin.cookie);
      expect(based.statusCode).toBe(409);
      expect(based.json().error).toContain("base");
      expect((await rowOfEvent(paid.id)).userId).toBe(bob.user.id);
      for (const id of [row.id, bobs.id, fromBase?.id ?? 0]) expect(await unlinkAudits(id)).toEqual([]);
    });

    it("is the admin's alone, and says what is wrong with a bad request, changing nothing", async () => {
      const { row } = await strayPayment();
      expect((await link(row.id, { customer: alice.user.uid }, admin.cookie)).statusCode).toBe(200);
      expect((await unlink(row.id)).statusCode).toBe(401);
      expect((await unlink(row.id, alice.cookie)).statusCode).toBe(403);
      expect((await unlink(2_000_000_000, admin.cookie)).statusCode).toBe(404);
      for (const [id, body] of [
        ["nope", {}],
        [0, {}],
        [row.id, { customer: bob.user.uid }],
      ] as const) {
        const res = await unlink(id, admin.cookie, body);
        expect(res.statusCode, JSON.stringify({ id, body })).toBe(400);
        expect(res.json()).toEqual({ error: expect.any(String) });
      }
      const crossSite = await t.app.inject({
        method: "POST",
        url: `/api/admin/transactions/${row.id}/unlink`,
        payload: "{}",
        headers: { origin: "https://evil.example", "content-type": "application/json", cookie: admin.cookie },
      });
      expect(crossSite.statusCode).toBe(403);
      expect((await rowOfEvent(row.eventId ?? "")).userId).toBe(alice.user.id);
      expect(await unlinkAudits(row.id)).toEqual([]);
    });
  });
});
