import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { stripePayments } from "../../../src/server/platform/adapters/payments/stripe-payments";
import { orders } from "../../../src/server/platform/db/schema";
import { type FakeStripe, startFakeStripe } from "../../fakes/stripe-server";
import { createTestApp, nextLoopbackIp, TEST_APP_URL, type TestApp } from "../../support/test-app";
import { signedInUser } from "../../support/users";

const savedOrder = (plans: Record<string, number>) => ({
  selectedPlans: Object.keys(plans).map((id) => ({ id })),
  planQuantities: plans,
  selectedAddOns: [],
  addOnQuantities: {},
});

describe("an open order's Continue and Cancel with Stripe (a fake of its API on loopback)", () => {
  let stripe: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({
      payments: stripePayments({
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
        apiUrl: stripe.url,
        priceIds: {},
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

  async function openOrder() {
    const customer = await signedInUser(t.database.db, t.config);
    const res = await t.post("/api/create-checkout-session", savedOrder({ plus: 5 }), {
      headers: { cookie: customer.cookie },
    });
    expect(res.statusCode).toBe(200);
    const { sessionId } = res.json();
    const [order] = await t.database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    if (!order) throw new Error("no order");
    return { ...customer, order, sessionId: String(sessionId) };
  }
  const act = (action: "continue" | "cancel", orderId: number, cookie: string) =>
    t.post(`/api/orders/${orderId}/${action}`, {}, { headers: { cookie } });
  const statusOf = async (orderId: number) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status;
  const expireCalls = (sessionId: string) =>
    stripe
      .requests()
      .filter((r) => r.method === "POST" && r.path === `/v1/checkout/sessions/${sessionId}/expire`);

  it("returns to a cancel link that names the order, which opens it signed out", async () => {
    const { sessionId } = await openOrder();
    const cancelUrl = new URL(stripe.sessions.get(sessionId)?.cancel_url ?? "");
    expect(`${cancelUrl.origin}${cancelUrl.pathname}`).toBe(`${TEST_APP_URL}/checkout/cancelled`);
    const ref = cancelUrl.searchParams.get("ref") ?? "";
    // Sealed: the order id is not readable in it.
    expect(ref).toMatch(/^v1\./);
    const held = await t.app.inject({
      method: "GET",
      url: `/api/orders/by-cancel-link/${encodeURIComponent(ref)}`,
      remoteAddress: nextLoopbackIp(),
    });
    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({
      status: "open",
      subtotalCents: 67000,
      discountCents: 3350,
      totalCents: 63650,
    });
  });

  it("continues on Stripe's page of the session while it is open", async () => {
    const { cookie, order, sessionId } = await openOrder();
    const res = await act("continue", order.id, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: stripe.sessions.get(sessionId)?.url });
  });

  it("says an expired session has expired, and marks the order so", async () => {
    const { cookie, order, sessionId } = await openOrder();
    stripe.expireSession(sessionId);
    const res = await act("continue", order.id, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "This checkout has expired. Please place the order again." });
    expect(await statusOf(order.id)).toBe("expired");
  });

  it("expires the Stripe session when the order is cancelled, so it can no longer be paid", async () => {
    const { cookie, order, sessionId } = await openOrder();
    const res = await act("cancel", order.id, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "cancelled" });
    expect(stripe.sessions.get(sessionId)?.status).toBe("expired");
    expect(expireCalls(sessionId)).toHaveLength(1);
    expect(await statusOf(order.id)).toBe("cancelled");
  });

  it("cancels an order whose session had already expired at Stripe", async () => {
    const { cookie, order, sessionId } = await openOrder();
    stripe.expireSession(sessionId);
    const res = await act("cancel", order.id, cookie);
    expect(res.statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe("cancelled");
  });

  it("moves the order once when two cancels race, both tolerating the expired session", async () => {
    const { cookie, order } = await openOrder();
    const answers = await Promise.all([act("cancel", order.id, cookie), act("cancel", order.id, cookie)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await statusOf(order.id)).toBe("cancelled");
  });

  it("does not cancel an order whose session was paid meanwhile", async () => {
    const { cookie, order, sessionId } = await openOrder();
    stripe.completeSession(sessionId);
    const res = await act("cancel", order.id, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "This order has just been paid, so it can no longer be cancelled." });
    expect(await statusOf(order.id)).toBe("open");
    const continued = await act("continue", order.id, cookie);
    expect(continued.statusCode).toBe(409);
  });

  it.each([
    ["fails (500)", { kind: "status" as const, status: 500 }],
    ["limits (429)", { kind: "status" as const, status: 429 }],
    ["does not answer in time", { kind: "hang" as const }],
  ])("leaves the order open with a 502 when Stripe %s", async (_name, fault) => {
    const { cookie, order, sessionId } = await openOrder();
    stripe.injectFault({ ...fault, times: 1 });
    const cancel = await act("cancel", order.id, cookie);
    expect(cancel.statusCode).toBe(502);
    expect(cancel.json().error).toMatch(/^The order could not be cancelled: /);
    expect(await statusOf(order.id)).toBe("open");
    expect(stripe.sessions.get(sessionId)?.status).toBe("open");
    stripe.injectFault({ ...fault, times: 1 });
    const continued = await act("continue", order.id, cookie);
    expect(continued.statusCode).toBe(502);
    expect(continued.json().error).toMatch(/^The payment page could not be opened: /);
  });

  it("touches no Stripe session of another customer's order", async () => {
    const { order, sessionId } = await openOrder();
    const stranger = await signedInUser(t.database.db, t.config);
    for (const action of ["continue", "cancel"] as const) {
      expect((await act(action, order.id, stranger.cookie)).statusCode).toBe(404);
    }
    expect(expireCalls(sessionId)).toHaveLength(0);
    expect(stripe.sessions.get(sessionId)?.status).toBe("open");
  });
});
