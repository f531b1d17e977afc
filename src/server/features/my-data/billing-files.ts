/** The customer's orders, ledger rows and plans, every column of theirs but the owner's own ids. */
import { and, asc, eq, gt } from "drizzle-orm";
import type {
  OrderFileRow,
  SubscriptionFileRow,
  TransactionFileRow,
} from "../../../shared/api/my-data-files";
import { orders, subscriptions, transactions } from "../../platform/db/schema";
import type { ExportContext } from "./export-context";
import { iso, isoOrNull, jsonList, keysetPages, mapPages } from "./zip-stream";

function orderPages({ db, me }: ExportContext): AsyncIterable<OrderFileRow[]> {
  const pages = keysetPages((afterId, limit) =>
    db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, me.id), gt(orders.id, afterId)))
      .orderBy(asc(orders.id))
      .limit(limit),
  );
  return mapPages(pages, (page) =>
    page.map((row) => ({
      id: row.id,
      status: row.status,
      channel: row.channel,
      provider: row.provider,
      lines: row.lines.map((line) => ({
        key: line.key,
        kind: line.kind,
        name: line.name,
        quantity: line.quantity,
        unitCents: line.unitCents,
        totalCents: line.totalCents,
      })),
      subtotalCents: row.subtotalCents,
      discountPercent: row.discountPercent,
      discountCents: row.discountCents,
      totalCents: row.totalCents,
      currency: row.currency,
      paymentSessionId: row.paymentSessionId,
      paymentCustomerId: row.stripeCustomerId,
      failureReason: row.failureReason,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      paidAt: isoOrNull(row.paidAt),
    })),
  );
}

function transactionPages({ db, me }: ExportContext): AsyncIterable<TransactionFileRow[]> {
  const pages = keysetPages((afterId, limit) =>
    db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, me.id), gt(transactions.id, afterId)))
      .orderBy(asc(transactions.id))
      .limit(limit),
  );
  return mapPages(pages, (page) =>
    page.map((row) => ({
      id: row.id,
      source: row.source,
      operatorRecordId: row.airtableRecordId,
      eventType: row.eventType,
      product: row.product,
      amountCents: row.amountCents,
      amountActual: row.amountActual,
      currency: row.currency,
      eventId: row.eventId,
      checkoutSessionId: row.csLiveId,
      object: row.object,
      clientRefId: row.clientRefId,
      email: row.email,
      customerEmail: row.customerEmail,
      name: row.name,
      phone: row.phone,
      addressLine1: row.addressLine1,
      addressLine2: row.addressLine2,
      addressCity: row.addressCity,
      addressPostcode: row.addressPostcode,
      addressCountry: row.addressCountry,
      discounts: row.discounts,
      receiptUrl: row.receiptUrl,
      paymentCustomerId: row.stripeCustomerId,
      orderId: row.orderId,
      invoiceId: row.invoiceId,
      occurredAt: isoOrNull(row.createdTime),
      lastSyncedAt: isoOrNull(row.lastSyncedAt),
      createdAt: iso(row.createdAt),
    })),
  );
}

function subscriptionPages({ db, me }: ExportContext): AsyncIterable<SubscriptionFileRow[]> {
  const pages = keysetPages((afterId, limit) =>
    db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, me.id), gt(subscriptions.id, afterId)))
      .orderBy(asc(subscriptions.id))
      .limit(limit),
  );
  return mapPages(pages, (page) =>
    page.map((row) => ({
      id: row.id,
      subscriptionId: row.subscriptionId,
      provider: row.provider,
      status: row.status,
      product: row.product,
      quantity: row.quantity,
      amountCents: row.amountCents,
      currency: row.currency,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      cancelAt: isoOrNull(row.cancelAt),
      currentPeriodEnd: isoOrNull(row.currentPeriodEnd),
      canceledAt: isoOrNull(row.canceledAt),
      orderId: row.orderId,
      paymentCustomerId: row.stripeCustomerId,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    })),
  );
}

export const ordersFile = (ctx: ExportContext) => jsonList(orderPages(ctx));
export const transactionsFile = (ctx: ExportContext) => jsonList(transactionPages(ctx));
export const subscriptionsFile = (ctx: ExportContext) => jsonList(subscriptionPages(ctx));
