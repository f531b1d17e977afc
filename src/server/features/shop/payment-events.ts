/**
 * What a signed payment event changes: each event id once, whatever order they arrive in and
 * however often. `checkout.session.completed` marks the order paid and records the payment in the
 * transactions ledger (decision R12); an expired session closes its open order; any other type is
 * acknowledged and left alone.
 */
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { PaymentEvent } from "../../adapters/payments/port";
import type { Database } from "../../db/client";
import { type OrderRow, paymentEvents, transactions, users } from "../../db/schema";
import { closeOpenOrder, findOrderById, findOrderBySession } from "./orders-repo";

export type EventOutcome = "processed" | "duplicate" | "ignored";

type CheckoutSession = {
  id?: unknown;
  client_reference_id?: unknown;
  customer?: unknown;
  customer_email?: unknown;
  customer_details?: { email?: unknown; name?: unknown; phone?: unknown } | null;
  amount_total?: unknown;
  currency?: unknown;
  metadata?: Record<string, unknown> | null;
};

const str = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

async function orderOfSession(db: Database, session: CheckoutSession): Promise<OrderRow | undefined> {
  const orderId = Number(str(session.metadata?.order_id));
  if (Number.isSafeInteger(orderId) && orderId > 0) {
    const byId = await findOrderById(db, orderId);
    if (byId) return byId;
  }
  const sessionId = str(session.id);
  return sessionId ? findOrderBySession(db, sessionId) : undefined;
}

function productLine(order: OrderRow): string {
  return order.lines.map((line) => `${line.quantity} × ${line.name}`).join(", ");
}

export async function handlePaymentEvent(
  db: Database,
  log: FastifyBaseLogger,
  event: PaymentEvent,
  source: "stripe" | "test",
): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    const first = await tx
      .insert(paymentEvents)
      .values({ eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (first.length === 0) return "duplicate";

    const session = event.data.object as CheckoutSession;
    switch (event.type) {
      case "checkout.session.completed": {
        const order = await orderOfSession(tx, session);
        if (!order) {
          log.warn({ eventId: event.id }, "payment event for no known order");
          return "processed";
        }
        const paidAt = new Date(event.created * 1000);
        await closeOpenOrder(tx, order.id, "paid", {
          paidAt,
          stripeCustomerId: str(session.customer),
        });
        const [owner] = order.userId
          ? await tx.select({ id: users.id, uid: users.uid }).from(users).where(eq(users.id, order.userId))
          : [];
        if (!owner) return "processed";
        const amountCents =
          typeof session.amount_total === "number" ? session.amount_total : order.totalCents;
        await tx.insert(transactions).values({
          userId: owner.id,
          uid: owner.uid,
          source,
          eventId: event.id,
          csLiveId: str(session.id),
          object: "checkout.session",
          clientRefId: str(session.client_reference_id),
          currency: (str(session.currency) ?? order.currency).toUpperCase(),
          amountCents,
          amountActual: (amountCents / 100).toFixed(2),
          product: productLine(order),
          eventType: "checkout.session.completed",
          email: str(session.customer_details?.email) ?? str(session.customer_email),
          name: str(session.customer_details?.name),
          phone: str(session.customer_details?.phone),
          customerEmail: str(session.customer_email),
          discounts: order.discountPercent > 0 ? `${order.discountPercent}% volume discount` : null,
          createdTime: paidAt,
        });
        return "processed";
      }
      case "checkout.session.expired": {
        const order = await orderOfSession(tx, session);
        if (order) await closeOpenOrder(tx, order.id, "expired");
        return "processed";
      }
      default:
        return "ignored";
    }
  });
}
