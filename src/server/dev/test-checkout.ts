/**
 * What the local test checkout's Pay and Cancel do (decision R13). A checkout session completes once,
 * as Stripe's does: the first Pay or Cancel moves the open order in one conditional UPDATE, and only
 * the Pay that moved it signs the `checkout.session.completed` Stripe would send. A second Pay or
 * Cancel, or one racing the first, moves nothing, signs nothing and learns the order's real state,
 * so one checkout never brings two payments to the ledger. After the checkout, Pay sends what Stripe
 * sends for a new subscription: `customer.subscription.created`, and `invoice.paid` for its first
 * invoice, whose hosted page is the test provider's local receipt (decision 030).
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { findOrderById, findOrderBySession, moveOpenOrder, reopenOrder } from "../features/shop";
import type { TestPaymentsPort } from "../platform/adapters/payments/port";
import type { Database } from "../platform/db/database";
import { type OrderRow, type UserRow, users } from "../platform/db/schema";

/** Posts a signed event to the portal's own webhook route and answers its status code. */
export type DeliverEvent = (payload: string, signature: string) => Promise<number>;

export type TestCheckoutOutcome =
  | { kind: "not-found" }
  /** The checkout had completed before (paid, cancelled, expired, ...): nothing was done. */
  | { kind: "already-completed"; order: OrderRow }
  | { kind: "paid" }
  | { kind: "cancelled" }
  /** The webhook refused the event; the order is open again, as before the Pay. */
  | { kind: "refused"; status: number };

/** The test provider's customer id for a portal customer: stable, so later payments link to it. */
export function testCustomerIdOf(uid: string): string {
  return `cus_local_${uid.replace(/[^A-Za-z0-9]/g, "").slice(0, 32)}`;
}

async function alreadyCompleted(db: Database, order: OrderRow): Promise<TestCheckoutOutcome> {
  return { kind: "already-completed", order: (await findOrderById(db, order.id)) ?? order };
}

export async function payTestCheckout(
  db: Database,
  payments: TestPaymentsPort,
  deliver: DeliverEvent,
  sessionId: string,
): Promise<TestCheckoutOutcome> {
  const order = await findOrderBySession(db, sessionId);
  if (!order) return { kind: "not-found" };
  const [owner] = order.userId ? await db.select().from(users).where(eq(users.id, order.userId)) : [];
  // A customer id of the test provider's own, one per customer, as Stripe gives one.
  const customer = owner ? testCustomerIdOf(owner.uid) : null;
  const paidAt = new Date(Math.floor(Date.now() / 1000) * 1000);
  // The claim: the webhook below finds the order paid and records the payment's ledger row.
  const claimed = await moveOpenOrder(db, order.id, "paid", { paidAt, stripeCustomerId: customer });
  if (!claimed) return alreadyCompleted(db, order);

  const ids = {
    subscription: `sub_local_${randomBytes(12).toString("hex")}`,
    invoice: `in_local_${randomBytes(12).toString("hex")}`,
  };
  const metadata = { order_id: String(order.id), customer_uid: owner?.uid ?? "" };
  const event = signedEvent("checkout.session.completed", paidAt, {
    id: sessionId,
    object: "checkout.session",
    mode: "subscription",
    status: "complete",
    payment_status: "paid",
    client_reference_id: owner?.uid ?? null,
    customer,
    customer_email: owner?.email ?? null,
    customer_details: owner ? { email: owner.email, name: owner.name, phone: null } : null,
    amount_subtotal: order.subtotalCents,
    amount_total: order.totalCents,
    currency: order.currency,
    subscription: ids.subscription,
    invoice: ids.invoice,
    metadata,
  });
  const status = await send(payments, deliver, event);
  if (status !== 200) {
    // No payment was recorded, so the checkout may be paid again.
    await reopenOrder(db, claimed, order);
    return { kind: "refused", status };
  }
  // The payment is in; what follows describes it, as Stripe's later events do.
  const followUps = [
    signedEvent(
      "customer.subscription.created",
      paidAt,
      subscriptionObject(order, ids, { customer, metadata, paidAt }),
    ),
    signedEvent(
      "invoice.paid",
      paidAt,
      invoiceObject(order, ids, { customer, owner, metadata, url: payments.invoicePageUrl(ids.invoice) }),
    ),
  ];
  for (const followUp of followUps) {
    const followed = await send(payments, deliver, followUp);
    if (followed !== 200) return { kind: "refused", status: followed };
  }
  return { kind: "paid" };
}

function signedEvent(type: string, at: Date, object: Record<string, unknown>) {
  return {
    id: `evt_local_${randomBytes(12).toString("hex")}`,
    object: "event",
    type,
    created: at.getTime() / 1000,
    livemode: false,
    data: { object },
  };
}

async function send(payments: TestPaymentsPort, deliver: DeliverEvent, event: object): Promise<number> {
  const payload = JSON.stringify(event);
  return deliver(payload, await payments.signEvent(payload));
}

/** The same time a month on, as Stripe bills monthly (the last day of a shorter month). */
function oneMonthAfter(at: Date): Date {
  const next = new Date(at);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(at.getUTCDate(), lastDay));
  return next;
}

/** The subscription Stripe makes from a subscription checkout: one item per line, the volume coupon by id. */
function subscriptionObject(
  order: OrderRow,
  ids: { subscription: string; invoice: string },
  made: { customer: string | null; metadata: Record<string, string>; paidAt: Date },
) {
  const periodEnd = Math.floor(oneMonthAfter(made.paidAt).getTime() / 1000);
  return {
    id: ids.subscription,
    object: "subscription",
    customer: made.customer,
    status: "active",
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    currency: order.currency,
    latest_invoice: ids.invoice,
    metadata: made.metadata,
    discounts: order.discountCents > 0 ? [`di_local_${ids.subscription.slice(10, 22)}`] : [],
    items: {
      object: "list",
      data: order.lines.map((line) => ({
        object: "subscription_item",
        quantity: line.quantity,
        current_period_end: periodEnd,
        price: {
          id: `price_local_${line.key}`,
          object: "price",
          lookup_key: line.key,
          product: `prod_local_${line.key}`,
          unit_amount: line.unitCents,
          currency: order.currency,
          recurring: { interval: "month" },
        },
      })),
    },
  };
}

/** The subscription's first invoice, paid: the order's lines, its discount and total. */
function invoiceObject(
  order: OrderRow,
  ids: { subscription: string; invoice: string },
  paid: {
    customer: string | null;
    owner: UserRow | undefined;
    metadata: Record<string, string>;
    url: string;
  },
) {
  return {
    id: ids.invoice,
    object: "invoice",
    billing_reason: "subscription_create",
    status: "paid",
    customer: paid.customer,
    customer_email: paid.owner?.email ?? null,
    customer_name: paid.owner?.name ?? null,
    amount_due: order.totalCents,
    amount_paid: order.totalCents,
    subtotal: order.subtotalCents,
    total: order.totalCents,
    currency: order.currency,
    hosted_invoice_url: paid.url,
    lines: {
      object: "list",
      data: order.lines.map((line) => ({
        object: "line_item",
        description: `${line.quantity} × ${line.name}`,
        amount: line.totalCents,
      })),
    },
    parent: {
      type: "subscription_details",
      subscription_details: { subscription: ids.subscription, metadata: paid.metadata },
    },
  };
}

export async function cancelTestCheckout(db: Database, sessionId: string): Promise<TestCheckoutOutcome> {
  const order = await findOrderBySession(db, sessionId);
  if (!order) return { kind: "not-found" };
  const cancelled = await moveOpenOrder(db, order.id, "cancelled");
  return cancelled ? { kind: "cancelled" } : alreadyCompleted(db, order);
}
