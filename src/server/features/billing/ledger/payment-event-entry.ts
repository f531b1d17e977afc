/**
 * A payment provider's event as a ledger row (decision R12). Stripe's event types map to the spec's:
 * `checkout.session.completed` as itself, `invoice.paid` to `payment.succeeded`, both failures to
 * `payment.failed`, `charge.refunded` to `refund.created`. A failed payment's amount is what was
 * due; a refund's is what was refunded, positive. Other types have no row.
 */
import type { PaymentEvent } from "../../../platform/adapters/payments/port";
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

type Fields = Record<string, unknown>;

const str = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
const obj = (value: unknown): Fields => (value && typeof value === "object" ? (value as Fields) : {});
const cents = (value: unknown): number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= 2_147_483_647
    ? value
    : 0;

/** Stripe names a customer, an invoice or a subscription by id, or by the expanded object. */
export function idOf(value: unknown): string | null {
  return str(value) ?? str(obj(value).id);
}
const customerId = idOf;

/** The portal's order id in an event's metadata; null for anything no order row can have. */
export function orderIdOf(metadata: Fields): number | null {
  const text = str(metadata.order_id);
  // Order ids are PostgreSQL integers: a bigger number would fail the lookup, not just miss.
  const id = text && /^\d{1,10}$/.test(text) ? Number(text) : 0;
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

function addressOf(address: unknown) {
  const a = obj(address);
  return {
    addressLine1: str(a.line1),
    addressLine2: str(a.line2),
    addressCity: str(a.city),
    addressPostcode: str(a.postal_code),
    addressCountry: str(a.country),
  };
}

/** An invoice's subscription metadata: where the API version puts it, old or new. */
export function invoiceMetadata(invoice: Fields): Fields {
  const parentDetails = obj(obj(invoice.parent).subscription_details);
  return {
    ...obj(invoice.metadata),
    ...obj(obj(invoice.subscription_details).metadata),
    ...obj(parentDetails.metadata),
  };
}

function invoiceProduct(invoice: Fields): string | null {
  const lines = Array.isArray(obj(invoice.lines).data) ? (obj(invoice.lines).data as unknown[]) : [];
  const descriptions = lines.map((line) => str(obj(line).description)).filter((d): d is string => d !== null);
  return descriptions.length > 0 ? descriptions.join(", ") : str(invoice.description);
}

function common(event: PaymentEvent, amountCents: number, currency: unknown) {
  return {
    eventId: event.id,
    amountCents,
    amountActual: amountTextOfCents(amountCents),
    currency: currencyCode(str(currency)),
    createdTime: new Date(event.created * 1000),
  };
}

function checkoutSessionEntry(event: PaymentEvent, session: Fields): PaymentEventEntry {
  const details = obj(session.customer_details);
  const metadata = obj(session.metadata);
  const stripeCustomerId = customerId(session.customer);
  return {
    entry: {
      ...common(event, cents(session.amount_total), session.currency),
      eventType: "checkout.session.completed",
      object: "checkout.session",
      csLiveId: str(session.id),
      invoiceId: idOf(session.invoice),
      clientRefId: str(session.client_reference_id),
      product: str(metadata.product),
      email: str(details.email) ?? str(session.customer_email),
      name: str(details.name),
      phone: str(details.phone),
      customerEmail: str(session.customer_email) ?? str(details.email),
      ...addressOf(details.address),
      stripeCustomerId,
    },
    references: {
      uid: str(session.client_reference_id) ?? str(metadata.customer_uid),
      orderId: orderIdOf(metadata),
      stripeCustomerId,
    },
  };
}

function invoiceEntry(event: PaymentEvent, invoice: Fields, paid: boolean): PaymentEventEntry {
  const metadata = invoiceMetadata(invoice);
  const stripeCustomerId = customerId(invoice.customer);
  const uid = str(metadata.customer_uid);
  return {
    entry: {
      ...common(event, cents(paid ? invoice.amount_paid : invoice.amount_due), invoice.currency),
      eventType: paid ? "payment.succeeded" : "payment.failed",
      object: "invoice",
      invoiceId: str(invoice.id),
      clientRefId: uid,
      product: invoiceProduct(invoice),
      email: str(invoice.customer_email),
      name: str(invoice.customer_name),
      phone: str(invoice.customer_phone),
      customerEmail: str(invoice.customer_email),
      ...addressOf(invoice.customer_address),
      receiptUrl: str(invoice.hosted_invoice_url),
      stripeCustomerId,
    },
    references: { uid, orderId: orderIdOf(metadata), stripeCustomerId },
  };
}

function paymentIntentFailedEntry(event: PaymentEvent, intent: Fields): PaymentEventEntry {
  const metadata = obj(intent.metadata);
  const billing = obj(obj(obj(intent.last_payment_error).payment_method).billing_details);
  const stripeCustomerId = customerId(intent.customer);
  const uid = str(metadata.customer_uid);
  return {
    entry: {
      ...common(event, cents(intent.amount), intent.currency),
      eventType: "payment.failed",
      object: "payment_intent",
      invoiceId: idOf(intent.invoice),
      clientRefId: uid,
      product: str(intent.description),
      email: str(intent.receipt_email) ?? str(billing.email),
      name: str(billing.name),
      phone: str(billing.phone),
      customerEmail: str(intent.receipt_email),
      ...addressOf(billing.address),
      stripeCustomerId,
    },
    references: { uid, orderId: orderIdOf(metadata), stripeCustomerId },
  };
}

function chargeRefundedEntry(event: PaymentEvent, charge: Fields): PaymentEventEntry {
  const metadata = obj(charge.metadata);
  const billing = obj(charge.billing_details);
  const stripeCustomerId = customerId(charge.customer);
  const uid = str(metadata.customer_uid);
  return {
    entry: {
      ...common(event, cents(charge.amount_refunded), charge.currency),
      eventType: "refund.created",
      object: "charge",
      chargeId: str(charge.id),
      invoiceId: idOf(charge.invoice),
      clientRefId: uid,
      product: str(charge.description),
      email: str(billing.email) ?? str(charge.receipt_email),
      name: str(billing.name),
      phone: str(billing.phone),
      customerEmail: str(charge.receipt_email),
      ...addressOf(billing.address),
      receiptUrl: str(charge.receipt_url),
      stripeCustomerId,
    },
    references: { uid, orderId: orderIdOf(metadata), stripeCustomerId },
  };
}

/** The ledger row of an event, or null for a type the ledger does not record. */
export function paymentEventEntry(event: PaymentEvent): PaymentEventEntry | null {
  const object = obj(event.data?.object);
  switch (event.type) {
    case "checkout.session.completed":
      return checkoutSessionEntry(event, object);
    case "invoice.paid":
      return invoiceEntry(event, object, true);
    case "invoice.payment_failed":
      return invoiceEntry(event, object, false);
    case "payment_intent.payment_failed":
      return paymentIntentFailedEntry(event, object);
    case "charge.refunded":
      return chargeRefundedEntry(event, object);
    default:
      return null;
  }
}
