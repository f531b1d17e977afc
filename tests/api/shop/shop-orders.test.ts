import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPayments } from "../../../src/server/platform/adapters/payments/test-payments";
import { orders, transactions, type UserRow } from "../../../src/server/platform/db/schema";
import { createTestApp, nextLoopbackIp, TEST_APP_URL, type TestApp } from "../../support/test-app";
import { signedInUser } from "../../support/users";

/** The saved checkout order of decision R9, as the checkout page sends it. */
function savedOrder(plans: Record<string, number>, addOns: Record<string, number> = {}) {
  return {
    selectedPlans: Object.keys(plans).map((id) => ({ id })),
    planQuantities: plans,
    selectedAddOns: Object.keys(addOns).map((id) => ({ id })),
    addOnQuantities: addOns,
  };
}

const sessionIdOf = (url: string) => url.split("/test-checkout/")[1] ?? "";

describe("a customer's orders", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ payments: testPayments({ appUrl: TEST_APP_URL }) });
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "GET",
      url,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      remoteAddress: nextLoopbackIp(),
    });

  /** Starts a checkout as `cookie`'s customer; answers its order and session id. */
  async function placeOrder(cookie: string, plans: Record<string, number>, addOns = {}) {
    const res = await t.post("/api/create-checkout-session", savedOrder(plans, addOns), {
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const sessionId = sessionIdOf(res.json().url);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    if (!order) throw new Error("no order");
    return { order, sessionId };
  }
  const press = (sessionId: string, button: "pay" | "cancel") =>
    t.app.inject({
      method: "POST",
      url: `/test-checkout/${sessionId}/${button}`,
      headers: { origin: TEST_APP_URL },
    });
  const statusOf = async (orderId: number) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status;

  describe("GET /api/orders", () => {
    it("lists the caller's own orders newest first, with lines, figures, state and receipt", async () => {
      const { user, cookie } = await signedInUser(t.database.db, t.config);
      const other = await signedInUser(t.database.db, t.config);
      const first = await placeOrder(cookie, { lite: 3, plus: 2 }, { salesnav: 1 });
      expect((await press(first.sessionId, "pay")).statusCode).toBe(303);
      const second = await placeOrder(cookie, { exec: 1 });
      await placeOrder(other.cookie, { plus: 1 });
      // The payment's receipt, as the ledger holds it once the provider sent it.
      await t.database.db
        .update(transactions)
        .set({ orderId: first.order.id, receiptUrl: "https://pay.example.test/receipts/first" })
        .where(eq(transactions.csLiveId, first.sessionId));

      const res = await get("/api/orders", cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBeTruthy();
      expect(res.headers["cache-control"]).toBe("no-store");
      const body = res.json();
      expect(body.nextCursor).toBeNull();
      expect(body.orders.map((order: { id: number }) => order.id)).toEqual([second.order.id, first.order.id]);
      expect(body.orders[1]).toMatchObject({
        status: "paid",
        subtotalCents: 60200,
        discountPercent: 5,
        discountCents: 3010,
        totalCents: 57190,
        receiptUrl: "https://pay.example.test/receipts/first",
        lines: [
          { key: "lite", name: "LinkedIn Lite", quantity: 3, unitCents: 9800, totalCents: 29400 },
          { key: "plus", name: "LinkedIn Plus", quantity: 2, unitCents: 13400, totalCents: 26800 },
          { key: "salesnav", name: "Sales Navigator", quantity: 1, unitCents: 4000, totalCents: 4000 },
        ],
      });
      expect(body.orders[0]).toMatchObject({ status: "open", totalCents: 19800, receiptUrl: null });
      expect(res.body).not.toContain(user.email);
      expect(res.body).not.toContain(other.user.uid);

      // The other customer sees only theirs.
      const theirs = (await get("/api/orders", other.cookie)).json();
      expect(theirs.orders).toHaveLength(1);
      expect(theirs.orders[0].totalCents).toBe(13400);
    });

    it("answers 304 to the ETag of an unchanged page, and the new page once an order moves", async () => {
      const { cookie } = await signedInUser(t.database.db, t.config);
      const { order } = await placeOrder(cookie, { lite: 1 });
      const first = await get("/api/orders", cookie);
      const etag = String(first.headers.etag);
      const again = await get("/api/orders", cookie, { "if-none-match": etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
      expect((await t.post(`/api/orders/${order.id}/cancel`, {}, { headers: { cookie } })).statusCode).toBe(
        200,
      );
      const changed = await get("/api/orders", cookie, { "if-none-match": etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().orders[0].status).toBe("cancelled");
    });

    it("moves the tag on when the ledger gives an order its receipt, and not for another customer's order", async () => {
      const { cookie } = await signedInUser(t.database.db, t.config);
      const other = await signedInUser(t.database.db, t.config);
      const mine = await placeOrder(cookie, { lite: 1 });
      expect((await press(mine.sessionId, "pay")).statusCode).toBe(303);
      const etag = String((await get("/api/orders", cookie)).headers.etag);

      await placeOrder(other.cookie, { plus: 1 });
      expect((await get("/api/orders", cookie, { "if-none-match": etag })).statusCode).toBe(304);

      await t.database.db
        .update(transactions)
        .set({ orderId: mine.order.id, receiptUrl: "https://pay.example.test/receipts/late" })
        .where(eq(transactions.csLiveId, mine.sessionId));
      const changed = await get("/api/orders", cookie, { "if-none-match": etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().orders[0].receiptUrl).toBe("https://pay.example.test/receipts/late");
    });

    it("pages with a cursor: every order once, newest first, whatever the page size", async () => {
      const { user, cookie } = await signedInUser(t.database.db, t.config);
      // Five orders, two of them created in the same microsecond: the id breaks the tie.
      const base = new Date("2026-03-01T10:00:00.123456Z");
      const rows = await t.database.db
        .insert(orders)
        .values(
          [0, 1, 1, 2, 3].map((hours) => ({
            userId: user.id,
            provider: "test" as const,
            channel: "checkout" as const,
            status: "expired" as const,
            lines: [],
            subtotalCents: 100 * (hours + 1),
            totalCents: 100 * (hours + 1),
            createdAt: new Date(base.getTime() + hours * 3_600_000),
          })),
        )
        .returning({ id: orders.id });
      const expected = rows.map((row) => row.id).reverse();
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
        const res = await get(`/api/orders?limit=2${query}`, cookie);
        expect(res.statusCode).toBe(200);
        const body: { orders: Array<{ id: number }>; nextCursor: string | null } = res.json();
        expect(body.orders.length).toBeLessThanOrEqual(2);
        seen.push(...body.orders.map((order) => order.id));
        cursor = body.nextCursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      // Newest first; of the two made in the same microsecond, the later id first.
      expect(seen).toEqual(expected);
    });

    it("filters by state", async () => {
      const { cookie } = await signedInUser(t.database.db, t.config);
      const paid = await placeOrder(cookie, { lite: 1 });
      await press(paid.sessionId, "pay");
      await placeOrder(cookie, { plus: 1 });
      const open = (await get("/api/orders?status=open", cookie)).json();
      expect(open.orders.map((order: { status: string }) => order.status)).toEqual(["open"]);
      const onlyPaid = (await get("/api/orders?status=paid", cookie)).json();
      expect(onlyPaid.orders.map((order: { id: number }) => order.id)).toEqual([paid.order.id]);
      expect((await get("/api/orders?status=refunded", cookie)).json().orders).toEqual([]);
    });

    it.each([
      ["a cursor this list never gave", "?cursor=bm90LWEtY3Vyc29y", "cursor"],
      [
        "a cursor with an id no order can have",
        `?cursor=${Buffer.from("2026-03-01T10:00:00.123456Z_99999999999").toString("base64url")}`,
        "cursor",
      ],
      ["a limit of 0", "?limit=0", "limit"],
      ["a limit of 101", "?limit=101", "limit"],
      ["a limit that is no number", "?limit=many", "limit"],
      ["an unknown state", "?status=lost", "status"],
    ])("refuses %s with 400", async (_name, query, field) => {
      const { cookie } = await signedInUser(t.database.db, t.config);
      const res = await get(`/api/orders${query}`, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(field);
    });

    it("needs a session", async () => {
      expect((await get("/api/orders")).statusCode).toBe(401);
    });
  });

  describe("continue and cancel", () => {
    it("continues an open order on its payment page, and only an open one of the caller's own", async () => {
      const { cookie } = await signedInUser(t.database.db, t.config);
      const other = await signedInUser(t.database.db, t.config);
      const { order, sessionId } = await placeOrder(cookie, { plus: 2 });
      const res = await t.post(`/api/orders/${order.id}/continue`, {}, { headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ url: `${TEST_APP_URL}/test-checkout/${sessionId}` });

      const theirs = await t.post(
        `/api/orders/${order.id}/continue`,
        {},
        { headers: { cookie: other.cookie } },
      );
      expect(theirs.statusCode).toBe(404);
      expect(theirs.body).not.toContain(sessionId);

      expect((await press(sessionId, "pay")).statusCode).toBe(303);
      const paid = await t.post(`/api/orders/${order.id}/continue`, {}, { headers: { cookie } });
      expect(paid.statusCode).toBe(409);
      expect(paid.json()).toEqual({ error: "This order is paid: only an open order can be paid." });
    });

    it("cancels an open order, after which its test checkout takes no payment", async () => {
      const { cookie } = await signedInUser(t.database.db, t.config);
      const { order, sessionId } = await placeOrder(cookie, { exec: 1 });
      const res = await t.post(`/api/orders/${order.id}/cancel`, {}, { headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: order.id, status: "cancelled", totalCents: 19800 });
      expect(await statusOf(order.id)).toBe("cancelled");
      expect((await press(sessionId, "pay")).statusCode).toBe(409);
      expect(await statusOf(order.id)).toBe("cancelled");

      const again = await t.post(`/api/orders/${order.id}/cancel`, {}, { headers: { cookie } });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        error: "This order is cancelled: only an open order can be cancelled.",
      });
      const continued = await t.post(`/api/orders/${order.id}/continue`, {}, { headers: { cookie } });
      expect(continued.statusCode).toBe(409);
    });

    it("moves an order once when two cancels race", async () => {
      const { cookie } = await signedInUser(t.database.db, t.config);
      const { order } = await placeOrder(cookie, { lite: 2 });
      const answers = await Promise.all([
        t.post(`/api/orders/${order.id}/cancel`, {}, { headers: { cookie } }),
        t.post(`/api/orders/${order.id}/cancel`, {}, { headers: { cookie } }),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      expect(await statusOf(order.id)).toBe("cancelled");
    });

    it("does not cancel a paid order, nor another customer's", async () => {
      const { cookie } = await signedInUser(t.database.db, t.config);
      const other = await signedInUser(t.database.db, t.config);
      const mine = await placeOrder(cookie, { lite: 1 });
      const theirs = await placeOrder(other.cookie, { lite: 1 });
      await press(mine.sessionId, "pay");
      const paid = await t.post(`/api/orders/${mine.order.id}/cancel`, {}, { headers: { cookie } });
      expect(paid.statusCode).toBe(409);
      expect(await statusOf(mine.order.id)).toBe("paid");
      const notMine = await t.post(`/api/orders/${theirs.order.id}/cancel`, {}, { headers: { cookie } });
      expect(notMine.statusCode).toBe(404);
      expect(notMine.json()).toEqual({ error: "No order of yours has this number" });
      expect(await statusOf(theirs.order.id)).toBe("open");
    });

    it.each(["0", "-1", "abc", "1.5", "99999999999"])("refuses the order id %s with 400", async (id) => {
      const { cookie } = await signedInUser(t.database.db, t.config);
      for (const action of ["continue", "cancel"]) {
        const res = await t.post(`/api/orders/${id}/${action}`, {}, { headers: { cookie } });
        expect(res.statusCode, action).toBe(400);
        expect(res.json().error).toContain("id");
      }
    });

    it("answers an order id no order has with 404, and needs a session and the portal's origin", async () => {
      const { cookie } = await signedInUser(t.database.db, t.config);
      expect((await t.post("/api/orders/2000000000/cancel", {}, { headers: { cookie } })).statusCode).toBe(
        404,
      );
      const { order } = await placeOrder(cookie, { lite: 1 });
      expect((await t.post(`/api/orders/${order.id}/cancel`, {})).statusCode).toBe(401);
      const crossSite = await t.app.inject({
        method: "POST",
        url: `/api/orders/${order.id}/cancel`,
        payload: {},
        headers: { cookie, origin: "https://elsewhere.example", "content-type": "application/json" },
      });
      expect(crossSite.statusCode).toBe(403);
      expect(await statusOf(order.id)).toBe("open");
    });
  });

  describe("the order behind a checkout, for whoever returns from it", () => {
    it("shows a signed-out payer the order's lines, discount and total, and nothing of the customer", async () => {
      const { user, cookie } = await signedInUser(t.database.db, t.config, { name: "Grace Hopper" });
      const { sessionId } = await placeOrder(cookie, { lite: 3, plus: 2 }, { salesnav: 1 });
      const open = await get(`/api/orders/by-session/${sessionId}`);
      expect(open.statusCode).toBe(200);
      expect(open.json()).toEqual({
        status: "open",
        lines: [
          { key: "lite", name: "LinkedIn Lite", quantity: 3, unitCents: 9800, totalCents: 29400 },
          { key: "plus", name: "LinkedIn Plus", quantity: 2, unitCents: 13400, totalCents: 26800 },
          { key: "salesnav", name: "Sales Navigator", quantity: 1, unitCents: 4000, totalCents: 4000 },
        ],
        subtotalCents: 60200,
        discountPercent: 5,
        discountCents: 3010,
        totalCents: 57190,
        createdAt: expect.any(String),
        paidAt: null,
        yours: false,
        firstPaidOrder: false,
      });
      expect(open.headers["cache-control"]).toBe("no-store");
      await press(sessionId, "pay");
      const paid = await get(`/api/orders/by-session/${sessionId}`);
      expect(paid.json()).toMatchObject({ status: "paid", yours: false, firstPaidOrder: false });
      for (const personal of [user.uid, user.email, "Grace Hopper", user.username ?? user.uid]) {
        expect(paid.body).not.toContain(personal);
      }
    });

    it("works for a payment link's payer: the order of the customer it names", async () => {
      const { user } = await signedInUser(t.database.db, t.config);
      const started = await t.post("/api/pay", { uid: user.uid, product: "exec" });
      const sessionId = sessionIdOf(started.json().redirectUrl);
      expect((await press(sessionId, "pay")).headers.location).toBe(
        `${TEST_APP_URL}/checkout/success?session_id=${sessionId}`,
      );
      const held = await get(`/api/orders/by-session/${sessionId}`);
      expect(held.json()).toMatchObject({
        status: "paid",
        totalCents: 19800,
        discountCents: 0,
        yours: false,
      });
    });

    it("answers an unknown session id and a forged cancel link with 404", async () => {
      const { cookie } = await signedInUser(t.database.db, t.config);
      const unknown = await get("/api/orders/by-session/cs_local_unknown", cookie);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: "No order has this payment session" });
      const { order } = await placeOrder(cookie, { lite: 1 });
      for (const ref of ["v1.abc.def.ghi.jkl", String(order.id), "not-a-ref"]) {
        const res = await get(`/api/orders/by-cancel-link/${encodeURIComponent(ref)}`);
        expect(res.statusCode, ref).toBe(404);
      }
    });

    it("refuses a cancel link made for another order, or altered", async () => {
      const { cookie } = await signedInUser(t.database.db, t.config);
      const { sessionId } = await placeOrder(cookie, { lite: 1 });
      const cancelled = await press(sessionId, "cancel");
      const ref = new URL(String(cancelled.headers.location)).searchParams.get("ref") ?? "";
      expect((await get(`/api/orders/by-cancel-link/${encodeURIComponent(ref)}`)).statusCode).toBe(200);
      const parts = ref.split(".");
      const body = parts[3] ?? "";
      parts[3] = `${body.slice(0, -2)}${body.endsWith("AA") ? "BB" : "AA"}`;
      const altered = await get(`/api/orders/by-cancel-link/${encodeURIComponent(parts.join("."))}`);
      expect(altered.statusCode).toBe(404);
    });

    it("limits lookups of orders not the caller's own per address, found or not", async () => {
      const { cookie } = await signedInUser(t.database.db, t.config);
      const { sessionId } = await placeOrder(cookie, { lite: 1 });
      const ip = nextLoopbackIp();
      const look = (id: string, headers: Record<string, string> = {}) =>
        t.app.inject({ method: "GET", url: `/api/orders/by-session/${id}`, remoteAddress: ip, headers });
      for (let i = 0; i < 150; i += 1) expect((await look(`cs_local_guess_${i}`)).statusCode).toBe(404);
      for (let i = 0; i < 150; i += 1) expect((await look(sessionId)).statusCode).toBe(200);
      const over = await look(sessionId);
      expect(over.statusCode).toBe(429);
      expect(over.headers["retry-after"]).toBeTruthy();
      // The customer, signed in, still sees their own order from that address.
      expect((await look(sessionId, { cookie })).statusCode).toBe(200);
    }, 60_000);
  });

  describe("Complete Onboarding: a first payment only, counted from the whole ledger", () => {
    async function paidOrderOf(customer: { cookie: string }) {
      const { sessionId } = await placeOrder(customer.cookie, { lite: 1 });
      await press(sessionId, "pay");
      return sessionId;
    }
    const firstPaid = async (sessionId: string, cookie: string) =>
      (await get(`/api/orders/by-session/${sessionId}`, cookie)).json().firstPaidOrder;
    const ledgerRow = (user: UserRow, fields: Partial<typeof transactions.$inferInsert>) =>
      t.database.db.insert(transactions).values({
        userId: user.id,
        uid: user.uid,
        source: "airtable",
        airtableRecordId: `rec${Math.random().toString(36).slice(2, 16)}`,
        amountCents: 9800,
        createdTime: new Date("2025-06-01T12:00:00Z"),
        ...fields,
      });

    it("is offered on a new customer's first payment, and not on their second", async () => {
      const customer = await signedInUser(t.database.db, t.config);
      const first = await paidOrderOf(customer);
      expect(await firstPaid(first, customer.cookie)).toBe(true);
      const second = await paidOrderOf(customer);
      expect(await firstPaid(second, customer.cookie)).toBe(false);
    });

    it("is not offered to a customer whose base history has a 2025 payment, whatever its type's case", async () => {
      for (const eventType of ["checkout.session.completed", "Payment.Succeeded ", "invoice.paid", null]) {
        const customer = await signedInUser(t.database.db, t.config);
        await ledgerRow(customer.user, { eventType });
        expect(await firstPaid(await paidOrderOf(customer), customer.cookie), String(eventType)).toBe(false);
      }
    });

    it("is still offered when the history holds only failures and refunds, or another customer's payments", async () => {
      const customer = await signedInUser(t.database.db, t.config);
      const other = await signedInUser(t.database.db, t.config);
      await ledgerRow(customer.user, { eventType: "payment.failed" });
      await ledgerRow(customer.user, { eventType: "refund.created" });
      await ledgerRow(other.user, { eventType: "checkout.session.completed" });
      const sessionId = await paidOrderOf(customer);
      // This payment's own rows (the checkout, and an invoice naming the order) do not count.
      const [order] = await t.database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
      await ledgerRow(customer.user, { eventType: "payment.succeeded", orderId: order?.id ?? null });
      // Nor its subscription's first invoice, which may name no order, recorded after the checkout began.
      await ledgerRow(customer.user, {
        eventType: "payment.succeeded",
        source: "stripe",
        createdTime: new Date(),
      });
      expect(await firstPaid(sessionId, customer.cookie)).toBe(true);
    });
  });
});
