/**
 * A payment provider's event as a ledger row (decision R12). Stripe's event types map to the spec's:
 * `checkout.session.completed` as itself, `invoice.paid` to `payment.succeeded`, both failures to
 * `payment.failed`, `charge.refunded` to `refund.created`. A failed payment's amount is what was
 * due; a refund's is what was refunded, positive. The event arrives parsed (payment-event.ts): each
 * builder here takes the one kind it maps, its object typed.
 */
import type {
  ObjectAddress,
  ObjectMetadata,
  ObjectReference,
  PaymentEvent,
} from "../../../platform/adapters/payments/payment-event";
import type { transactions } from "../../../platform/db/schema";
import { amountTextOfCents, currencyCode } from "./amounts";

export type LedgerEntry = typeof transactions.$inferInsert;

/** What may tell whose payment it is: the uid we sent, the order id in metadata, the Stripe customer. */
export interface PaymentReferences {
  uid: string | null;
  orderId: number | null;
  stripeCustomerId: string | null;
}

export interface PaymentEventEntry {
  entry: Omit<LedgerEntry, "userId" | "uid" | "source">;
  references: PaymentReferences;
}

/** One kind of parsed event. */
export type EventOf<K extends PaymentEvent["kind"]> = Extract<PaymentEvent, { kind: K }>;

/** A text field, with Stripe's empty string read as nothing. */
export const textOf = (value: string | null | undefined): string | null => (value ? value : null);

/** Stripe names a customer, an invoice or a subscription by id, or by the expanded object. */
export function idOf(value: ObjectReference): string | null {
  return typeof value === "string" ? textOf(value) : textOf(value?.id);
}

/** The portal's order id in an event's metadata; null for anything no order row can have. */
export function orderIdOf(metadata: ObjectMetadata): number | null {
  const text = metadata?.order_id;
  // Order ids are PostgreSQL integers: a bigger number would fail the lookup, not just miss.
  const id = text && /^\d{1,10}$/.test(text) ? Number(text) : 0;
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

function addressOf(address: ObjectAddress) {
  return {
    addressLine1: textOf(address?.line1),
    addressLine2: textOf(address?.line2),
    addressCity: textOf(address?.city),
    addressPostcode: textOf(address?.postal_code),
    addressCountry: textOf(address?.country),
  };
}

type Invoice = EventOf<"invoice.paid">["object"];

/** An invoice's subscription metadata: where the API version puts it, old or new. */
function invoiceMetadata(invoice: Invoice): ObjectMetadata {
  return {
    ...invoice.metadata,
    ...invoice.subscription_details?.metadata,
    ...invoice.parent?.subscription_details?.metadata,
  };
}

function invoiceProduct(invoice: Invoice): string | null {
  const descriptions = (invoice.lines?.data ?? [])
    .map((line) => textOf(line?.description))
    .filter((description): description is string => description !== null);
  return descriptions.length > 0 ? descriptions.join(", ") : textOf(invoice.description);
}

function common(
  event: PaymentEvent,
  amountCents: number | null | undefined,
  currency: string | null | undefined,
) {
  const cents = amountCents ?? 0;
  return {
    eventId: event.id,
    amountCents: cents,
    amountActual: amountTextOfCents(cents),
    currency: currencyCode(textOf(currency)),
    createdTime: new Date(event.created * 1000),
  };
}

export function checkoutSessionEntry(event: EventOf<"checkout.session.completed">): PaymentEventEntry {
  const session = event.object;
  const details = session.customer_details;
  const stripeCustomerId = idOf(session.customer);
  return {
    entry: {
      ...common(event, session.amount_total, session.currency),
      eventType: "checkout.session.completed",
      object: "checkout.session",
      csLiveId: textOf(session.id),
      invoiceId: idOf(session.invoice),
      clientRefId: textOf(session.client_reference_id),
      product: textOf(session.metadata?.product),
      email: textOf(details?.email) ?? textOf(session.customer_email),
      name: textOf(details?.name),
      phone: textOf(details?.phone),
      customerEmail: textOf(session.customer_email) ?? textOf(details?.email),
      ...addressOf(details?.address),
      stripeCustomerId,
    },
    references: {
      uid: textOf(session.client_reference_id) ?? textOf(session.metadata?.customer_uid),
      orderId: orderIdOf(session.metadata),
      stripeCustomerId,
    },
  };
}

export function invoiceEntry(event: EventOf<"invoice.paid" | "invoice.payment_failed">): PaymentEventEntry {
  const invoice = event.object;
  const paid = event.kind === "invoice.paid";
  const metadata = invoiceMetadata(invoice);
  const stripeCustomerId = idOf(invoice.customer);
  const uid = textOf(metadata?.customer_uid);
  return {
    entry: {
      ...common(event, paid ? invoice.amount_paid : invoice.amount_due, invoice.currency),
      eventType: paid ? "payment.succeeded" : "payment.failed",
      object: "invoice",
      invoiceId: textOf(invoice.id),
      clientRefId: uid,
      product: invoiceProduct(invoice),
      email: textOf(invoice.customer_email),
      name: textOf(invoice.customer_name),
      phone: textOf(invoice.customer_phone),
      customerEmail: textOf(invoice.customer_email),
      ...addressOf(invoice.customer_address),
      receiptUrl: textOf(invoice.hosted_invoice_url),
      stripeCustomerId,
    },
    references: { uid, orderId: orderIdOf(metadata), stripeCustomerId },
  };
}

export function paymentFailedEntry(event: EventOf<"payment_intent.payment_failed">): PaymentEventEntry {
  const intent = event.object;
  const billing = intent.last_payment_error?.payment_method?.billing_details;
  const stripeCustomerId = idOf(intent.customer);
  const uid = textOf(intent.metadata?.customer_uid);
  return {
    entry: {
      ...common(event, intent.amount, intent.currency),
      eventType: "payment.failed",
      object: "payment_intent",
      invoiceId: idOf(intent.invoice),
      clientRefId: uid,
      product: textOf(intent.description),
      email: textOf(intent.receipt_email) ?? textOf(billing?.email),
      name: textOf(billing?.name),
      phone: textOf(billing?.phone),
      customerEmail: textOf(intent.receipt_email),
      ...addressOf(billing?.address),
      stripeCustomerId,
    },
    references: { uid, orderId: orderIdOf(intent.metadata), stripeCustomerId },
  };
}

export function refundEntry(event: EventOf<"charge.refunded">): PaymentEventEntry {
  const charge = event.object;
  const billing = charge.billing_details;
  const stripeCustomerId = idOf(charge.customer);
  const uid = textOf(charge.metadata?.customer_uid);
  return {
    entry: {
      ...common(event, charge.amount_refunded, charge.currency),
      eventType: "refund.created",
      object: "charge",
      chargeId: textOf(charge.id),
      invoiceId: idOf(charge.invoice),
      clientRefId: uid,
      product: textOf(charge.description),
      email: textOf(billing?.email) ?? textOf(charge.receipt_email),
      name: textOf(billing?.name),
      phone: textOf(billing?.phone),
      customerEmail: textOf(charge.receipt_email),
      ...addressOf(billing?.address),
      receiptUrl: textOf(charge.receipt_url),
      stripeCustomerId,
    },
    references: { uid, orderId: orderIdOf(charge.metadata), stripeCustomerId },
  };
}
