/**
 * Plans, receipts, "Pay now", refunds and payment mails on the local test provider (decision 030):
 * what a test checkout's Pay leaves behind, `customer.subscription.*` kept one row per subscription
 * and moved only forward, a failed invoice paid again on the provider's page, a refund that undoes an
 * order, and a receipt or failure mail once per event.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testPayments } from "../../../src/server/platform/adapters/payments/test-payments";
import { orders, subscriptions, transactions } from "../../../src/server/platform/db/schema";
import { subscriptionListSchema } from "../../../src/shared/api/subscriptions";
import { transactionListSchema } from "../../../src/shared/api/transactions";
import { type DevMail, readMailbox } from "../../support/mailbox";
import { deliverStripeEvent } from "../../support/stripe-events";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../support/test-app";
import { type SignedInUser, signedInUser } from "../../support/users";

const WEBHOOK_SECRET = "whsec_billing_plans_test";
const DAY = 24 * 3600;
const T0 = 1_790_000_000;

let sequence = 0;
const next = (label: string) => `${label}_${++sequence}_${Date.now().toString(36)}`;

function subscriptionEvent(
  type: "created" | "updated" | "deleted",
  fields: { id: string; uid: string; created: number; customer?: string } & Record<string, unknown>,
) {
  const { id, uid, created, customer = "cus_local_plans", ...changes } = fields;
  return {
    id: next("evt_sub"),
    object: "event",
    type: `customer.subscription.${type}`,
    created,
    data: {
      object: {
        id,
        object: "subscription",
        customer,
        status: type === "deleted" ? "canceled" : "active",
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: type === "deleted" ? created : null,
        currency: "usd",
        metadata: { customer_uid: uid },
        discounts: [],
        items: {
          object: "list",
          data: [
            {
              quantity: 3,
              current_period_end: created + 30 * DAY,
              price: { id: "price_local_plus", lookup_key: "plus", unit_amount: 13400, currency: "usd" },
            },
          ],
        },
        ...changes,
      },
    },
  };
}

function invoiceEvent(
  type: "invoice.paid" | "invoice.payment_failed",
  fields: { invoiceId: string; uid: string; amount?: number; orderId?: number; created?: number },
) {
  const amount = fields.amount ?? 13400;
  return {
    id: next("evt_in"),
    object: "event",
    type,
    created: fields.created ?? T0,
    data: {
      object: {
        id: fields.invoiceId,
        object: "invoice",
        customer: "cus_local_plans",
        amount_due: amount,
        amount_paid: type === "invoice.paid" ? amount : 0,
        currency: "usd",
        hosted_invoice_url: `https://invoice.example/${fields.invoiceId}`,
        lines: { data: [{ description: "1 × LinkedIn Plus", amount }] },
        parent: {
          subscription_details: {
            metadata: {
              customer_uid: fields.uid,
              ...(fields.orderId ? { order_id: String(fields.orderId) } : {}),
            },
          },
        },
      },
    },
  };
}

describe("plans, receipts and payment mails on the test provider", () => {
  let t: TestApp;
  let customer: SignedInUser;
  let other: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp({
      payments: testPayments({ appUrl: TEST_APP_URL, webhookSecret: WEBHOOK_SECRET }),
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    customer = await signedInUser(t.database.db, t.config);
    other = await signedInUser(t.database.db, t.config);
  });

  const deliver = (event: object) => deliverStripeEvent(t.app, event, WEBHOOK_SECRET);
  const get = (url: string, cookie?: string) => t.get(url, cookie);
  const plansOf = async (who: SignedInUser) =>
    subscriptionListSchema.parse((await get("/api/subscriptions", who.cookie)).json());
  const listOf = async (who: SignedInUser) =>
    transactionListSchema.parse((await get("/api/transactions", who.cookie)).json());
  const mailTo = async (who: SignedInUser): Promise<DevMail[]> =>
    (await readMailbox(t.app)).filter((mail) => mail.to === who.user.email);
  const rowsOf = (userId: number) =>
    t.database.db.select().from(transactions).where(eq(transactions.userId, userId)).orderBy(transactions.id);
  const payNow = (id: number, who?: SignedInUser) =>
    t.post(`/api/transactions/${id}/pay-now`, {}, { headers: who ? { cookie: who.cookie } : {} });

  /** Pays a saved order on the test checkout, as the browser's form would, and answers the order. */
  async function payOnTestCheckout(who: SignedInUser, plans: Record<string, number>) {
    const started = await t.post(
      "/api/create-checkout-session",
      {
        selectedPlans: Object.keys(plans).map((id) => ({ id })),
        planQuantities: plans,
        selectedAddOns: [],
        addOnQuantities: {},
      },
      { headers: { cookie: who.cookie } },
    );
    expect(started.statusCode).toBe(200);
    const sessionId = String(started.json().sessionId);
    const paid = await t.app.inject({
      method: "POST",
      url: `/test-checkout/${sessionId}/pay`,
      headers: { origin: TEST_APP_URL },
    });
    expect(paid.statusCode).toBe(303);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    if (!order) throw new Error("no order");
    return order;
  }

  it("a test checkout's Pay leaves a plan, one card with its receipt, and one receipt mail", async () => {
    const order = await payOnTestCheckout(customer, { plus: 5 });
    expect(order.status).toBe("paid");

    // The ledger keeps both events Stripe sends for a new subscription, linked to the order.
    const rows = await rowsOf(customer.user.id);
    expect(rows.map((r) => [r.eventType, r.amountCents, r.orderId])).toEqual([
      ["checkout.session.completed", 63650, order.id],
      ["payment.succeeded", 63650, order.id],
    ]);
    const [checkout, invoice] = rows;
    expect(invoice?.invoiceId).toMatch(/^in_local_/);
    expect(checkout?.invoiceId).toBe(invoice?.invoiceId);
    const receiptUrl = `${TEST_APP_URL}/test-invoice/${invoice?.invoiceId}`;
    expect(invoice?.receiptUrl).toBe(receiptUrl);
    expect(checkout?.receiptUrl).toBe(receiptUrl);

    // The customer sees the payment once, with its receipt.
    const list = await listOf(customer);
    expect(list.transactions.map((r) => [r.eventType, r.amountCents, r.receiptUrl, r.payNow])).toEqual([
      ["checkout.session.completed", 63650, receiptUrl, false],
    ]);
    expect(list.total).toBe(1);
    expect(list).toMatchObject({ canManageBilling: true, billingAccount: "ready" });

    const plans = await plansOf(customer);
    expect(plans.billingAccount).toBe("ready");
    expect(plans.subscriptions).toHaveLength(1);
    const [plan] = plans.subscriptions;
    expect(plan).toMatchObject({
      product: "5 × LinkedIn Plus",
      quantity: 5,
      amountCents: 63650,
      currency: "USD",
      status: "active",
      endsAt: null,
    });
    const nextCharge = Date.parse(plan?.currentPeriodEnd ?? "");
    const paidAt = order.paidAt?.getTime() ?? 0;
    expect(nextCharge - paidAt).toBeGreaterThanOrEqual(28 * DAY * 1000);
    expect(nextCharge - paidAt).toBeLessThanOrEqual(31 * DAY * 1000);
    expect((await plansOf(other)).subscriptions).toEqual([]);

    const mails = await mailTo(customer);
    expect(mails.map((m) => m.subject)).toEqual(["Your receipt for $636.50"]);
    expect(mails[0]?.text).toContain("5 × LinkedIn Plus: $670.00");
    expect(mails[0]?.text).toContain("Volume discount (5%): −$33.50");
    expect(mails[0]?.text).toContain("Total: $636.50");
    expect(mails[0]?.text).toContain(`View your receipt: ${receiptUrl}`);

    // The receipt page lists what the checkout listed.
    const page = await get(`/test-invoice/${invoice?.invoiceId}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    for (const text of [
      "Receipt",
      "LinkedIn Plus",
      "$670.00",
      "Volume discount (5%)",
      "−$33.50",
      "$636.50",
    ]) {
      expect(page.body).toContain(text);
    }
    expect((await get("/test-invoice/in_local_nothing")).statusCode).toBe(404);
    // A development extra, as the test checkout: nothing for a client on another machine.
    for (const [method, url] of [
      ["GET", `/test-invoice/${invoice?.invoiceId}`],
      ["POST", `/test-invoice/${invoice?.invoiceId}/pay`],
    ] as const) {
      const far = await t.app.inject({
        method,
        url,
        remoteAddress: "203.0.113.7",
        headers: { origin: TEST_APP_URL },
      });
      expect(far.statusCode, url).toBe(404);
      expect(far.body).not.toContain("LinkedIn Plus");
    }
  });

  describe("customer.subscription.* events", () => {
    it("moves a plan from active to past due to ending, then ends it; late and repeated events change nothing", async () => {
      const id = next("sub_life");
      const uid = customer.user.uid;
      const created = subscriptionEvent("created", { id, uid, created: T0 });
      const pastDue = subscriptionEvent("updated", { id, uid, created: T0 + DAY, status: "past_due" });
      const ending = subscriptionEvent("updated", {
        id,
        uid,
        created: T0 + 2 * DAY,
        cancel_at_period_end: true,
      });
      const deleted = subscriptionEvent("deleted", { id, uid, created: T0 + 30 * DAY });

      expect((await deliver(created)).statusCode).toBe(200);
      let [plan] = (await plansOf(customer)).subscriptions;
      expect(plan).toMatchObject({
        product: "3 × LinkedIn Plus",
        quantity: 3,
        amountCents: 40200,
        status: "active",
        currentPeriodEnd: new Date((T0 + 30 * DAY) * 1000).toISOString(),
        endsAt: null,
      });

      await deliver(pastDue);
      [plan] = (await plansOf(customer)).subscriptions;
      expect(plan?.status).toBe("past_due");

      // Repeated, and the older event arriving again: nothing moves back.
      for (const event of [pastDue, created, created]) expect((await deliver(event)).statusCode).toBe(200);
      await deliver(ending);
      await deliver(pastDue);
      [plan] = (await plansOf(customer)).subscriptions;
      expect(plan).toMatchObject({
        status: "active",
        endsAt: new Date((T0 + 2 * DAY + 30 * DAY) * 1000).toISOString(),
      });

      await deliver(deleted);
      expect((await plansOf(customer)).subscriptions).toEqual([]);
      // A late update, sent before the deletion, does not bring the plan back.
      const late = subscriptionEvent("updated", { id, uid, created: T0 + 29 * DAY });
      await deliver(late);
      // Nor does one from the same second as the deletion.
      await deliver(subscriptionEvent("updated", { id, uid, created: T0 + 30 * DAY }));
      expect((await plansOf(customer)).subscriptions).toEqual([]);
      const rows = await t.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.subscriptionId, id));
      expect(rows.map((r) => [r.status, r.userId, r.eventCreated.getTime() / 1000])).toEqual([
        ["canceled", customer.user.id, T0 + 30 * DAY],
      ]);
    });

    it("keeps the first state when the events come in reverse", async () => {
      const id = next("sub_reverse");
      const uid = customer.user.uid;
      await deliver(subscriptionEvent("deleted", { id, uid, created: T0 + 5 * DAY }));
      await deliver(subscriptionEvent("updated", { id, uid, created: T0 + DAY, status: "past_due" }));
      await deliver(subscriptionEvent("created", { id, uid, created: T0 }));
      expect((await plansOf(customer)).subscriptions).toEqual([]);
      const [row] = await t.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.subscriptionId, id));
      expect(row?.status).toBe("canceled");
    });

    it("lists a customer's plans only to that customer, and a plan of nobody's to no one", async () => {
      const mine = next("sub_mine");
      const theirs = next("sub_theirs");
      await deliver(subscriptionEvent("created", { id: mine, uid: customer.user.uid, created: T0 }));
      await deliver(
        subscriptionEvent("created", {
          id: theirs,
          uid: other.user.uid,
          created: T0,
          customer: "cus_theirs",
        }),
      );
      await deliver(
        subscriptionEvent("created", {
          id: next("sub_nobody"),
          uid: "nobody",
          created: T0,
          customer: "cus_x",
        }),
      );
      expect((await plansOf(customer)).subscriptions.map((s) => s.product)).toHaveLength(1);
      expect((await plansOf(other)).subscriptions).toHaveLength(1);
      const [nobody] = await t.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.stripeCustomerId, "cus_x"));
      expect(nobody?.userId).toBeNull();
      expect((await get("/api/subscriptions")).statusCode).toBe(401);
    });

    it("answers the same plans with a 304 while they have not changed", async () => {
      await deliver(
        subscriptionEvent("created", { id: next("sub_etag"), uid: customer.user.uid, created: T0 }),
      );
      const first = await get("/api/subscriptions", customer.cookie);
      expect(first.headers.etag).toBeTruthy();
      expect(first.headers["cache-control"]).toBe("no-store");
      const again = await t.app.inject({
        method: "GET",
        url: "/api/subscriptions",
        headers: { cookie: customer.cookie, "if-none-match": String(first.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    });

    it("refuses a subscription event whose status or dates are not Stripe's", async () => {
      const bad = subscriptionEvent("updated", { id: next("sub_bad"), uid: customer.user.uid, created: T0 });
      (bad.data.object as Record<string, unknown>).status = "lapsed";
      const res = await deliver(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/data\.object\.status/);
      const noId = subscriptionEvent("created", { id: "", uid: customer.user.uid, created: T0 });
      expect((await deliver(noId)).statusCode).toBe(400);
      const farFuture = subscriptionEvent("created", {
        id: next("sub_far"),
        uid: customer.user.uid,
        created: T0,
        cancel_at: 1e15,
      });
      expect((await deliver(farFuture)).statusCode).toBe(400);
      expect((await plansOf(customer)).subscriptions).toEqual([]);
    });
  });

  describe("a failed payment", () => {
    async function failedInvoice(who: SignedInUser) {
      const invoiceId = next("in_fail");
      const event = invoiceEvent("invoice.payment_failed", { invoiceId, uid: who.user.uid });
      expect((await deliver(event)).statusCode).toBe(200);
      const [row] = await t.database.db.select().from(transactions).where(eq(transactions.eventId, event.id));
      if (!row) throw new Error("no row");
      return { invoiceId, event, row };
    }

    it("offers Pay now on the provider's invoice page, mails the notice once, and is paid there once", async () => {
      const { invoiceId, event, row } = await failedInvoice(customer);
      // Stripe sends a failed event again when its delivery was not acknowledged: still one notice.
      expect((await deliver(event)).statusCode).toBe(200);
      const pageUrl = `${TEST_APP_URL}/test-invoice/${invoiceId}`;

      const listed = (await listOf(customer)).transactions.find((r) => r.id === row.id);
      expect(listed).toMatchObject({ eventType: "payment.failed", payNow: true, amountCents: 13400 });

      const notices = await mailTo(customer);
      expect(notices.map((m) => m.subject)).toEqual(["Your payment of $134.00 failed"]);
      expect(notices[0]?.text).toContain(`Pay now: ${pageUrl}`);
      expect(notices[0]?.html).toContain(`href="${pageUrl}"`);

      const answer = await payNow(row.id, customer);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ url: pageUrl });

      const due = await get(`/test-invoice/${invoiceId}`);
      expect(due.body).toContain("Invoice due");
      expect(due.body).toContain("Pay $134.00");
      const pay = () =>
        t.app.inject({
          method: "POST",
          url: `/test-invoice/${invoiceId}/pay`,
          headers: { origin: TEST_APP_URL },
        });
      // Two tabs paying at once: one event id per invoice, so one payment whatever each one answers.
      const [first, second] = await Promise.all([pay(), pay()]);
      const answers = [first.statusCode, second.statusCode];
      expect(answers).toContain(303);
      for (const status of answers) expect([303, 409]).toContain(status);
      const paidRows = await t.database.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.invoiceId, invoiceId), eq(transactions.eventType, "payment.succeeded")));
      expect(paidRows.map((r) => [r.userId, r.amountCents, r.receiptUrl])).toEqual([
        [customer.user.id, 13400, pageUrl],
      ]);
      expect((await get(`/test-invoice/${invoiceId}`)).body).toContain("Receipt");

      // Paid since: no more Pay now, and a receipt mail for the payment.
      const after = (await listOf(customer)).transactions.find((r) => r.id === row.id);
      expect(after?.payNow).toBe(false);
      const again = await payNow(row.id, customer);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: "This payment has been made since: there is nothing to pay." });
      expect((await mailTo(customer)).map((m) => m.subject)).toEqual([
        "Your receipt for $134.00",
        "Your payment of $134.00 failed",
      ]);
      const third = await pay();
      expect(third.statusCode).toBe(409);
    });

    it("answers 404 for another customer's payment, 409 for one that did not fail, 400 for no id", async () => {
      const { row } = await failedInvoice(other);
      const refused = await payNow(row.id, customer);
      expect(refused.statusCode).toBe(404);
      expect(Object.keys(refused.json())).toEqual(["error"]);
      expect(JSON.stringify(refused.json())).not.toContain("test-invoice");

      const paid = invoiceEvent("invoice.paid", { invoiceId: next("in_paid"), uid: customer.user.uid });
      await deliver(paid);
      const [paidRow] = await t.database.db
        .select()
        .from(transactions)
        .where(eq(transactions.eventId, paid.id));
      const conflict = await payNow(paidRow?.id ?? 0, customer);
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json().error).toMatch(/^Only a failed payment can be paid again/);

      // A failure the operator's base recorded (no provider invoice) is history, not a bill.
      const [fromBase] = await t.database.db
        .insert(transactions)
        .values({
          userId: customer.user.id,
          uid: customer.user.uid,
          source: "airtable",
          airtableRecordId: next("rec_failed"),
          eventType: "payment.failed",
          amountCents: 9800,
        })
        .returning();
      expect((await payNow(fromBase?.id ?? 0, customer)).statusCode).toBe(409);
      expect((await listOf(customer)).transactions.find((r) => r.id === fromBase?.id)?.payNow).toBe(false);

      expect((await payNow(row.id)).statusCode).toBe(401);
      const bad = await t.post("/api/transactions/abc/pay-now", {}, { headers: { cookie: customer.cookie } });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual(["error"]);
      expect((await payNow(2_147_483_000, customer)).statusCode).toBe(404);
    });
  });

  describe("a refund", () => {
    const refund = (fields: { invoiceId?: string; orderId?: number; amount: number; refunded: number }) => ({
      id: next("evt_ch"),
      object: "event",
      type: "charge.refunded",
      created: T0 + 3 * DAY,
      data: {
        object: {
          id: next("ch"),
          object: "charge",
          customer: "cus_local_plans",
          invoice: fields.invoiceId ?? null,
          amount: fields.amount,
          amount_refunded: fields.refunded,
          refunded: fields.refunded >= fields.amount,
          currency: "usd",
          receipt_url: "https://pay.example/receipts/refund",
          metadata: fields.orderId ? { order_id: String(fields.orderId) } : {},
        },
      },
    });
    const statusOf = async (orderId: number) =>
      (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status;

    it("of an order's payment in full marks the order refunded; part of it, or a later month, does not", async () => {
      const order = await payOnTestCheckout(customer, { lite: 1 });
      const [invoice] = (await rowsOf(customer.user.id)).filter((r) => r.eventType === "payment.succeeded");
      const firstInvoice = invoice?.invoiceId ?? "";

      await deliver(refund({ invoiceId: firstInvoice, amount: 9800, refunded: 1000 }));
      expect(await statusOf(order.id)).toBe("paid");

      // A renewal of the same plan, refunded in full: the order's own payment stands.
      const renewal = invoiceEvent("invoice.paid", {
        invoiceId: next("in_renewal"),
        uid: customer.user.uid,
        amount: 9800,
        orderId: order.id,
        created: T0 + 40 * DAY,
      });
      await deliver(renewal);
      await deliver(refund({ invoiceId: renewal.data.object.id, amount: 9800, refunded: 9800 }));
      expect(await statusOf(order.id)).toBe("paid");

      const full = refund({ invoiceId: firstInvoice, amount: 9800, refunded: 9800 });
      expect((await deliver(full)).statusCode).toBe(200);
      expect(await statusOf(order.id)).toBe("refunded");
      const [row] = await t.database.db.select().from(transactions).where(eq(transactions.eventId, full.id));
      expect(row).toMatchObject({ eventType: "refund.created", orderId: order.id, userId: customer.user.id });
      const shown = (await listOf(customer)).transactions.find((r) => r.id === row?.id);
      expect(shown).toMatchObject({ amountCents: 9800, receiptUrl: "https://pay.example/receipts/refund" });
    });

    it("named by its order in metadata moves only a paid order", async () => {
      const order = await payOnTestCheckout(customer, { exec: 1 });
      await deliver(refund({ orderId: order.id, amount: 19800, refunded: 19800 }));
      expect(await statusOf(order.id)).toBe("refunded");

      const [open] = await t.database.db
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
      await deliver(refund({ orderId: open?.id ?? 0, amount: 100, refunded: 100 }));
      expect(await statusOf(open?.id ?? 0)).toBe("open");
    });
  });

  describe("Manage billing", () => {
    it("is ready for a customer known only from their plans, and explains itself before a first payment", async () => {
      expect((await listOf(customer)).billingAccount).toBe("none");
      expect((await plansOf(customer)).billingAccount).toBe("none");
      await deliver(
        subscriptionEvent("created", {
          id: next("sub_billing"),
          uid: customer.user.uid,
          created: T0,
          customer: "cus_from_plans",
        }),
      );
      expect(await listOf(customer)).toMatchObject({ billingAccount: "ready", canManageBilling: true });
      const portal = await t.post("/api/billing/portal", {}, { headers: { cookie: customer.cookie } });
      expect(portal.json()).toEqual({ url: `${TEST_APP_URL}/test-billing-portal?customer=cus_from_plans` });
    });

    it("is unavailable when payments are not configured", async () => {
      const noPayments = await createTestApp({ database: t.database, payments: undefined });
      try {
        const list = await noPayments.app.inject({
          method: "GET",
          url: "/api/transactions",
          headers: { cookie: customer.cookie },
        });
        expect(transactionListSchema.parse(list.json())).toMatchObject({
          billingAccount: "unavailable",
          canManageBilling: false,
        });
        const plans = await noPayments.app.inject({
          method: "GET",
          url: "/api/subscriptions",
          headers: { cookie: customer.cookie },
        });
        expect(subscriptionListSchema.parse(plans.json()).billingAccount).toBe("unavailable");
        const { row } = await (async () => {
          const invoiceId = next("in_unconfigured");
          const event = invoiceEvent("invoice.payment_failed", { invoiceId, uid: customer.user.uid });
          await deliver(event);
          const [found] = await t.database.db
            .select()
            .from(transactions)
            .where(eq(transactions.eventId, event.id));
          return { row: found };
        })();
        const answer = await noPayments.post(
          `/api/transactions/${row?.id}/pay-now`,
          {},
          { headers: { cookie: customer.cookie } },
        );
        expect(answer.statusCode).toBe(503);
      } finally {
        await noPayments.app.close();
      }
    });
  });
});
