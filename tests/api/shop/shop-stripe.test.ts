import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { stripePayments } from "../../../src/server/platform/adapters/payments/stripe-payments";
import { orders, transactions } from "../../../src/server/platform/db/schema";
import { subscriptionListSchema } from "../../../src/shared/api/subscriptions";
import { transactionListSchema } from "../../../src/shared/api/transactions";
import { type FakeStripe, parseStripeForm, startFakeStripe } from "../../fakes/stripe-server";
import { readMailbox } from "../../support/mailbox";
import { postStripeEvent } from "../../support/stripe-events";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../support/test-app";
import { signedInUser } from "../../support/users";

const savedOrder = (plans: Record<string, number>, addOns: Record<string, number> = {}) => ({
  selectedPlans: Object.keys(plans).map((id) => ({ id })),
  planQuantities: plans,
  selectedAddOns: Object.keys(addOns).map((id) => ({ id })),
  addOnQuantities: addOns,
});

describe("checkout through Stripe (a fake of its API on loopback)", () => {
  let stripe: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    stripe = await startFakeStripe({ prices: { price_exec_monthly: 19800 } });
    t = await createTestApp({
      payments: stripePayments({
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
        apiUrl: stripe.url,
        priceIds: { exec: "price_exec_monthly" },
        timeoutMs: 500,
        maxNetworkRetries: 0,
      }),
    });
  });
  afterEach(() => stripe.clearFaults());
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const orderOf = async (userId: number) =>
    (await t.database.db.select().from(orders).where(eq(orders.userId, userId)))[0];

  async function checkout(
    plans: Record<string, number>,
    addOns: Record<string, number> = {},
    as?: { cookie: string },
  ) {
    const { user, cookie } = as ? { user: undefined, ...as } : await signedInUser(t.database.db, t.config);
    const res = await t.post("/api/create-checkout-session", savedOrder(plans, addOns), {
      headers: { cookie },
    });
    return { user: user as NonNullable<typeof user>, cookie, res };
  }

  it("opens a monthly subscription Checkout Session for the caller, with the order in its metadata", async () => {
    const { user, res } = await checkout({ plus: 2 }, { automation: 1 });
    expect(res.statusCode).toBe(200);
    const { url, sessionId } = res.json();
    const session = stripe.sessions.get(sessionId);
    expect(url).toBe(session?.url);
    const order = await orderOf(user.id);
    expect(session).toMatchObject({
      mode: "subscription",
      client_reference_id: user.uid,
      customer_email: user.email,
      success_url: "http://portal.test/checkout/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: expect.stringMatching(/^http:\/\/portal\.test\/checkout\/cancelled\?ref=/),
      metadata: { order_id: String(order?.id), customer_uid: user.uid },
      amount_total: 2 * 13400 + 4400,
    });
    expect(session?.line_items).toEqual([
      { quantity: 2, unit_amount: 13400, name: "LinkedIn Plus" },
      { quantity: 1, unit_amount: 4400, name: "LinkedIn Automation" },
    ]);
    expect(order).toMatchObject({ provider: "stripe", status: "open", paymentSessionId: sessionId });
    const sent = stripe
      .requests()
      .find((r) => r.path === "/v1/checkout/sessions" && r.body.includes(user.uid));
    expect(sent?.headers["idempotency-key"]).toBe(`order-${order?.id}-checkout`);
  });

  it.each([
    [{ lite: 4 }, 0, 43200],
    [{ lite: 5 }, 5, 50350],
    [{ plus: 7, exec: 3 }, 10, 141480],
    [{ lite: 13, plus: 12 }, 15, 248370],
    [{ exec: 30 }, 15, 508300],
  ])(
    "charges exactly the server's total at every tier: %j and a Sales Navigator",
    async (plans, percent, total) => {
      const { user, res } = await checkout(plans, { salesnav: 1 });
      expect(res.statusCode).toBe(200);
      const order = await orderOf(user.id);
      expect(order).toMatchObject({ discountPercent: percent, totalCents: total });
      const session = stripe.sessions.get(res.json().sessionId);
      expect(session?.amount_total).toBe(total);
      expect(session?.total_details.amount_discount).toBe(order?.discountCents);
    },
  );

  describe("the billing portal", () => {
    async function payingCustomer(stripeCustomerId: string) {
      const customer = await signedInUser(t.database.db, t.config);
      await t.database.db.insert(orders).values({
        userId: customer.user.id,
        provider: "stripe",
        status: "paid",
        channel: "checkout",
        lines: [],
        subtotalCents: 9800,
        totalCents: 9800,
        stripeCustomerId,
      });
      return customer;
    }
    const open = (cookie: string) => t.post("/api/billing/portal", {}, { headers: { cookie } });

    it("opens Stripe's billing portal for the customer who paid, returning to their transactions", async () => {
      const customer = await payingCustomer("cus_portal_ok");
      const res = await open(customer.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().url).toMatch(new RegExp(`^${stripe.url}/p/session/bps_fake_`));
      const [call] = stripe
        .requests()
        .filter((r) => r.path === "/v1/billing_portal/sessions")
        .slice(-1);
      expect(parseStripeForm(call?.body ?? "")).toEqual({
        customer: "cus_portal_ok",
        return_url: `${TEST_APP_URL}/billing/transactions`,
      });
    });

    it("answers a clear 502 when Stripe refuses, fails, limits or does not answer in time", async () => {
      const refused = await payingCustomer("not-a-stripe-customer");
      const res = await open(refused.cookie);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        error:
          "The billing page could not be opened: Stripe could not open the billing page for this customer. Please try again.",
      });

      const customer = await payingCustomer("cus_portal_faults");
      for (const fault of [
        { kind: "status", status: 500 },
        { kind: "status", status: 429 },
        { kind: "hang" },
      ] as const) {
        stripe.injectFault({ ...fault, times: 1 });
        const failed = await open(customer.cookie);
        expect(failed.statusCode, JSON.stringify(fault)).toBe(502);
        expect(Object.keys(failed.json())).toEqual(["error"]);
        expect(failed.json().error).toMatch(/^The billing page could not be opened: /);
        stripe.clearFaults();
      }
    });
  });

  describe("payment links (POST /api/pay)", () => {
    /** Starts the link's payment and answers the Checkout Session form the fake received for it. */
    async function payLink(uid: string, cookie?: string) {
      const res = await t.post("/api/pay", { uid, product: "plus" }, { headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(200);
      const sessionId = String(res.json().redirectUrl).split("/c/pay/")[1] ?? "";
      const session = stripe.sessions.get(sessionId);
      const sent = stripe
        .requests()
        .filter((r) => r.path === "/v1/checkout/sessions")
        .map((r) => parseStripeForm(r.body))
        .find((form) => (form.metadata as Record<string, string>).order_id === session?.metadata.order_id);
      return { session, sent };
    }
    async function customerWhoPaidBefore(stripeCustomerId: string) {
      const customer = await signedInUser(t.database.db, t.config);
      await t.database.db.insert(orders).values({
        userId: customer.user.id,
        provider: "stripe",
        status: "paid",
        channel: "checkout",
        lines: [],
        subtotalCents: 13400,
        totalCents: 13400,
        paidAt: new Date(),
        stripeCustomerId,
      });
      return customer;
    }

    it("answers a uid that names no customer with a Stripe checkout that is closed already, storing nothing", async () => {
      const known = await signedInUser(t.database.db, t.config);
      const before = (await t.database.db.select({ id: orders.id }).from(orders)).length;
      const forKnown = await t.post("/api/pay", { uid: known.user.uid, product: "plus" });
      const forUnknown = await t.post("/api/pay", { uid: "no-customer-has-this-uid", product: "plus" });
      expect([forKnown.statusCode, forUnknown.statusCode]).toEqual([200, 200]);
      const sessionOf = (res: typeof forKnown) => String(res.json().redirectUrl).split("/c/pay/")[1] ?? "";
      const knownUrl = String(forKnown.json().redirectUrl);
      const unknownUrl = String(forUnknown.json().redirectUrl);
      expect(unknownUrl.replace(sessionOf(forUnknown), "")).toBe(knownUrl.replace(sessionOf(forKnown), ""));
      expect(stripe.sessions.get(sessionOf(forKnown))?.status).toBe("open");
      // Nobody can pay for a customer who does not exist; the session names no order.
      const closed = stripe.sessions.get(sessionOf(forUnknown));
      expect(closed?.status).toBe("expired");
      expect(closed?.metadata.order_id).toMatch(/^-\d+$/);
      expect((await t.database.db.select({ id: orders.id }).from(orders)).length).toBe(before + 1);
      const expired = stripe.signEvent({
        id: `evt_expired_${sessionOf(forUnknown)}`,
        object: "event",
        type: "checkout.session.expired",
        created: Math.floor(Date.now() / 1000),
        data: { object: { ...closed } },
      });
      const res = await postStripeEvent(t.app, expired.payload, expired.signature);
      expect(res.statusCode).toBe(200);
      expect((await t.database.db.select({ id: orders.id }).from(orders)).length).toBe(before + 1);
    });

    it("prefills nothing for a caller who is not signed in", async () => {
      const customer = await customerWhoPaidBefore("cus_link_signed_out");
      const { session, sent } = await payLink(customer.user.uid);
      expect(session).toMatchObject({
        customer_email: null,
        customer: null,
        client_reference_id: customer.user.uid,
      });
      expect(sent).toBeDefined();
      expect(sent).not.toHaveProperty("customer_email");
      expect(sent).not.toHaveProperty("customer");
      expect(JSON.stringify(sent)).not.toContain(customer.user.email);
      expect(JSON.stringify(sent)).not.toContain(customer.user.name);
    });

    it("prefills nothing for a caller signed in as someone else", async () => {
      const customer = await customerWhoPaidBefore("cus_link_other_caller");
      const stranger = await signedInUser(t.database.db, t.config);
      const { session, sent } = await payLink(customer.user.uid, stranger.cookie);
      expect(session).toMatchObject({ customer_email: null, customer: null });
      expect(sent).not.toHaveProperty("customer_email");
      expect(sent).not.toHaveProperty("customer");
      expect(JSON.stringify(sent)).not.toContain(stranger.user.email);
    });

    it("prefills the customer's own details for the customer, signed in", async () => {
      const firstTime = await signedInUser(t.database.db, t.config);
      const own = await payLink(firstTime.user.uid, firstTime.cookie);
      expect(own.session).toMatchObject({ customer_email: firstTime.user.email, customer: null });

      const returning = await customerWhoPaidBefore("cus_link_returning");
      const again = await payLink(returning.user.uid, returning.cookie);
      expect(again.session).toMatchObject({ customer: "cus_link_returning", customer_email: null });
    });
  });

  it("uses the operator's configured price where there is one", async () => {
    const { res } = await checkout({ exec: 1 });
    const session = stripe.sessions.get(res.json().sessionId);
    expect(session?.line_items).toEqual([{ price: "price_exec_monthly", quantity: 1, unit_amount: 19800 }]);
  });

  it.each([
    ["a declined card (402)", () => stripe.declineNext(), "Your card was declined."],
    ["a rate limit (429)", () => stripe.injectFault({ kind: "status", status: 429 }), "Stripe is busy"],
    [
      "a server error (500)",
      () => stripe.injectFault({ kind: "status", status: 500 }),
      "Stripe did not answer as expected",
    ],
    ["no answer in time", () => stripe.injectFault({ kind: "hang" }), "Stripe could not be reached"],
    [
      "a malformed answer",
      () => stripe.injectFault({ kind: "malformed" }),
      "Stripe did not answer as expected",
    ],
  ])("answers %s with a clear 502 and leaves the order failed", async (_name, fail, message) => {
    fail();
    const { user, res } = await checkout({ plus: 1 });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: `The payment could not be started: ${message}. Please try again.` });
    expect(await orderOf(user.id)).toMatchObject({ status: "failed", failureReason: message });
  });

  it("refuses a wrong API key as a setup problem, not the customer's", async () => {
    const wrongKey = await createTestApp({
      database: t.database,
      payments: stripePayments({
        secretKey: "sk_test_wrong",
        webhookSecret: stripe.webhookSecret,
        apiUrl: stripe.url,
        priceIds: {},
        timeoutMs: 500,
        maxNetworkRetries: 0,
      }),
    });
    try {
      const { cookie } = await signedInUser(t.database.db, t.config);
      const res = await wrongKey.post("/api/create-checkout-session", savedOrder({ lite: 1 }), {
        headers: { cookie },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toContain("the shop's Stripe account is not set up");
      expect(wrongKey.logs()).not.toContain("sk_test_wrong");
    } finally {
      await wrongKey.app.close();
    }
  });

  it("marks the order paid from Stripe's signed event, once, with Stripe's amount in the ledger", async () => {
    const { user, cookie, res } = await checkout({ lite: 5 });
    const { payload, signature } = stripe.completeSession(res.json().sessionId);
    for (let i = 0; i < 3; i += 1) {
      const delivered = await postStripeEvent(t.app, payload, signature);
      expect(delivered.statusCode).toBe(200);
    }
    const order = await orderOf(user.id);
    expect(order).toMatchObject({ status: "paid", stripeCustomerId: expect.stringMatching(/^cus_/) });
    const ledger = await t.database.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ source: "stripe", amountCents: 46550, amountActual: "465.50" });

    // The customer's next checkout names the same Stripe customer, not their email again.
    const next = await checkout({ plus: 1 }, {}, { cookie });
    expect(stripe.sessions.get(next.res.json().sessionId)).toMatchObject({
      customer: order?.stripeCustomerId,
      customer_email: null,
    });
  });

  describe("after the checkout: plans, receipts and Pay now from Stripe's events", () => {
    const post = (signed: { payload: string; signature: string }) =>
      postStripeEvent(t.app, signed.payload, signed.signature);
    const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

    it("keeps the plan, links the checkout to its first invoice's receipt in either order, and mails it once", async () => {
      const { user, cookie, res } = await checkout({ plus: 5 });
      const sessionId = res.json().sessionId;
      const completed = stripe.completeSession(sessionId);
      // Stripe does not promise an order: the invoice and the subscription come before the session here.
      const invoice = stripe.invoiceEvent("invoice.paid", sessionId);
      const created = stripe.subscriptionEvent("customer.subscription.created", sessionId);
      for (const signed of [invoice, created, completed, invoice, completed]) {
        expect((await post(signed)).statusCode).toBe(200);
      }

      const rows = await t.database.db
        .select()
        .from(transactions)
        .where(eq(transactions.userId, user.id))
        .orderBy(transactions.id);
      expect(rows.map((r) => [r.eventType, r.invoiceId, r.receiptUrl])).toEqual([
        ["payment.succeeded", invoice.invoiceId, invoice.hostedInvoiceUrl],
        ["checkout.session.completed", invoice.invoiceId, invoice.hostedInvoiceUrl],
      ]);
      const list = transactionListSchema.parse((await get("/api/transactions", cookie)).json());
      expect(list.transactions.map((r) => [r.eventType, r.amountCents, r.receiptUrl])).toEqual([
        ["checkout.session.completed", 63650, invoice.hostedInvoiceUrl],
      ]);
      expect(list.billingAccount).toBe("ready");

      // Checkout's inline prices have no name at Stripe: the order's line of the same price names it,
      // and the coupon (by id) is the order's discount.
      const plans = subscriptionListSchema.parse((await get("/api/subscriptions", cookie)).json());
      expect(plans.subscriptions).toEqual([
        expect.objectContaining({
          product: "5 × LinkedIn Plus",
          quantity: 5,
          amountCents: 63650,
          status: "active",
          endsAt: null,
        }),
      ]);

      // Changed in Stripe's billing portal: 7 accounts, to end with the period.
      const event = created.event.data.object as { items: { data: Array<Record<string, unknown>> } };
      const changed = stripe.subscriptionEvent(
        "customer.subscription.updated",
        sessionId,
        {
          cancel_at_period_end: true,
          items: { data: event.items.data.map((item) => ({ ...item, quantity: 7 })) },
        },
        Math.floor(Date.now() / 1000) + 60,
      );
      await post(changed);
      const after = subscriptionListSchema.parse((await get("/api/subscriptions", cookie)).json());
      expect(after.subscriptions[0]).toMatchObject({
        product: "7 × LinkedIn Plus",
        amountCents: 7 * 13400 - 3350,
      });
      expect(after.subscriptions[0]?.endsAt).toBe(after.subscriptions[0]?.currentPeriodEnd);

      const mails = (await readMailbox(t.app)).filter((mail) => mail.to === user.email);
      expect(mails.map((mail) => mail.subject)).toEqual(["Your receipt for $636.50"]);
      expect(mails[0]?.text).toContain(`View your receipt: ${invoice.hostedInvoiceUrl}`);
    });

    it("answers Pay now with the failed invoice's page at Stripe", async () => {
      const { user, cookie, res } = await checkout({ lite: 1 });
      const sessionId = res.json().sessionId;
      await post(stripe.completeSession(sessionId));
      const failed = stripe.invoiceEvent("invoice.payment_failed", sessionId, {
        invoiceId: "in_renewal_failed",
        billingReason: "subscription_cycle",
      });
      await post(failed);
      const [row] = await t.database.db
        .select()
        .from(transactions)
        .where(eq(transactions.invoiceId, "in_renewal_failed"));
      expect(row).toMatchObject({ userId: user.id, eventType: "payment.failed", source: "stripe" });
      const answer = await t.post(`/api/transactions/${row?.id}/pay-now`, {}, { headers: { cookie } });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ url: failed.hostedInvoiceUrl });
      const notice = (await readMailbox(t.app)).find((mail) => mail.to === user.email);
      expect(notice?.subject).toBe("Your payment of $98.00 failed");
      expect(notice?.text).toContain(`Pay now: ${failed.hostedInvoiceUrl}`);
    });

    it("opens the billing page of a customer who paid before the portal, as Stripe names them for the base's session", async () => {
      const customer = await signedInUser(t.database.db, t.config);
      const fromBefore = "cs_live_paid_in_2025";
      stripe.sessions.set(fromBefore, {
        id: fromBefore,
        object: "checkout.session",
        mode: "subscription",
        status: "complete",
        url: "",
        client_reference_id: null,
        customer: "cus_from_2025",
        customer_email: null,
        amount_subtotal: 9800,
        amount_total: 9800,
        total_details: { amount_discount: 0 },
        currency: "usd",
        metadata: {},
        success_url: "",
        cancel_url: "",
        line_items: [],
        discounts: [],
      });
      const recordsOf = async () =>
        t.database.db.select().from(transactions).where(eq(transactions.userId, customer.user.id));
      await t.database.db.insert(transactions).values({
        userId: customer.user.id,
        uid: customer.user.uid,
        source: "airtable",
        airtableRecordId: "rec_paid_in_2025",
        csLiveId: fromBefore,
        eventType: "checkout.session.completed",
        amountCents: 9800,
        createdTime: new Date("2025-06-01T00:00:00Z"),
      });
      const list = transactionListSchema.parse((await get("/api/transactions", customer.cookie)).json());
      expect(list).toMatchObject({ billingAccount: "ready", canManageBilling: true });

      const portal = await t.post("/api/billing/portal", {}, { headers: { cookie: customer.cookie } });
      expect(portal.statusCode).toBe(200);
      const [call] = stripe
        .requests()
        .filter((r) => r.path === "/v1/billing_portal/sessions")
        .slice(-1);
      expect(parseStripeForm(call?.body ?? "").customer).toBe("cus_from_2025");
      expect((await recordsOf()).map((r) => r.stripeCustomerId)).toEqual(["cus_from_2025"]);

      // A session Stripe does not know names no one: there is no billing account to open.
      const stranger = await signedInUser(t.database.db, t.config);
      await t.database.db.insert(transactions).values({
        userId: stranger.user.id,
        source: "airtable",
        airtableRecordId: "rec_unknown_session",
        csLiveId: "cs_live_unknown",
        amountCents: 100,
      });
      const none = await t.post("/api/billing/portal", {}, { headers: { cookie: stranger.cookie } });
      expect(none.statusCode).toBe(404);
      expect(none.json().error).toMatch(/no billing account yet/);
    });

    it("answers a clear 502 when Stripe fails or limits while it is asked whose session it was, and asks again later", async () => {
      const customer = await signedInUser(t.database.db, t.config);
      await t.database.db.insert(transactions).values({
        userId: customer.user.id,
        source: "airtable",
        airtableRecordId: `rec_session_fault_${customer.user.id}`,
        csLiveId: "cs_live_asked_during_a_fault",
        amountCents: 100,
      });
      for (const fault of [
        { kind: "status", status: 500 },
        { kind: "status", status: 429 },
        { kind: "hang" },
      ] as const) {
        stripe.injectFault({ ...fault, times: 1 });
        const failed = await t.post("/api/billing/portal", {}, { headers: { cookie: customer.cookie } });
        expect(failed.statusCode, JSON.stringify(fault)).toBe(502);
        expect(failed.json().error).toMatch(/^The billing page could not be opened: /);
        stripe.clearFaults();
      }
      // Nothing was remembered from the failures: the row still waits for Stripe's answer.
      const [row] = await t.database.db
        .select()
        .from(transactions)
        .where(eq(transactions.csLiveId, "cs_live_asked_during_a_fault"));
      expect(row?.stripeCustomerId).toBeNull();
    });
  });
});
