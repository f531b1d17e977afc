/**
 * The billing history's API contract (decision R12): one ledger of payment events from the
 * operator's base and from the payment provider, as its owner reads it, exports it and manages it.
 */
import { z } from "zod";
import { billingAccountSchema } from "./subscriptions";
import { singleLineText, uidSchema } from "./text";

/** The event types the spec colours (section 4); any other type is shown in grey. */
export const KNOWN_EVENT_TYPES = [
  "checkout.session.completed",
  "payment.succeeded",
  "payment.failed",
  "refund.created",
] as const;

/**
 * The list holds a customer's newest transactions up to this many; the CSV export has them all.
 * A customer with years of monthly renewals stays fast to load and to search.
 */
export const TRANSACTION_LIST_LIMIT = 1000;

/** `GET /api/transactions` answers this many rows a page unless asked for another `limit`. */
export const TRANSACTION_PAGE_SIZE = 50;
/** The most rows one page of `GET /api/transactions` answers. */
export const TRANSACTION_PAGE_MAX = 200;

/** Where a row came from: the operator's base, Stripe, or the local test checkout. */
export const transactionSourceSchema = z.enum(["airtable", "stripe", "test"]);

/** One transaction as the spec shows it, with its amount in cents and a receipt link when there is one. */
export const transactionSchema = z.object({
  id: z.number().int(),
  source: transactionSourceSchema,
  product: z.string().nullable(),
  eventType: z.string().nullable(),
  /** When the payment event happened (ISO 8601), where the source says so. */
  createdTime: z.string().nullable(),
  /** When the portal recorded the row (ISO 8601); the page shows it when `createdTime` is missing. */
  createdAt: z.string(),
  name: z.string().nullable(),
  /** The amount as the source wrote it (the base's text, such as "98.00"). */
  amountActual: z.string().nullable(),
  /** The amount in the currency's minor unit; a refund's is the amount refunded, positive. */
  amountCents: z.number().int(),
  /** ISO 4217 code in capitals; USD where the source gave none. */
  currency: z.string(),
  eventId: z.string().nullable(),
  /** The payment provider's checkout session, for a checkout. */
  csLiveId: z.string().nullable(),
  clientRefId: z.string().nullable(),
  object: z.string().nullable(),
  discounts: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  addressCity: z.string().nullable(),
  addressPostcode: z.string().nullable(),
  addressCountry: z.string().nullable(),
  /** Stripe's receipt or hosted invoice page for this payment. */
  receiptUrl: z.string().nullable(),
  /** The payment provider's customer who paid. */
  stripeCustomerId: z.string().nullable(),
  /** A failed payment that can still be paid: `POST /api/transactions/{id}/pay-now` answers where. */
  payNow: z.boolean(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/**
 * `GET /api/transactions`: one page of the customer's transactions, newest first, at most `limit`
 * rows; `nextCursor` asks for the page after it.
 */
export const transactionListSchema = z.object({
  transactions: z.array(transactionSchema),
  /** How many transactions the customer's history shows in all, whatever the filters. */
  total: z.number().int(),
  /** The most rows this page holds. */
  limit: z.number().int(),
  /** How many transactions match the page's `eventType` and `q` (`total` without them). */
  matching: z.number().int(),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Every event type in the customer's history, for the type filter, in code order. */
  eventTypes: z.array(z.string()),
  /** The customer has a billing account, so `POST /api/billing/portal` can open their billing page. */
  canManageBilling: z.boolean(),
  /** Why Manage billing is offered or not: the same as `canManageBilling`, with the reason. */
  billingAccount: billingAccountSchema,
});
export type TransactionList = z.infer<typeof transactionListSchema>;

/**
 * Where a page starts: right after the row that happened at this time (UTC, to the microsecond, as
 * the database keeps it) with this id, in the list's order (newest first, then the higher id).
 */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)~([1-9]\d{0,9})$/;

export interface TransactionCursor {
  occurredAt: string;
  id: number;
}

export function transactionCursorOf(cursor: TransactionCursor): string {
  return `${cursor.occurredAt}~${cursor.id}`;
}

export function parseTransactionCursor(text: string): TransactionCursor | undefined {
  const match = CURSOR.exec(text);
  if (!match?.[1] || !match[2]) return undefined;
  const occurredAt = match[1];
  const id = Number(match[2]);
  // A real instant (no 31 February) and an id the database can hold.
  const millis = `${occurredAt.slice(0, 23)}Z`;
  if (Number.isNaN(Date.parse(millis)) || new Date(millis).toISOString() !== millis) return undefined;
  if (id > 2_147_483_647) return undefined;
  return { occurredAt, id };
}

export const transactionListQuerySchema = z.object({
  /** Must be the caller's own uid; an admin may read anyone's. */
  uid: uidSchema.optional(),
  /** The `nextCursor` of the page before; none for the first page. */
  cursor: z
    .string()
    .max(60)
    .transform((text, ctx) => {
      const cursor = parseTransactionCursor(text);
      if (!cursor) {
        ctx.addIssue({ code: "custom", message: "is not a cursor this list gave" });
        return z.NEVER;
      }
      return cursor;
    })
    .optional(),
  /** How many rows the page holds at most. */
  limit: z.coerce.number().int().min(1).max(TRANSACTION_PAGE_MAX).default(TRANSACTION_PAGE_SIZE),
  /** One event type, as stored. */
  eventType: singleLineText().max(100).optional(),
  /** Part of the product's name, any case. */
  q: singleLineText().max(200).optional(),
});

/** `GET /api/transactions/export.csv`: the caller's own rows, narrowed as the page narrows them. */
export const transactionExportQuerySchema = z.object({
  /** One event type, as stored. */
  eventType: singleLineText().max(100).optional(),
  /** Part of the product's name, any case. */
  q: singleLineText().max(200).optional(),
});
export type TransactionExportQuery = z.infer<typeof transactionExportQuerySchema>;

/** `POST /api/billing/portal`: where to send the browser to manage subscriptions and cards. */
export const billingPortalAnswerSchema = z.object({ url: z.string() });

/** `POST /api/transactions/{id}/pay-now`: the page where the failed payment is paid. */
export const payNowAnswerSchema = z.object({ url: z.string() });

export const transactionIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * `POST /api/admin/transactions/{id}/link`: the customer a payment that named no one belongs to, by
 * their exact email or UID.
 */
export const linkPaymentBodySchema = z.strictObject({
  customer: singleLineText()
    .trim()
    .min(1, "Type the customer's email or UID")
    .max(255, "An email or UID is at most 255 characters"),
});

/** The customer a payment now belongs to, as the admin's confirmation names them. */
export const linkedCustomerSchema = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
});

export const linkPaymentAnswerSchema = z.object({
  /** False when the payment was already in this customer's ledger: nothing changed. */
  changed: z.boolean(),
  customer: linkedCustomerSchema,
  transaction: transactionSchema,
  message: z.string(),
});
export type LinkPaymentAnswer = z.infer<typeof linkPaymentAnswerSchema>;

/** `POST /api/admin/transactions/{id}/unlink`: the customer the payment left, and the payment now. */
export const unlinkPaymentAnswerSchema = z.object({
  customer: linkedCustomerSchema,
  transaction: transactionSchema,
  message: z.string(),
});
