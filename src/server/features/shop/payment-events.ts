/**
 * What a signed payment event changes: each event id once, whatever order they arrive in and
 * however often. `checkout.session.completed` marks the order paid; it, paid and failed invoices,
 * failed payments and refunds each become a row of the transactions ledger (decision R12); an
 * expired session closes its open order; any other type is acknowledged and left alone.
 */
import type { FastifyBaseLogger } from "fastify";
import type { PaymentEvent } from "../../adapters/payments/port";
import type { Database } from "../../db/client";
import { type OrderRow, paymentEvents } from "../../db/schema";
import { customerOfPayment, recordLedgerEntry } from "../../ledger/ledger-writes";
import { orderIdOf, paymentEventEntry } from "../../ledger/payment-event-entry";
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
  const orderId = orderIdOf(session.metadata ?? {});
  if (orderId) {
    const byId = await findOrderById(db, orderId);
    if (byId) return byId;
  }
  const sessionId = str(session.id);
  return sessionId ? findOrderBySession(db, sessionId) : undefined;
}

function productLine(order: OrderRow): string {
  return order.lines.map((line) => `${line.quantity} × ${line.name}`).join(", ");
}

/** Records the event's ledger row for its customer; one for no known customer is kept for the admin. */
async function recordInLedger(
  db: Database,
  log: FastifyBaseLogger,
  event: PaymentEvent,
  source: "stripe" | "test",
  order?: OrderRow,
): Promise<void> {
  const mapped = paymentEventEntry(event);
  if (!mapped) return;
  const customer =
    (order?.userId
      ? await customerOfPayment(db, { uid: null, orderId: order.id, stripeCustomerId: null })
      : null) ?? (await customerOfPayment(db, mapped.references));
  if (!customer) log.warn({ eventId: event.id, type: event.type }, "payment event for no known customer");
  await recordLedgerEntry(db, {
    ...mapped.entry,
    // The order knows what was bought and the discount; the event may not carry them.
    product: mapped.entry.product ?? (order ? productLine(order) : null),
    discounts:
      mapped.entry.discounts ??
      (order && order.discountPercent > 0 ? `${order.discountPercent}% volume discount` : null),
    source,
    userId: customer?.id ?? null,
    uid: customer?.uid ?? null,
  });
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
        if (order) {
          await closeOpenOrder(tx, order.id, "paid", {
            paidAt: new Date(event.created * 1000),
            stripeCustomerId: str(session.customer),
          });
        } else {
          log.warn({ eventId: event.id }, "payment event for no known order");
        }
        await recordInLedger(tx, log, event, source, order);
        return "processed";
      }
      case "checkout.session.expired": {
        const order = await orderOfSession(tx, session);
        if (order) await closeOpenOrder(tx, order.id, "expired");
        return "processed";
      }
      case "invoice.paid":
      case "invoice.payment_failed":
      case "payment_intent.payment_failed":
      case "charge.refunded":
        await recordInLedger(tx, log, event, source);
        return "processed";
      default:
        return "ignored";
    }
  });
}
