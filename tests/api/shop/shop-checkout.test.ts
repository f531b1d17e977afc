import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPayments } from "../../../src/server/platform/adapters/payments/test-payments";
import { orders, paymentEvents, transactions } from "../../../src/server/platform/db/schema";
import { postStripeEvent, signStripeEvent } from "../../support/stripe-events";
import { createTestApp, nextLoopbackIp, TEST_APP_URL, type TestApp } from "../../support/test-app";
import { signedInUser } from "../../support/users";

const WEBHOOK_SECRET = "whsec_shop_checkout_test";

/** The saved checkout order of decision R9, as the checkout page sends it. */
function savedOrder(plans: Record<string, number>, addOns: Record<string, number> = {}) {
  return {
    selectedPlans: Object.keys(plans).map((id) => ({ id, name: "ignored", price: 1 })),
    planQuantities: plans,
    selectedAddOns: Object.keys(addOns).map((id) => ({ id, name: "ignored", price: 1 })),
    addOnQuantities: addOns,
  };
}

describe("the shop on the local test checkout", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      payments: testPayments({ appUrl: TEST_APP_URL, webhookSecret: WEBHOOK_SECRET }),
    });
  });
  afterAll(() => t.close());

  const checkout = (payload: object, cookie?: string, url = "/api/create-checkout-session") =>
    t.post(url, payload, { headers: cookie ? { cookie } : {} });
  const ordersOf = (userId: number) => t.database.db.select().from(orders).where(eq(orders.userId, userId));
  const sessionIdOf = (url: string) => url.split("/test-checkout/")[1] ?? "";

  const signedEvent = (event: object, timestamp?: number) =>
    signStripeEvent(event, WEBHOOK_SECRET, timestamp);
  const deliver = (payload: string, signature?: string) => postStripeEvent(t.app, payload, signature);

  it("serves the catalogue of R3 publicly, with each item's price id and the volume tiers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/catalogue" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(
      body.items.map((item: { key: string; priceCents: number; priceId: string }) => [
        item.key,
        item.priceCents,
        item.priceId,
      ]),
    ).toEqual([
      ["lite", 9800, "lite"],
      ["plus", 13400, "plus"],
      ["exec", 19800, "exec"],
      ["salesnav", 4000, "salesnav"],
      ["automation", 4400, "automation"],
    ]);
    expect(body.volumeTiers).toEqual([
      { minAccounts: 5, percent: 5 },
      { minAccounts: 10, percent: 10 },
      { minAccounts: 25, percent: 15 },
    ]);
  });

  it("starts a checkout priced by the server, and records the order", async () => {
    const { user, cookie } = await signedInUser(t.database.db, t.config);
    const res = await checkout(savedOrder({ plus: 3 }, { salesnav: 1 }), cookie);
    expect(res.statusCode).toBe(200);
    const { url, sessionId } = res.json();
    expect(url).toBe(`${TEST_APP_URL}/test-checkout/${sessionId}`);
    const [order] = await ordersOf(user.id);
    expect(order).toMatchObject({
      status: "open",
      provider: "test",
      channel: "checkout",
      paymentSessionId: sessionId,
      subtotalCents: 3 * 13400 + 4000,
      discountCents: 0,
      totalCents: 44200,
    });
    expect(order?.lines.map((line) => [line.key, line.quantity, line.unitCents])).toEqual([
      ["plus", 3, 13400],
      ["salesnav", 1, 4000],
    ]);
  });

  it.each([
    [4, 0, 0],
    [5, 5, 3350],
    [10, 10, 13400],
    [25, 15, 50250],
  ])("applies the tier for %i accounts (%i%% off)", async (quantity, percent, discount) => {
    const { user, cookie } = await signedInUser(t.database.db, t.config);
    expect((await checkout(savedOrder({ plus: quantity }), cookie)).statusCode).toBe(200);
    const [order] = await ordersOf(user.id);
    expect(order).toMatchObject({
      discountPercent: percent,
      discountCents: discount,
      totalCents: quantity * 13400 - discount,
    });
  });

  it.each([
    ["an empty order", savedOrder({}), "Your order is empty"],
    [
      "an unknown product",
      { ...savedOrder({}), selectedPlans: [{ id: "gold" }], planQuantities: { gold: 1 } },
      "Unknown product",
    ],
    ["a quantity of 0", savedOrder({ lite: 0 }), "Quantity must be at least 1"],
    ["a quantity of 101", savedOrder({ lite: 101 }), "Quantity must be at most 100"],
    ["a fractional quantity", savedOrder({ lite: 1.5 }), "whole number"],
    [
      "a quantity as text",
      { ...savedOrder({}), selectedPlans: [{ id: "lite" }], planQuantities: { lite: "2" } },
      "whole number",
    ],
    [
      "a plan without a quantity",
      { ...savedOrder({}), selectedPlans: [{ id: "lite" }] },
      "a quantity from 1 to 100 is required",
    ],
    ["an add-on listed as a plan", savedOrder({ salesnav: 1 }), "is an add-on, not a plan"],
    ["the test product while it is off", savedOrder({ test: 1 }), "is not a product on sale"],
    [
      "a plan listed twice",
      { ...savedOrder({ lite: 1 }), selectedPlans: [{ id: "lite" }, { id: "lite" }] },
      "listed twice",
    ],
    ["a list that is not a list", { ...savedOrder({}), selectedPlans: "lite" }, "selectedPlans"],
    ["no body fields", {}, "selectedPlans"],
  ])("refuses %s with 400 and creates no order", async (_name, payload, message) => {
    const { user, cookie } = await signedInUser(t.database.db, t.config);
    const res = await checkout(payload, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect(await ordersOf(user.id)).toHaveLength(0);
  });

  it("needs a session, and the portal's own origin", async () => {
    expect((await checkout(savedOrder({ lite: 1 }))).statusCode).toBe(401);
    const { cookie } = await signedInUser(t.database.db, t.config);
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/create-checkout-session",
      payload: savedOrder({ lite: 1 }),
      headers: { cookie, origin: "https://elsewhere.example", "content-type": "application/json" },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it("takes cart items by price id for API clients, only for the caller's own uid", async () => {
    const { user, cookie } = await signedInUser(t.database.db, t.config);
    const other = await signedInUser(t.database.db, t.config);
    const items = [{ priceId: "exec", quantity: 2 }];
    const url = "/api/stripe/create-checkout-session";
    const forOther = await checkout({ items, uid: other.user.uid }, cookie, url);
    expect(forOther.statusCode).toBe(403);
    const unknown = await checkout({ items: [{ priceId: "price_nope", quantity: 1 }] }, cookie, url);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toContain("is not a price on sale");
    const ok = await checkout(
      {
        items,
        uid: user.uid,
        email: "someone@else.test",
        successUrl: "https://evil.example",
        cancelUrl: "x",
      },
      cookie,
      url,
    );
    expect(ok.statusCode).toBe(200);
    const [order] = await ordersOf(user.id);
    expect(order).toMatchObject({ channel: "cart", totalCents: 2 * 19800 });
    expect(await ordersOf(other.user.id)).toHaveLength(0);
  });

  it("pays on the test checkout through the signed webhook, once, and shows the order to its owner only", async () => {
    const { user, cookie } = await signedInUser(t.database.db, t.config);
    const started = await checkout(savedOrder({ plus: 3 }, { salesnav: 1 }), cookie);
    const sessionId = sessionIdOf(started.json().url);

    const page = await t.app.inject({ method: "GET", url: `/test-checkout/${sessionId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("LinkedIn Plus");
    expect(page.body).toContain("$442.00");

    const paid = await t.app.inject({
      method: "POST",
      url: `/test-checkout/${sessionId}/pay`,
      headers: { origin: TEST_APP_URL },
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${TEST_APP_URL}/checkout/success?session_id=${sessionId}`);

    const [order] = await ordersOf(user.id);
    expect(order?.status).toBe("paid");
    expect(order?.paidAt).toBeInstanceOf(Date);
    const ledger = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, user.id))
      .orderBy(transactions.id);
    // The checkout, then its subscription's first invoice, as Stripe reports a new subscription.
    expect(ledger.map((row) => row.eventType)).toEqual(["checkout.session.completed", "payment.succeeded"]);
    expect(ledger[0]).toMatchObject({
      source: "test",
      amountCents: 44200,
      amountActual: "442.00",
      currency: "USD",
      eventType: "checkout.session.completed",
      csLiveId: sessionId,
      clientRefId: user.uid,
      product: "3 × LinkedIn Plus, 1 × Sales Navigator",
      airtableRecordId: null,
    });

    const mine = await t.app.inject({
      method: "GET",
      url: `/api/orders/by-session/${sessionId}`,
      headers: { cookie },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      status: "paid",
      subtotalCents: 44200,
      discountCents: 0,
      totalCents: 44200,
      yours: true,
      firstPaidOrder: true,
    });
    // The session id is the capability: someone else holding it sees the order, not whose it is.
    const other = await signedInUser(t.database.db, t.config);
    for (const headers of [{ cookie: other.cookie }, {}]) {
      const held = await t.app.inject({ method: "GET", url: `/api/orders/by-session/${sessionId}`, headers });
      expect(held.statusCode).toBe(200);
      expect(held.json()).toMatchObject({
        status: "paid",
        totalCents: 44200,
        yours: false,
        firstPaidOrder: false,
      });
      expect(held.body).not.toContain(user.uid);
      expect(held.body).not.toContain(user.email);
      expect(held.body).not.toContain(user.name);
    }

    // Paying again changes nothing: the order is no longer open.
    const again = await t.app.inject({ method: "GET", url: `/test-checkout/${sessionId}` });
    expect(again.body).toContain("This checkout is paid");
  });

  it("cancels on the test checkout back to the cancel page of the order", async () => {
    const { user, cookie } = await signedInUser(t.database.db, t.config);
    const sessionId = sessionIdOf((await checkout(savedOrder({ lite: 1 }), cookie)).json().url);
    const res = await t.app.inject({
      method: "POST",
      url: `/test-checkout/${sessionId}/cancel`,
      headers: { origin: TEST_APP_URL },
    });
    expect(res.statusCode).toBe(303);
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${TEST_APP_URL}/checkout/cancelled`);
    expect((await ordersOf(user.id))[0]?.status).toBe("cancelled");
    // The link's ref opens this order, signed out.
    const ref = location.searchParams.get("ref") ?? "";
    const held = await t.app.inject({
      method: "GET",
      url: `/api/orders/by-cancel-link/${encodeURIComponent(ref)}`,
    });
    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({ status: "cancelled", totalCents: 9800, yours: false });
  });

  describe("a test checkout completes once", () => {
    const press = (sessionId: string, button: "pay" | "cancel") =>
      t.app.inject({
        method: "POST",
        url: `/test-checkout/${sessionId}/${button}`,
        headers: { origin: TEST_APP_URL },
      });
    async function started() {
      const { user, cookie } = await signedInUser(t.database.db, t.config);
      const sessionId = sessionIdOf((await checkout(savedOrder({ lite: 2 }), cookie)).json().url);
      return { user, sessionId };
    }
    const ledgerOfSession = (sessionId: string) =>
      t.database.db.select().from(transactions).where(eq(transactions.csLiveId, sessionId));
    const eventCount = async () => (await t.database.db.select().from(paymentEvents)).length;

    it("pays once when Pay is posted twice: the second shows the paid order and signs nothing", async () => {
      const { user, sessionId } = await started();
      expect((await press(sessionId, "pay")).statusCode).toBe(303);
      const [paid] = await ordersOf(user.id);
      const events = await eventCount();

      const again = await press(sessionId, "pay");
      expect(again.statusCode).toBe(409);
      expect(again.headers["content-type"]).toContain("text/html");
      expect(again.body).toContain("This checkout is paid.");
      expect(again.body).not.toContain('action="/test-checkout/');
      expect(await eventCount()).toBe(events);
      expect(await ledgerOfSession(sessionId)).toHaveLength(1);
      expect(await ordersOf(user.id)).toEqual([paid]);
      expect(paid).toMatchObject({ status: "paid", stripeCustomerId: expect.stringMatching(/^cus_local_/) });
      expect(paid?.paidAt).toBeInstanceOf(Date);
    });

    it("keeps a paid order paid when Cancel follows Pay", async () => {
      const { user, sessionId } = await started();
      expect((await press(sessionId, "pay")).statusCode).toBe(303);
      const [paid] = await ordersOf(user.id);
      const cancel = await press(sessionId, "cancel");
      expect(cancel.statusCode).toBe(409);
      expect(cancel.body).toContain("This checkout is paid.");
      expect(await ordersOf(user.id)).toEqual([paid]);
      expect(await ledgerOfSession(sessionId)).toHaveLength(1);
    });

    it("takes no payment for a cancelled checkout, and cancels only once", async () => {
      const { user, sessionId } = await started();
      expect((await press(sessionId, "cancel")).statusCode).toBe(303);
      const [cancelled] = await ordersOf(user.id);
      const events = await eventCount();
      for (const button of ["pay", "cancel"] as const) {
        const res = await press(sessionId, button);
        expect(res.statusCode, button).toBe(409);
        expect(res.body).toContain("This checkout is cancelled.");
      }
      expect(await ordersOf(user.id)).toEqual([cancelled]);
      expect(cancelled?.status).toBe("cancelled");
      expect(await eventCount()).toBe(events);
      expect(await ledgerOfSession(sessionId)).toHaveLength(0);
    });

    it("pays once when two Pays arrive together", async () => {
      const { user, sessionId } = await started();
      const answers = await Promise.all([press(sessionId, "pay"), press(sessionId, "pay")]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([303, 409]);
      expect(await ledgerOfSession(sessionId)).toHaveLength(1);
      expect((await ordersOf(user.id))[0]?.status).toBe("paid");
    });

    it("pays or cancels, not both, when Pay and Cancel arrive together", async () => {
      const { user, sessionId } = await started();
      const [pay, cancel] = await Promise.all([press(sessionId, "pay"), press(sessionId, "cancel")]);
      const [order] = await ordersOf(user.id);
      const rows = await ledgerOfSession(sessionId);
      if (order?.status === "paid") {
        expect([pay.statusCode, cancel.statusCode]).toEqual([303, 409]);
        expect(rows).toHaveLength(1);
      } else {
        expect(order?.status).toBe("cancelled");
        expect([pay.statusCode, cancel.statusCode]).toEqual([409, 303]);
        expect(rows).toHaveLength(0);
      }
    });

    it("leaves the checkout open when the webhook refuses its event, so Pay can be tried again", async () => {
      const { user, sessionId } = await started();
      const misSigning = await createTestApp({
        database: t.database,
        payments: {
          ...testPayments({ appUrl: TEST_APP_URL, webhookSecret: WEBHOOK_SECRET }),
          signEvent: async () => "t=1,v1=00",
        },
      });
      try {
        const refused = await misSigning.app.inject({
          method: "POST",
          url: `/test-checkout/${sessionId}/pay`,
          headers: { origin: TEST_APP_URL },
        });
        expect(refused.statusCode).toBe(502);
      } finally {
        await misSigning.app.close();
      }
      expect((await ordersOf(user.id))[0]).toMatchObject({ status: "open", paidAt: null });
      expect(await ledgerOfSession(sessionId)).toHaveLength(0);
      expect((await press(sessionId, "pay")).statusCode).toBe(303);
      expect(await ledgerOfSession(sessionId)).toHaveLength(1);
    });

    it("answers Pay and Cancel of an unknown checkout with 404", async () => {
      for (const button of ["pay", "cancel"] as const) {
        const res = await press("cs_local_unknown", button);
        expect(res.statusCode, button).toBe(404);
        expect(res.body).toContain("Checkout not found");
      }
    });
  });

  describe("the webhook", () => {
    async function openOrder() {
      const { user, cookie } = await signedInUser(t.database.db, t.config);
      const sessionId = sessionIdOf((await checkout(savedOrder({ exec: 1 }), cookie)).json().url);
      const [order] = await ordersOf(user.id);
      if (!order) throw new Error("no order");
      return { user, order, sessionId };
    }
    const completed = (id: string, sessionId: string, orderId: number, uid: string) => ({
      id,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: sessionId,
          object: "checkout.session",
          client_reference_id: uid,
          amount_total: 19800,
          currency: "usd",
          customer: "cus_123",
          metadata: { order_id: String(orderId) },
        },
      },
    });
    const ledgerOf = (userId: number) =>
      t.database.db.select().from(transactions).where(eq(transactions.userId, userId));

    it("refuses a signature timestamped more than five minutes ahead, and takes one a little ahead", async () => {
      const { user, order, sessionId } = await openOrder();
      const now = Math.floor(Date.now() / 1000);
      // Signed now for an hour from now: a captured signature that would stay good for an hour more.
      const ahead = signedEvent(completed("evt_from_the_future", sessionId, order.id, user.uid), now + 3600);
      const refused = await deliver(ahead.payload, ahead.signature);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: expect.stringMatching(/future/) });
      expect((await ordersOf(user.id))[0]?.status).toBe("open");
      expect(await ledgerOf(user.id)).toHaveLength(0);
      // A sender's clock a little ahead of ours is within the same five minutes as an old one.
      const skewed = signedEvent(completed("evt_clock_ahead", sessionId, order.id, user.uid), now + 240);
      expect((await deliver(skewed.payload, skewed.signature)).statusCode).toBe(200);
      expect((await ordersOf(user.id))[0]?.status).toBe("paid");
    });

    it("refuses a bad signature, a missing one and an old timestamp with 400, writing nothing", async () => {
      const { user, order, sessionId } = await openOrder();
      const event = completed("evt_bad_sig", sessionId, order.id, user.uid);
      const { payload, signature } = signedEvent(event);
      const forged = signature.replace(/v1=([0-9a-f])/, (_m, c) => `v1=${c === "0" ? "1" : "0"}`);
      expect((await deliver(payload, forged)).statusCode).toBe(400);
      expect((await deliver(payload)).statusCode).toBe(400);
      const old = signedEvent(event, Math.floor(Date.now() / 1000) - 301);
      const stale = await deliver(old.payload, old.signature);
      expect(stale.statusCode).toBe(400);
      expect(stale.json()).toEqual({ error: expect.any(String) });
      // A body changed after signing does not pass either.
      expect((await deliver(payload.replace("19800", "1"), signature)).statusCode).toBe(400);
      expect((await ordersOf(user.id))[0]?.status).toBe("open");
      expect(await ledgerOf(user.id)).toHaveLength(0);
      const seen = await t.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, "evt_bad_sig"));
      expect(seen).toHaveLength(0);
    });

    it("processes an event replayed 10 times once: one paid order, one ledger row", async () => {
      const { user, order, sessionId } = await openOrder();
      const { payload, signature } = signedEvent(completed("evt_replayed", sessionId, order.id, user.uid));
      for (let i = 0; i < 10; i += 1) {
        const res = await deliver(payload, signature);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ received: true });
      }
      expect(await ledgerOf(user.id)).toHaveLength(1);
      expect((await ordersOf(user.id))[0]).toMatchObject({ status: "paid", stripeCustomerId: "cus_123" });
    });

    it("keeps a paid order paid when its expiry arrives after the payment, and pays one that expired first", async () => {
      const first = await openOrder();
      const paid = signedEvent(
        completed("evt_order_a_paid", first.sessionId, first.order.id, first.user.uid),
      );
      const expiredLate = signedEvent({
        id: "evt_order_a_expired",
        type: "checkout.session.expired",
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: first.sessionId, metadata: { order_id: String(first.order.id) } } },
      });
      expect((await deliver(paid.payload, paid.signature)).statusCode).toBe(200);
      expect((await deliver(expiredLate.payload, expiredLate.signature)).statusCode).toBe(200);
      expect((await ordersOf(first.user.id))[0]?.status).toBe("paid");

      const second = await openOrder();
      const expiredFirst = signedEvent({
        id: "evt_order_b_expired",
        type: "checkout.session.expired",
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: second.sessionId } },
      });
      expect((await deliver(expiredFirst.payload, expiredFirst.signature)).statusCode).toBe(200);
      expect((await ordersOf(second.user.id))[0]?.status).toBe("expired");
      const paidLate = signedEvent(
        completed("evt_order_b_paid", second.sessionId, second.order.id, second.user.uid),
      );
      expect((await deliver(paidLate.payload, paidLate.signature)).statusCode).toBe(200);
      expect((await ordersOf(second.user.id))[0]?.status).toBe("paid");
      expect(await ledgerOf(second.user.id)).toHaveLength(1);
    });

    it("acknowledges event types it does not handle", async () => {
      const { payload, signature } = signedEvent({
        id: "evt_other_type",
        type: "customer.created",
        created: 1,
        data: { object: {} },
      });
      expect((await deliver(payload, signature)).statusCode).toBe(200);
    });

    it("answers 400, not 500, for a body that is not JSON", async () => {
      const { signature } = signedEvent({ id: "x" });
      const res = await deliver("not json", signature);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
      const signedGarbage = Stripe.webhooks.generateTestHeaderString({
        payload: "not json",
        secret: WEBHOOK_SECRET,
      });
      const garbage = await deliver("not json", signedGarbage);
      expect(garbage.statusCode).toBe(400);
      expect(garbage.json()).toEqual({ error: "The body is not valid JSON" });
    });

    // Stripe retries a 5xx for days: a signed body that is no event must be the sender's 400.
    describe("a correctly signed body that is not an event", () => {
      const tables = async () => ({
        transactions: await t.database.db.select().from(transactions).orderBy(transactions.id),
        orders: await t.database.db.select().from(orders).orderBy(orders.id),
        paymentEvents: await t.database.db.select().from(paymentEvents).orderBy(paymentEvents.eventId),
      });
      type Event = ReturnType<typeof completed>;
      const malformed: Array<[string, (event: Event) => unknown]> = [
        ["a JSON array", (event) => [event]],
        ["JSON null", () => null],
        ["an object with no data", ({ data: _data, ...rest }) => rest],
        ["data: null", (event) => ({ ...event, data: null })],
        ["data.object: null", (event) => ({ ...event, data: { object: null } })],
        ['created: "x"', (event) => ({ ...event, created: "x" })],
        ["created: 1e300", (event) => ({ ...event, created: 1e300 })],
        ["created: 1.5", (event) => ({ ...event, created: 1.5 })],
        ["an id containing a NUL character", (event) => ({ ...event, id: `${event.id}\u0000` })],
        ["an empty id", (event) => ({ ...event, id: "" })],
        ["no type", ({ type: _type, ...rest }) => rest],
        [
          "a NUL in a field the ledger stores",
          (event) => ({
            ...event,
            data: { object: { ...event.data.object, customer_email: "a\u0000@example.com" } },
          }),
        ],
        [
          "an amount that is text",
          (event) => ({ ...event, data: { object: { ...event.data.object, amount_total: "19800" } } }),
        ],
        [
          "metadata that is a list",
          (event) => ({ ...event, data: { object: { ...event.data.object, metadata: ["1"] } } }),
        ],
      ];

      it.each(malformed)("refuses %s with 400 and writes nothing", async (_name, bodyOf) => {
        const { user, order, sessionId } = await openOrder();
        const event = completed(`evt_malformed_${order.id}`, sessionId, order.id, user.uid);
        const before = await tables();
        const { payload, signature } = signedEvent(bodyOf(event) as object);
        const res = await deliver(payload, signature);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: expect.stringMatching(/^Not a payment event: /) });
        expect(await tables()).toEqual(before);
        expect(t.logs()).not.toContain("unhandled error");

        // The same payment, well formed, still lands.
        const good = signedEvent(event);
        expect((await deliver(good.payload, good.signature)).statusCode).toBe(200);
        expect((await ordersOf(user.id))[0]?.status).toBe("paid");
        expect(await ledgerOf(user.id)).toHaveLength(1);
      });

      it("still acknowledges a type it does not handle, whatever its object holds", async () => {
        const { payload, signature } = signedEvent({
          id: "evt_other_type_loose",
          type: "customer.updated",
          created: 1,
          data: { object: { email: ["not", "a", "string"], metadata: null } },
        });
        expect((await deliver(payload, signature)).statusCode).toBe(200);
      });

      it("records a payment whose order id no order can have, for the customer it names", async () => {
        const { user, order, sessionId } = await openOrder();
        const event = completed(`evt_big_order_id_${order.id}`, sessionId, order.id, user.uid);
        event.data.object.metadata.order_id = "99999999999";
        const { payload, signature } = signedEvent(event);
        expect((await deliver(payload, signature)).statusCode).toBe(200);
        // The session id still finds the order.
        expect((await ordersOf(user.id))[0]?.status).toBe("paid");
        expect(await ledgerOf(user.id)).toHaveLength(1);
      });
    });
  });

  describe("payment links (POST /api/pay)", () => {
    const pay = (payload: object, ip = nextLoopbackIp()) => t.post("/api/pay", payload, { ip });

    it("starts a one-product payment for the customer with that uid", async () => {
      const { user } = await signedInUser(t.database.db, t.config);
      const res = await pay({ uid: user.uid, product: "plus" });
      expect(res.statusCode).toBe(200);
      expect(res.json().redirectUrl).toMatch(`${TEST_APP_URL}/test-checkout/cs_local_`);
      const [order] = await ordersOf(user.id);
      expect(order).toMatchObject({ channel: "pay-link", totalCents: 13400 });
    });

    it("says what is wrong with the parameters", async () => {
      const { user } = await signedInUser(t.database.db, t.config);
      const missing = await pay({});
      expect(missing.statusCode).toBe(400);
      const invalid = await pay({ uid: user.uid, product: "gold" });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().error).toContain(
        "Invalid product key. Must be one of: lite, plus, exec, salesnav, automation",
      );
      expect(await ordersOf(user.id)).toHaveLength(0);
    });

    /** The customer's orders as their own list shows them: status and channel. */
    async function listed(cookie: string) {
      const res = await t.app.inject({ method: "GET", url: "/api/orders", headers: { cookie } });
      expect(res.statusCode).toBe(200);
      return res.json().orders.map((order: { status: string }) => order.status);
    }
    const press = (sessionId: string) =>
      t.app.inject({
        method: "POST",
        url: `/test-checkout/${sessionId}/pay`,
        headers: { origin: TEST_APP_URL },
      });

    it("keeps the orders a payer not signed in as the customer starts out of the customer's list until paid", async () => {
      const customer = await signedInUser(t.database.db, t.config);
      const stranger = await signedInUser(t.database.db, t.config);
      const own = await t.post(
        "/api/pay",
        { uid: customer.user.uid, product: "lite" },
        { headers: { cookie: customer.cookie } },
      );
      expect(own.statusCode).toBe(200);
      const links: string[] = [];
      // Twenty holders' checkouts, the most one uid takes from others in an hour.
      for (let i = 0; i < 19; i += 1) {
        const res = await pay({ uid: customer.user.uid, product: "plus" });
        expect(res.statusCode).toBe(200);
        links.push(sessionIdOf(res.json().redirectUrl));
      }
      const signedInElsewhere = await t.post(
        "/api/pay",
        { uid: customer.user.uid, product: "plus" },
        { headers: { cookie: stranger.cookie } },
      );
      expect(signedInElsewhere.statusCode).toBe(200);
      // The customer's list holds only their own checkout, still open: no stranger expired it.
      expect(await listed(customer.cookie)).toEqual(["open"]);
      const stored = await ordersOf(customer.user.id);
      expect(stored.filter((order) => order.byLinkHolder && order.status === "open")).toHaveLength(10);
      expect(stored.find((order) => !order.byLinkHolder)?.status).toBe("open");
      // Nor does the activity on their dashboard; the stranger's list has none of it either.
      const activity = await t.app.inject({
        method: "GET",
        url: "/api/activity",
        headers: { cookie: customer.cookie },
      });
      expect(activity.body.match(/"type":"order"/g)).toHaveLength(1);
      expect(await listed(stranger.cookie)).toEqual([]);

      // Paid, the holder's order is the customer's like any other.
      expect((await press(links[18] ?? "")).statusCode).toBe(303);
      expect((await listed(customer.cookie)).sort()).toEqual(["open", "paid"]);
    });

    it("answers an unknown uid as it answers a known one, and creates nothing", async () => {
      const known = await signedInUser(t.database.db, t.config);
      const before = await t.database.db.select({ id: orders.id }).from(orders);
      const unknownUid = "00000000-0000-0000-0000-000000000000";
      const forKnown = await pay({ uid: known.user.uid, product: "lite" });
      const forUnknown = await pay({ uid: unknownUid, product: "lite" });
      expect(forUnknown.statusCode).toBe(forKnown.statusCode);
      expect(forUnknown.statusCode).toBe(200);
      expect(Object.keys(forUnknown.json())).toEqual(Object.keys(forKnown.json()));
      const url = String(forUnknown.json().redirectUrl);
      expect(url).toMatch(new RegExp(`^${TEST_APP_URL}/test-checkout/cs_local_[A-Za-z0-9_-]{24}$`));
      expect(String(forKnown.json().redirectUrl)).toMatch(
        new RegExp(`^${TEST_APP_URL}/test-checkout/cs_local_[A-Za-z0-9_-]{24}$`),
      );
      // Only the known customer's order was made; the unknown uid's checkout cannot be paid.
      const after = await t.database.db.select({ id: orders.id, userId: orders.userId }).from(orders);
      expect(after.length - before.length).toBe(1);
      expect(after.filter((order) => !before.some((b) => b.id === order.id))).toEqual([
        expect.objectContaining({ userId: known.user.id }),
      ]);
      expect((await press(sessionIdOf(url))).statusCode).not.toBe(303);
      expect(await t.database.db.select({ id: orders.id }).from(orders)).toHaveLength(after.length);
    });

    it("is limited per uid for payers who are not the customer, known or not", async () => {
      const customer = await signedInUser(t.database.db, t.config);
      for (const uid of [customer.user.uid, "no-such-uid-limited"]) {
        const statuses: number[] = [];
        for (let i = 0; i < 21; i += 1) statuses.push((await pay({ uid, product: "lite" })).statusCode);
        expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
        expect(statuses[20]).toBe(429);
      }
      // The customer, signed in, still pays through their own link.
      const own = await t.post(
        "/api/pay",
        { uid: customer.user.uid, product: "lite" },
        { headers: { cookie: customer.cookie } },
      );
      expect(own.statusCode).toBe(200);
      expect(await listed(customer.cookie)).toEqual(["open"]);
    });

    it("keeps at most 10 checkouts of a customer open: the newest opens, the oldest expires", async () => {
      const { user } = await signedInUser(t.database.db, t.config);
      const other = await signedInUser(t.database.db, t.config);
      expect((await pay({ uid: other.user.uid, product: "lite" })).statusCode).toBe(200);
      const links: string[] = [];
      for (let i = 0; i < 12; i += 1) {
        const res = await pay({ uid: user.uid, product: "plus" });
        expect(res.statusCode).toBe(200);
        links.push(sessionIdOf(res.json().redirectUrl));
      }
      const byId = (await ordersOf(user.id)).sort((a, b) => a.id - b.id);
      expect(byId.map((order) => order.status)).toEqual([
        "expired",
        "expired",
        ...Array.from({ length: 10 }, () => "open"),
      ]);
      expect(byId.map((order) => order.paymentSessionId)).toEqual(links);
      // Another customer's checkouts are theirs alone.
      expect((await ordersOf(other.user.id)).map((order) => order.status)).toEqual(["open"]);

      // The oldest link's page says so, and takes no payment.
      const page = await t.app.inject({ method: "GET", url: `/test-checkout/${links[0]}` });
      expect(page.body).toContain("This checkout is expired.");
      const payOld = await t.app.inject({
        method: "POST",
        url: `/test-checkout/${links[0]}/pay`,
        headers: { origin: TEST_APP_URL },
      });
      expect(payOld.statusCode).toBe(409);
      // The newest is payable, and paying it leaves room for one more without expiring another.
      const payNew = await t.app.inject({
        method: "POST",
        url: `/test-checkout/${links[11]}/pay`,
        headers: { origin: TEST_APP_URL },
      });
      expect(payNew.statusCode).toBe(303);
      expect((await pay({ uid: user.uid, product: "lite" })).statusCode).toBe(200);
      const after = await ordersOf(user.id);
      expect(after.filter((order) => order.status === "open")).toHaveLength(10);
      expect(after.filter((order) => order.status === "expired")).toHaveLength(2);
    });

    it("is limited per address", async () => {
      const ip = nextLoopbackIp();
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        statuses.push((await pay({ uid: `no-such-uid-${i}`, product: "lite" }, ip)).statusCode);
      }
      expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
      expect(statuses[20]).toBe(429);
    });
  });
});

describe("the shop without a payment provider (production without Stripe)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ payments: undefined, env: { SHOP_TEST_PRODUCT: "on" } });
  });
  afterAll(() => t.close());

  it("still lists the catalogue, with the test product when it is turned on", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/catalogue" });
    expect(res.json().items.map((item: { key: string }) => item.key)).toContain("test");
  });

  it("answers checkout with 503 and a clear message, and records nothing", async () => {
    const { user, cookie } = await signedInUser(t.database.db, t.config);
    const res = await t.post("/api/create-checkout-session", savedOrder({ test: 1 }), {
      headers: { cookie },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: "Card payments are not available right now. Please try again later.",
    });
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
    const page = await t.app.inject({ method: "GET", url: "/test-checkout/cs_local_anything" });
    // No test checkout page either: nothing could pay there.
    expect(page.body).not.toContain("Test checkout");
  });
});
