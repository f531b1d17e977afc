/**
 * What the local test checkout's Pay and Cancel do (decision R13). A checkout session completes once,
 * as Stripe's does: the first Pay or Cancel moves the open order in one conditional UPDATE, and only
 * the Pay that moved it signs the `checkout.session.completed` Stripe would send. A second Pay or
 * Cancel, or one racing the first, moves nothing, signs nothing and learns the order's real state,
 * so one checkout never brings two payments to the ledger.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { TestPaymentsPort } from "../../adapters/payments/port";
import type { Database } from "../../db/client";
import { type OrderRow, users } from "../../db/schema";
import { findOrderById, findOrderBySession, moveOpenOrder, reopenOrder } from "./orders-repo";

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

  const event = {
    id: `evt_local_${randomBytes(12).toString("hex")}`,
    object: "event",
    type: "checkout.session.completed",
    created: paidAt.getTime() / 1000,
    livemode: false,
    data: {
      object: {
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
        metadata: { order_id: String(order.id), customer_uid: owner?.uid ?? "" },
      },
    },
  };
  const payload = JSON.stringify(event);
  const status = await deliver(payload, await payments.signEvent(payload));
  if (status !== 200) {
    // No payment was recorded, so the checkout may be paid again.
    await reopenOrder(db, claimed, order);
    return { kind: "refused", status };
  }
  return { kind: "paid" };
}

export async function cancelTestCheckout(db: Database, sessionId: string): Promise<TestCheckoutOutcome> {
  const order = await findOrderBySession(db, sessionId);
  if (!order) return { kind: "not-found" };
  const cancelled = await moveOpenOrder(db, order.id, "cancelled");
  return cancelled ? { kind: "cancelled" } : alreadyCompleted(db, order);
}
