/**
 * An admin's "Unlink" (decision 066): a payment an operator linked to the wrong customer goes back
 * among the payments that named no known customer, once, recorded in the audit log in the same
 * transaction, and can then be linked to the right one. A payment the event itself tied to one of
 * the customer's orders, or one the operator's base brought (the next sync would write it back), is
 * changed where it came from, not here.
 */
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../../platform/db/database";
import {
  orders,
  subscriptions,
  type TransactionRow,
  transactions,
  type UserRow,
  users,
} from "../../platform/db/schema";
import { conflict, notFound } from "../../platform/http/errors";
import { recordAuditEvent } from "../audit";

export interface UnlinkPaymentRequest {
  transactionId: number;
  admin: Pick<UserRow, "id">;
  ipAddress: string | null;
}

export interface UnlinkPaymentOutcome {
  row: TransactionRow;
  customer: Pick<UserRow, "id" | "uid" | "name" | "email">;
}

/** Whether anything else of the customer's names the Stripe customer: an order or another payment. */
async function stillPaysAs(db: Database, userId: number, stripeCustomerId: string, rowId: number) {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.stripeCustomerId, stripeCustomerId)))
    .limit(1);
  if (order) return true;
  const [payment] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.stripeCustomerId, stripeCustomerId),
        ne(transactions.id, rowId),
      ),
    )
    .limit(1);
  return payment !== undefined;
}

export async function unlinkPayment(
  db: Database,
  request: UnlinkPaymentRequest,
): Promise<UnlinkPaymentOutcome> {
  return db.transaction(async (tx) => {
    // Locked, as a link locks it: a link and an unlink of the same payment meet here.
    const [row] = await tx
      .select()
      .from(transactions)
      .where(eq(transactions.id, request.transactionId))
      .for("update");
    if (!row) throw notFound(/*i18n*/ { id: "error.payment.no-id", message: "No payment has this id" });
    if (row.userId === null)
      throw conflict(
        /*i18n*/ {
          id: "error.unlink-payment.no-ledger",
          message: "This payment is in no customer's ledger.",
        },
      );
    if (row.source === "airtable")
      throw conflict(
        /*i18n*/ {
          id: "error.unlink-payment.from-base",
          message: "This payment came from the operator's base: change its customer there.",
        },
      );
    const userId = row.userId;
    if (row.orderId !== null) {
      const [order] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, row.orderId), eq(orders.userId, userId)));
      if (order)
        throw conflict(
          /*i18n*/ {
            id: "error.unlink-payment.own-order",
            message: "This payment paid one of the customer's orders: it stays in their ledger.",
          },
        );
    }
    const [customer] = await tx
      .select({ id: users.id, uid: users.uid, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    if (!customer) throw new Error("the payment's customer is gone");
    const [unlinked] = await tx
      .update(transactions)
      .set({ userId: null, uid: null })
      .where(and(eq(transactions.id, row.id), eq(transactions.userId, userId)))
      .returning();
    if (!unlinked) throw new Error("the locked payment could not be unlinked");
    // The plans the link gave the customer go back with the last of their payments that named the
    // Stripe customer; later payments from it then find no customer either, until linked again.
    if (row.stripeCustomerId && !(await stillPaysAs(tx, userId, row.stripeCustomerId, row.id))) {
      await tx
        .update(subscriptions)
        .set({ userId: null })
        .where(
          and(eq(subscriptions.stripeCustomerId, row.stripeCustomerId), eq(subscriptions.userId, userId)),
        );
    }
    await recordAuditEvent(tx, {
      kind: "payment-unlinked",
      actorUserId: request.admin.id,
      subjectUserId: customer.id,
      target: row.eventId ?? `transaction ${row.id}`,
      targetId: row.id,
      detail: [
        `${row.eventType ?? "payment"} of ${row.amountActual ?? "?"} ${row.currency}`,
        `from ${customer.email} (${customer.uid})`,
        row.stripeCustomerId ? `Stripe customer ${row.stripeCustomerId}` : null,
      ]
        .filter((part) => part !== null)
        .join(", "),
      ipAddress: request.ipAddress,
    });
    return { row: unlinked, customer };
  });
}
