/**
 * A fake of the Stripe API on loopback, on the shared harness: Checkout Sessions and coupons as the
 * official SDK sends them (form-encoded, with idempotency keys), totals computed the way Stripe
 * computes them, and a way to complete a session that yields the signed webhook Stripe would send,
 * with the subscription and first invoice that follow it. It fails as Stripe does on command: 402
 * card errors, 429, 5xx, slowly or never.
 */
import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import {
  type HttpAnswer,
  type HttpFake,
  type HttpFault,
  type RecordedRequest,
  startHttpFake,
} from "./harness";

type Form = { [key: string]: string | Form | Form[] | string[] };

/** Reads `a[b][0][c]=v` pairs into nested objects and arrays, as Stripe's API does. */
export function parseStripeForm(body: string): Form {
  const root: Form = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      if (last) {
        node[segment] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1] ?? "");
      node[segment] ??= nextIsIndex ? [] : {};
      node = node[segment] as Record<string, unknown>;
    });
  }
  return root;
}

export interface FakeSession {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  url: string;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  amount_subtotal: number;
  amount_total: number;
  total_details: { amount_discount: number };
  currency: string;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  line_items: Array<{ price?: string; quantity: number; unit_amount: number; name?: string }>;
  discounts: Array<{ coupon: string }>;
  /** Set when a subscription-mode session completes: its subscription and first invoice. */
  subscription?: string | null;
  invoice?: string | null;
}

/** A signed webhook body, as Stripe posts it. */
export interface SignedEvent {
  payload: string;
  signature: string;
}

export type SubscriptionEventType =
  | "customer.subscription.created"
  | "customer.subscription.updated"
  | "customer.subscription.deleted";

export interface FakeStripe extends HttpFake {
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeSession>;
  coupons: Map<string, { id: string; amount_off?: number; percent_off?: number }>;
  /** Marks a session paid and returns the signed `checkout.session.completed` Stripe would post. */
  completeSession(
    sessionId: string,
    options?: { eventId?: string; timestamp?: number },
  ): {
    payload: string;
    signature: string;
  };
  /** Expires a session as Stripe does after its 24 hours, without an event (the test sends one if it wants). */
  expireSession(sessionId: string): void;
  /** A card error (402) on the next `times` requests, as Stripe answers a declined card. */
  declineNext(times?: number): void;
  /** Signs any event object with the endpoint's secret, as Stripe would post it. */
  signEvent(event: object, timestamp?: number): SignedEvent;
  /**
   * The `customer.subscription.*` event of a completed subscription session's subscription, in the
   * current API's shape (the period on the items, discounts by id), with `changes` on the object.
   */
  subscriptionEvent(
    type: SubscriptionEventType,
    sessionId: string,
    changes?: Record<string, unknown>,
    created?: number,
  ): SignedEvent & { event: { id: string; data: { object: Record<string, unknown> } } };
  /** An `invoice.paid` or `invoice.payment_failed` of a completed session's subscription. */
  invoiceEvent(
    type: "invoice.paid" | "invoice.payment_failed",
    sessionId: string,
    options?: { invoiceId?: string; amountCents?: number; created?: number; billingReason?: string },
  ): SignedEvent & { invoiceId: string; hostedInvoiceUrl: string };
}

const stripeError = (status: number, type: string, message: string, code?: string): HttpAnswer => ({
  status,
  body: JSON.stringify({ error: { type, message, ...(code ? { code } : {}) } }),
});

export async function startFakeStripe(
  options: { prices?: Record<string, number> } = {},
): Promise<FakeStripe> {
  const secretKey = `sk_test_fake_${randomBytes(8).toString("hex")}`;
  const webhookSecret = `whsec_fake_${randomBytes(12).toString("hex")}`;
  const prices = options.prices ?? {};
  const sessions = new Map<string, FakeSession>();
  const coupons = new Map<string, { id: string; amount_off?: number; percent_off?: number }>();
  const idempotent = new Map<string, HttpAnswer>();
  let baseUrl = "";

  function createSession(form: Form): HttpAnswer {
    const lineItems = (form.line_items as Form[] | undefined) ?? [];
    if (lineItems.length === 0) return stripeError(400, "invalid_request_error", "line_items is required");
    const lines: FakeSession["line_items"] = [];
    for (const item of lineItems) {
      const quantity = Number(item.quantity ?? 1);
      if (typeof item.price === "string") {
        const unit = prices[item.price];
        if (unit === undefined) {
          return stripeError(
            400,
            "invalid_request_error",
            `No such price: '${item.price}'`,
            "resource_missing",
          );
        }
        lines.push({ price: item.price, quantity, unit_amount: unit });
      } else {
        const data = item.price_data as Form | undefined;
        const product = data?.product_data as Form | undefined;
        const recurring = data?.recurring as Form | undefined;
        if (data?.currency !== "usd" || recurring?.interval !== "month") {
          return stripeError(400, "invalid_request_error", "price_data must be a monthly usd price");
        }
        lines.push({ quantity, unit_amount: Number(data.unit_amount), name: String(product?.name ?? "") });
      }
    }
    const subtotal = lines.reduce((sum, line) => sum + line.unit_amount * line.quantity, 0);
    const discounts = ((form.discounts as Form[] | undefined) ?? []).map((d) => ({
      coupon: String(d.coupon),
    }));
    let discount = 0;
    for (const { coupon } of discounts) {
      const found = coupons.get(coupon);
      if (!found)
        return stripeError(400, "invalid_request_error", `No such coupon: '${coupon}'`, "resource_missing");
      // Stripe rounds a percentage of the subtotal to the nearest cent; an amount is taken as it is.
      discount += found.amount_off ?? Math.round((subtotal * (found.percent_off ?? 0)) / 100);
    }
    const id = `cs_test_${randomBytes(12).toString("hex")}`;
    const session: FakeSession = {
      id,
      object: "checkout.session",
      mode: String(form.mode ?? "payment"),
      status: "open",
      url: `${baseUrl}/c/pay/${id}`,
      client_reference_id: typeof form.client_reference_id === "string" ? form.client_reference_id : null,
      customer: typeof form.customer === "string" ? form.customer : null,
      customer_email: typeof form.customer_email === "string" ? form.customer_email : null,
      amount_subtotal: subtotal,
      amount_total: Math.max(0, subtotal - discount),
      total_details: { amount_discount: discount },
      currency: "usd",
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      success_url: String(form.success_url ?? ""),
      cancel_url: String(form.cancel_url ?? ""),
      line_items: lines,
      discounts,
    };
    sessions.set(id, session);
    return { status: 200, body: JSON.stringify(session) };
  }

  function createCoupon(form: Form): HttpAnswer {
    const id = String(form.id ?? `coupon_${randomBytes(6).toString("hex")}`);
    if (coupons.has(id)) {
      return stripeError(400, "invalid_request_error", "Coupon already exists.", "resource_already_exists");
    }
    const coupon = {
      id,
      ...(form.amount_off ? { amount_off: Number(form.amount_off) } : {}),
      ...(form.percent_off ? { percent_off: Number(form.percent_off) } : {}),
    };
    coupons.set(id, coupon);
    return { status: 200, body: JSON.stringify({ object: "coupon", ...coupon }) };
  }

  /** A session as Stripe answers it: its payment page only while it is open. */
  const sessionAnswer = (session: FakeSession): HttpAnswer => ({
    status: 200,
    body: JSON.stringify({ ...session, url: session.status === "open" ? session.url : null }),
  });

  const noSuchSession = (id: string) =>
    stripeError(404, "invalid_request_error", `No such checkout.session: '${id}'`, "resource_missing");

  function retrieveSession(id: string): HttpAnswer {
    const session = sessions.get(id);
    return session ? sessionAnswer(session) : noSuchSession(id);
  }

  /** Stripe expires only an open session; one expired or complete is refused as an invalid request. */
  function expireSession(id: string): HttpAnswer {
    const session = sessions.get(id);
    if (!session) return noSuchSession(id);
    if (session.status !== "open") {
      return stripeError(
        400,
        "invalid_request_error",
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      );
    }
    session.status = "expired";
    return sessionAnswer(session);
  }

  /** Stripe's billing portal session: known customers are those a Checkout Session named. */
  function createPortalSession(form: Form): HttpAnswer {
    const customer = typeof form.customer === "string" ? form.customer : "";
    if (!customer.startsWith("cus_")) {
      return stripeError(400, "invalid_request_error", `No such customer: '${customer}'`, "resource_missing");
    }
    const id = `bps_fake_${randomBytes(8).toString("hex")}`;
    return {
      status: 200,
      body: JSON.stringify({
        id,
        object: "billing_portal.session",
        customer,
        return_url: form.return_url,
        url: `${baseUrl}/p/session/${id}`,
      }),
    };
  }

  const fake = await startHttpFake<HttpFault>({
    screen(request: RecordedRequest) {
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return stripeError(401, "invalid_request_error", "Invalid API Key provided");
      }
      return undefined;
    },
    respond(request: RecordedRequest) {
      const key = request.headers["idempotency-key"];
      const replay = typeof key === "string" ? idempotent.get(`${request.path} ${key}`) : undefined;
      if (replay) return replay;
      const form = parseStripeForm(request.body);
      let answer: HttpAnswer;
      const retrieved = /^\/v1\/checkout\/sessions\/([^/?]+)$/.exec(request.path);
      if (request.method === "POST" && request.path === "/v1/checkout/sessions") answer = createSession(form);
      else if (request.method === "GET" && retrieved)
        answer = retrieveSession(decodeURIComponent(retrieved[1] ?? ""));
      else if (request.method === "POST" && request.path === "/v1/coupons") answer = createCoupon(form);
      else if (request.method === "POST" && request.path === "/v1/billing_portal/sessions")
        answer = createPortalSession(form);
      else if (request.method === "POST" && /^\/v1\/checkout\/sessions\/[^/]+\/expire$/.test(request.path))
        answer = expireSession(decodeURIComponent(request.path.split("/")[4] ?? ""));
      else
        answer = stripeError(
          404,
          "invalid_request_error",
          `Unrecognized request URL (${request.method}: ${request.path})`,
        );
      if (typeof key === "string") idempotent.set(`${request.path} ${key}`, answer);
      return answer;
    },
    statusAnswer: (status) =>
      status === 429
        ? stripeError(429, "invalid_request_error", "Too many requests", "rate_limit")
        : stripeError(status, "api_error", "An unknown error occurred"),
  });
  baseUrl = fake.url;

  return Object.assign(fake, {
    secretKey,
    webhookSecret,
    sessions,
    coupons,
    expireSession(sessionId: string) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = "expired";
    },
    declineNext(times = 1) {
      fake.injectFault({
        kind: "status",
        status: 402,
        times,
        body: stripeError(402, "card_error", "Your card was declined.", "card_declined").body,
      });
    },
    completeSession(sessionId: string, completion: { eventId?: string; timestamp?: number } = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = "complete";
      session.customer ??= `cus_${randomBytes(6).toString("hex")}`;
      if (session.mode === "subscription") {
        session.subscription ??= `sub_${randomBytes(8).toString("hex")}`;
        session.invoice ??= `in_${randomBytes(8).toString("hex")}`;
      }
      const payload = JSON.stringify({
        id: completion.eventId ?? `evt_${randomBytes(12).toString("hex")}`,
        object: "event",
        type: "checkout.session.completed",
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: {
          object: {
            ...session,
            payment_status: "paid",
            customer_details: { email: session.customer_email, name: null },
          },
        },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: webhookSecret,
        timestamp: completion.timestamp,
      });
      return { payload, signature };
    },
    signEvent,
    subscriptionEvent(
      type: SubscriptionEventType,
      sessionId: string,
      changes: Record<string, unknown> = {},
      created = Math.floor(Date.now() / 1000),
    ) {
      const session = completedSubscription(sessionId);
      const periodEnd = created + 30 * 24 * 3600;
      const event = {
        id: `evt_${randomBytes(12).toString("hex")}`,
        object: "event",
        type,
        created,
        livemode: false,
        data: {
          object: {
            id: session.subscription,
            object: "subscription",
            customer: session.customer,
            status: type === "customer.subscription.deleted" ? "canceled" : "active",
            cancel_at_period_end: false,
            cancel_at: null,
            canceled_at: type === "customer.subscription.deleted" ? created : null,
            ended_at: type === "customer.subscription.deleted" ? created : null,
            currency: session.currency,
            metadata: session.metadata,
            discounts: session.discounts.map((d) => `di_${d.coupon.slice(0, 12)}`),
            latest_invoice: session.invoice,
            items: {
              object: "list",
              data: session.line_items.map((line, n) => ({
                id: `si_${n}_${sessionId.slice(-8)}`,
                object: "subscription_item",
                quantity: line.quantity,
                current_period_end: periodEnd,
                price: {
                  id: line.price ?? `price_inline_${n}_${sessionId.slice(-8)}`,
                  object: "price",
                  product: `prod_${n}_${sessionId.slice(-8)}`,
                  unit_amount: line.unit_amount,
                  currency: session.currency,
                  recurring: { interval: "month" },
                },
              })),
            },
            ...changes,
          },
        },
      };
      return { ...signEvent(event), event };
    },
    invoiceEvent(
      type: "invoice.paid" | "invoice.payment_failed",
      sessionId: string,
      options: { invoiceId?: string; amountCents?: number; created?: number; billingReason?: string } = {},
    ) {
      const session = completedSubscription(sessionId);
      const invoiceId = options.invoiceId ?? session.invoice ?? "";
      const amount = options.amountCents ?? session.amount_total;
      const hostedInvoiceUrl = `${baseUrl}/i/${invoiceId}`;
      const event = {
        id: `evt_${randomBytes(12).toString("hex")}`,
        object: "event",
        type,
        created: options.created ?? Math.floor(Date.now() / 1000),
        livemode: false,
        data: {
          object: {
            id: invoiceId,
            object: "invoice",
            billing_reason: options.billingReason ?? "subscription_create",
            customer: session.customer,
            customer_email: session.customer_email,
            amount_due: amount,
            amount_paid: type === "invoice.paid" ? amount : 0,
            subtotal: session.amount_subtotal,
            total: amount,
            currency: session.currency,
            hosted_invoice_url: hostedInvoiceUrl,
            lines: {
              object: "list",
              data: session.line_items.map((line) => ({
                description: `${line.quantity} × ${line.name ?? line.price ?? "Item"}`,
                amount: line.unit_amount * line.quantity,
              })),
            },
            parent: {
              type: "subscription_details",
              subscription_details: { subscription: session.subscription, metadata: session.metadata },
            },
          },
        },
      };
      return { ...signEvent(event), invoiceId, hostedInvoiceUrl };
    },
  });

  function signEvent(event: object, timestamp?: number): SignedEvent {
    const payload = JSON.stringify(event);
    return {
      payload,
      signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp }),
    };
  }

  function completedSubscription(sessionId: string): FakeSession {
    const session = sessions.get(sessionId);
    if (!session?.subscription) throw new Error(`no completed subscription session ${sessionId}`);
    return session;
  }
}
