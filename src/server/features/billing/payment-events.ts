/**
 * What a signed payment event changes: each event id once, whatever order they arrive in and
 * however often. `checkout.session.completed` marks the order paid; it, paid and failed invoices,
 * failed payments and refunds each become a row of the transactions ledger (decision R12), linked to
 * the order they paid and to their receipt; a full refund of an order's payment marks the order
 * refunded; `customer.subscription.*` keep the customer's plans; a paid invoice mails a receipt and
 * a failed one a "Pay now" notice, queued in the same transaction (decision 030); an expired session
 * closes its open order; any other type is acknowledged and left alone.
 */
import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Language, languageOf } from "../../../shared/i18n/languages";
import type {
  ChargeObject,
  CheckoutSessionObject,
  PaymentEvent,
} from "../../platform/adapters/payments/payment-event";
import type { PaymentsPort } from "../../platform/adapters/payments/port";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import {
  type OrderRow,
  orders,
  paymentEvents,
  type TransactionRow,
  transactions,
  users,
} from "../../platform/db/schema";
import type { MailQueue } from "../../platform/outbox/mail";
import { mailTopicOn, type NewNotification, type Notifier, recordMailedNotification } from "../notifications";
import { closeOpenOrder, findOrderById, findOrderBySession } from "../shop";
import { amountTextOfCents } from "./ledger/amounts";
import {
  customerOfPayment,
  existingOrderId,
  linkCheckoutReceipts,
  recordLedgerEntry,
} from "./ledger/ledger-writes";
import { PAID_EVENT_TYPE, payNowUrlOf } from "./ledger/pay-now";
import {
  checkoutSessionEntry,
  idOf,
  invoiceEntry,
  orderIdOf,
  type PaymentEventEntry,
  paymentFailedEntry,
  refundEntry,
  textOf,
} from "./ledger/payment-event-entry";
import { receiptOf } from "./ledger/receipt-lines";
import { checkoutRecordedBefore, refundToRecord } from "./ledger/repeated-payments";
import { priceNamesOf, recordSubscription, subscriptionEntry } from "./ledger/subscriptions";
import { paymentFailedMail, paymentReceiptMail } from "./payment-mails";

export type EventOutcome = "processed" | "duplicate" | "ignored";

/** What the events need beyond the database: names of configured prices, the app's URL, mail. */
export interface PaymentEventContext {
  config: Config;
  payments: PaymentsPort;
  /** Receipts and failure notices; none are sent without it. */
  mail?: MailQueue;
  /** Failed payments and refunds become the customer's notifications (decision 041). */
  notifier?: Notifier;
}

async function orderOfSession(db: Database, session: CheckoutSessionObject): Promise<OrderRow | undefined> {
  const orderId = orderIdOf(session.metadata);
  if (orderId) {
    const byId = await findOrderById(db, orderId);
    if (byId) return byId;
  }
  const sessionId = textOf(session.id);
  return sessionId ? findOrderBySession(db, sessionId) : undefined;
}

function productLine(order: OrderRow): string {
  return order.lines.map((line) => `${line.quantity} × ${line.name}`).join(", ");
}

/** How an event's ledger row is written beyond the row itself. */
interface LedgerWrite {
  source: "stripe" | "test";
  /** The order the payment is for, when the event's handler knows it. */
  order?: { row?: OrderRow; id?: number | null };
  /** What the row records instead of the event's own amount (a refund's part of Stripe's running total). */
  amountCents?: number;
  /** A checkout or a paid invoice: the row may make a checkout's receipt known. */
  linksReceipts?: boolean;
}

/**
 * Records the event's ledger row for its customer and answers the row as it now stands; one for no
 * known customer is kept for the admin.
 */
async function recordInLedger(
  db: Database,
  log: FastifyBaseLogger,
  event: PaymentEvent,
  mapped: PaymentEventEntry,
  { source, order, amountCents, linksReceipts = false }: LedgerWrite,
): Promise<TransactionRow | undefined> {
  if (amountCents !== undefined) {
    mapped.entry.amountCents = amountCents;
    mapped.entry.amountActual = amountTextOfCents(amountCents);
  }
  const orderRow = order?.row;
  const orderId = orderRow?.id ?? order?.id ?? (await existingOrderId(db, mapped.references.orderId));
  const customer =
    (orderId ? await customerOfPayment(db, { uid: null, orderId, stripeCustomerId: null }) : null) ??
    (await customerOfPayment(db, mapped.references));
  if (!customer) log.warn({ eventId: event.id, type: event.type }, "payment event for no known customer");
  const row = await recordLedgerEntry(db, {
    ...mapped.entry,
    // The order knows what was bought and the discount; the event may not carry them.
    product: mapped.entry.product ?? (orderRow ? productLine(orderRow) : null),
    discounts:
      mapped.entry.discounts ??
      (orderRow && orderRow.discountPercent > 0 ? `${orderRow.discountPercent}% volume discount` : null),
    orderId,
    source,
    userId: customer?.id ?? null,
    uid: customer?.uid ?? null,
  });
  if (linksReceipts) await linkCheckoutReceipts(db, { invoiceId: mapped.entry.invoiceId ?? null, orderId });
  return row;
}

/**
 * The order a refunded charge paid: the one its metadata names, or the one whose payment's invoice
 * the charge paid.
 */
async function orderOfCharge(db: Database, charge: ChargeObject): Promise<number | null> {
  const named = await existingOrderId(db, orderIdOf(charge.metadata));
  if (named) return named;
  const invoiceId = idOf(charge.invoice);
  if (!invoiceId) return null;
  const [paid] = await db
    .select({ orderId: transactions.orderId })
    .from(transactions)
    .where(
      and(
        eq(transactions.invoiceId, invoiceId),
        isNotNull(transactions.orderId),
        inArray(transactions.eventType, ["checkout.session.completed", PAID_EVENT_TYPE]),
      ),
    )
    .limit(1);
  return paid?.orderId ?? null;
}

/**
 * Whether the refund takes back the order's own payment in full: a charge the metadata ties to the
 * order, or the order's first invoice. A refund of a later month's renewal, or of part of a payment,
 * leaves the order as it is.
 */
async function refundsOrderInFull(db: Database, orderId: number, charge: ChargeObject) {
  const amount = charge.amount ?? null;
  const refunded = charge.amount_refunded ?? 0;
  const inFull = charge.refunded === true || (amount !== null && amount > 0 && refunded >= amount);
  if (!inFull) return false;
  const invoiceId = idOf(charge.invoice);
  if (!invoiceId) return orderIdOf(charge.metadata) === orderId;
  // The order's first invoice: its checkout's, else the first one paid for it.
  const [first] = await db
    .select({ invoiceId: transactions.invoiceId })
    .from(transactions)
    .where(
      and(
        eq(transactions.orderId, orderId),
        isNotNull(transactions.invoiceId),
        inArray(transactions.eventType, ["checkout.session.completed", PAID_EVENT_TYPE]),
      ),
    )
    // "checkout.session.completed" sorts before "payment.succeeded".
    .orderBy(asc(transactions.eventType), asc(transactions.createdTime), asc(transactions.id))
    .limit(1);
  return first?.invoiceId === invoiceId;
}

/** Moves a paid order to refunded; an order in any other state stays as it is. */
async function markOrderRefunded(db: Database, orderId: number): Promise<void> {
  await db
    .update(orders)
    .set({ status: "refunded", updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, "paid")));
}

async function recipientOf(
  db: Database,
  userId: number | null,
): Promise<{ email: string; language: Language } | null> {
  if (userId === null) return null;
  // A closed login's address is anonymised (decision 034): there is no one to mail.
  const [user] = await db
    .select({ email: users.email, language: users.language, browserLanguage: users.browserLanguage })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.closedAt)));
  return user ? { email: user.email, language: languageOf(user) } : null;
}

function paymentNotification(
  kind: "payment_failed" | "payment_refunded",
  eventId: string,
  row: TransactionRow & { userId: number },
): NewNotification {
  return {
    userId: row.userId,
    kind,
    dedupeKey: `payment-event:${eventId}`,
    detail: { amount: row.amountCents, currency: row.currency, product: row.product },
    link: "/billing/transactions",
  };
}

/**
 * A failed invoice: its entry, and its "Pay now" notice, which is the entry's mail (so the digest
 * does not repeat it) and follows the customer's payments switch. Answers whether a mail was queued.
 */
async function notifyFailedPayment(
  tx: Database,
  context: PaymentEventContext | undefined,
  eventId: string,
  row: TransactionRow | undefined,
): Promise<boolean> {
  if (!row || row.userId === null) return false;
  const entry = paymentNotification("payment_failed", eventId, { ...row, userId: row.userId });
  const isNew = await recordMailedNotification(tx, entry);
  if (!isNew || !(await mailTopicOn(tx, row.userId, "payments"))) return false;
  return queuePaymentMail(tx, context, row, false);
}

/** A refund: its entry, mailed with the customer's next digest if their payments switch is on. */
async function notifyRefund(
  tx: Database,
  context: PaymentEventContext | undefined,
  eventId: string,
  row: TransactionRow | undefined,
): Promise<boolean> {
  if (!context?.notifier || !row || row.userId === null) return false;
  const notified = await context.notifier.record(tx, [
    paymentNotification("payment_refunded", eventId, { ...row, userId: row.userId }),
  ]);
  return notified.length > 0;
}

/** Queues the receipt of a paid invoice, or the notice of a failed one, for the row's customer. */
async function queuePaymentMail(
  db: Database,
  context: PaymentEventContext | undefined,
  row: TransactionRow | undefined,
  paid: boolean,
): Promise<boolean> {
  const mail = context?.mail;
  if (!context || !mail || !row || row.amountCents <= 0) return false;
  const recipient = await recipientOf(db, row.userId);
  if (!recipient) return false;
  const { email: to, language } = recipient;
  const at = row.createdTime ?? row.createdAt;
  const historyUrl = `${context.config.appUrl}/billing/transactions`;
  if (paid) {
    const receipt = await receiptOf(db, row);
    await mail.enqueue(
      db,
      paymentReceiptMail(language, to, { paidAt: at, receipt, receiptUrl: row.receiptUrl, historyUrl }),
    );
  } else {
    await mail.enqueue(
      db,
      paymentFailedMail(language, to, {
        failedAt: at,
        amountCents: row.amountCents,
        currency: row.currency,
        product: row.product,
        payNowUrl: payNowUrlOf(context.payments, row) ?? historyUrl,
        historyUrl,
      }),
    );
  }
  return true;
}

export async function handlePaymentEvent(
  db: Database,
  log: FastifyBaseLogger,
  event: PaymentEvent,
  source: "stripe" | "test",
  context?: PaymentEventContext,
): Promise<EventOutcome> {
  const { outcome, mailed } = await db.transaction(async (tx) => {
    const first = await tx
      .insert(paymentEvents)
      .values({ eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (first.length === 0) return { outcome: "duplicate" as const, mailed: false };

    switch (event.kind) {
      case "checkout.session.completed": {
        const session = event.object;
        // Before the order is touched: the session's lock comes first in every transaction that takes both.
        const paidBefore = await checkoutRecordedBefore(tx, textOf(session.id), event.id);
        const order = await orderOfSession(tx, session);
        if (order) {
          await closeOpenOrder(tx, order.id, "paid", {
            paidAt: new Date(event.created * 1000),
            stripeCustomerId: idOf(session.customer),
          });
        } else {
          log.warn({ eventId: event.id }, "payment event for no known order");
        }
        // A session reported again under a new event id is the same payment: it is in the ledger.
        if (!paidBefore) {
          await recordInLedger(tx, log, event, checkoutSessionEntry(event), {
            source,
            order: { row: order },
            linksReceipts: true,
          });
        }
        return { outcome: "processed" as const, mailed: false };
      }
      case "checkout.session.expired": {
        const order = await orderOfSession(tx, event.object);
        if (order) await closeOpenOrder(tx, order.id, "expired");
        return { outcome: "processed" as const, mailed: false };
      }
      case "invoice.paid": {
        const row = await recordInLedger(tx, log, event, invoiceEntry(event), {
          source,
          linksReceipts: true,
        });
        const mailed = await queuePaymentMail(tx, context, row, true);
        return { outcome: "processed" as const, mailed };
      }
      case "invoice.payment_failed": {
        const row = await recordInLedger(tx, log, event, invoiceEntry(event), { source });
        const mailed = await notifyFailedPayment(tx, context, event.id, row);
        return { outcome: "processed" as const, mailed };
      }
      case "payment_intent.payment_failed":
        // A card refused while paying a checkout is told on the checkout page itself; a renewal's
        // failure also comes as `invoice.payment_failed`, which mails the notice.
        await recordInLedger(tx, log, event, paymentFailedEntry(event), { source });
        return { outcome: "processed" as const, mailed: false };
      case "charge.refunded": {
        const charge = event.object;
        const added = await refundToRecord(tx, {
          chargeId: textOf(charge.id),
          amountCents: charge.amount ?? null,
          refundedCents: charge.amount_refunded ?? 0,
        });
        const orderId = await orderOfCharge(tx, charge);
        // A total the ledger already holds (a repeat, or an older one arriving late) adds no row.
        const row =
          added > 0
            ? await recordInLedger(tx, log, event, refundEntry(event), {
                source,
                order: { id: orderId },
                amountCents: added,
              })
            : undefined;
        if (orderId && (await refundsOrderInFull(tx, orderId, charge))) await markOrderRefunded(tx, orderId);
        const notified = await notifyRefund(tx, context, event.id, row);
        return { outcome: "processed" as const, mailed: notified };
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted": {
        const names = priceNamesOf(context?.config.shop.stripePriceIds ?? {});
        await recordSubscription(tx, await subscriptionEntry(tx, event, source, names));
        return { outcome: "processed" as const, mailed: false };
      }
      case "other":
        return { outcome: "ignored" as const, mailed: false };
    }
  });
  // The outbox's kick also starts a refund's digest.
  if (mailed) context?.mail?.kick();
  return outcome;
}
