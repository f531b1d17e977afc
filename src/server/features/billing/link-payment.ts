/**
 * An admin's "Link to customer" (decision 038): a payment event that named no known customer moves
 * into the ledger of the customer the admin names, once, recorded in the audit log in the same
 * transaction. The row's Stripe customer is then known as that customer's, so their later payments
 * from it land in their ledger on their own.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/database";
import {
  subscriptions,
  type TransactionRow,
  transactions,
  type UserRow,
  users,
} from "../../platform/db/schema";
import { conflict, notFound } from "../../platform/http/errors";
import { recordAuditEvent } from "../audit";
import { customerOfPayment } from "./ledger/ledger-writes";

export interface LinkPaymentRequest {
  transactionId: number;
  /** The customer's exact email (any case) or UID, as the admin typed it. */
  customer: string;
  admin: Pick<UserRow, "id">;
  ipAddress: string | null;
}

export interface LinkPaymentOutcome {
  changed: boolean;
  row: TransactionRow;
  customer: Pick<UserRow, "id" | "uid" | "name" | "email">;
}

/** The user an exact email or UID names: an email has an @, which no UID the portal makes has. */
async function customerNamed(db: Database, reference: string) {
  const named = reference.includes("@")
    ? eq(sql`lower(${users.email})`, reference.toLowerCase())
    : eq(users.uid, reference);
  const [user] = await db
    .select({ id: users.id, uid: users.uid, name: users.name, email: users.email })
    .from(users)
    .where(named);
  return user;
}

export async function linkPayment(db: Database, request: LinkPaymentRequest): Promise<LinkPaymentOutcome> {
  return db.transaction(async (tx) => {
    // Locked, so that two admins linking the same payment at once meet here, one after the other.
    const [row] = await tx
      .select()
      .from(transactions)
      .where(eq(transactions.id, request.transactionId))
      .for("update");
    if (!row) throw notFound(/*i18n*/ { id: "error.payment.no-id", message: "No payment has this id" });
    const customer = await customerNamed(tx, request.customer);
    if (!customer)
      throw notFound(
        /*i18n*/ { id: "error.customer.no-email-or-uid", message: "No customer has this email or UID" },
      );
    if (row.userId !== null) {
      if (row.userId === customer.id) return { changed: false, row, customer };
      throw conflict(
        /*i18n*/ {
          id: "error.link-payment.other-ledger",
          message: "This payment is already in another customer's ledger: it cannot be moved.",
        },
      );
    }
    // One Stripe customer pays as one portal customer: the ledger reads whose a payment is from it.
    if (row.stripeCustomerId) {
      const payer = await customerOfPayment(tx, {
        uid: null,
        orderId: null,
        stripeCustomerId: row.stripeCustomerId,
      });
      if (payer && payer.id !== customer.id) {
        const [other] = await tx.select({ email: users.email }).from(users).where(eq(users.id, payer.id));
        throw conflict(
          other?.email
            ? /*i18n*/ {
                id: "error.link-payment.other-payer",
                message: "Stripe customer {customer} already pays as {email}: link this payment to them.",
                values: { customer: row.stripeCustomerId, email: other.email },
              }
            : /*i18n*/ {
                id: "error.link-payment.other-customer",
                message:
                  "Stripe customer {customer} already pays as another customer: link this payment to them.",
                values: { customer: row.stripeCustomerId },
              },
        );
      }
    }
    const [linked] = await tx
      .update(transactions)
      .set({ userId: customer.id, uid: customer.uid })
      .where(and(eq(transactions.id, row.id), isNull(transactions.userId)))
      .returning();
    if (!linked) throw new Error("the locked payment could not be linked");
    if (row.stripeCustomerId) {
      // The plans this Stripe customer pays for, kept for no one until now, are the same customer's.
      await tx
        .update(subscriptions)
        .set({ userId: customer.id })
        .where(and(eq(subscriptions.stripeCustomerId, row.stripeCustomerId), isNull(subscriptions.userId)));
    }
    await recordAuditEvent(tx, {
      kind: "payment-linked",
      actorUserId: request.admin.id,
      subjectUserId: customer.id,
      target: row.eventId ?? `transaction ${row.id}`,
      targetId: row.id,
      detail: [
        `${row.eventType ?? "payment"} of ${row.amountActual ?? "?"} ${row.currency}`,
        row.stripeCustomerId ? `Stripe customer ${row.stripeCustomerId}` : null,
      ]
        .filter((part) => part !== null)
        .join(", "),
      ipAddress: request.ipAddress,
    });
    return { changed: true, row: linked, customer };
  });
}
