/**
 * The dashboard's Recent Activity: a customer's own syncs, the reveals of their accounts' secrets (by
 * them or by an admin), their ledger's payment events and the orders they started, merged newest
 * first. One action is one item, however many accounts it covered: an export writes a row per
 * account in one statement, so its rows share the time, the actor and the kind (decision 014).
 * Each source reads at most a page's worth off its own index (decision 032).
 */
import { and, desc, eq, isNull, not, or, sql } from "drizzle-orm";
import { ACTIVITY_ITEMS, type ActivityItem } from "../../../shared/api/activity";
import { revealKindSchema } from "../../../shared/api/linkedin-accounts";
import { paymentKindOf, signedAmountCents } from "../../../shared/billing/payment-kinds";
import type { Database } from "../../platform/db/database";
import { auditEvents, orders, syncRuns, transactions, type UserRow } from "../../platform/db/schema";
import { firstInvoiceOfCheckout } from "../billing";
import { shownToCustomer } from "../shop";

// The same expression as the ledger's (user_id, occurred) index, so the newest rows come straight off it.
const occurredAt = sql`coalesce(${transactions.createdTime}, ${transactions.createdAt})`;

async function syncItems(db: Database, me: UserRow): Promise<ActivityItem[]> {
  const runs = await db
    .select({
      startedAt: syncRuns.startedAt,
      kind: syncRuns.kind,
      status: syncRuns.status,
      synced: syncRuns.synced,
      errors: syncRuns.errors,
    })
    .from(syncRuns)
    .where(and(eq(syncRuns.scopeUid, me.uid), eq(syncRuns.kind, "user")))
    .orderBy(desc(syncRuns.startedAt), desc(syncRuns.id))
    .limit(ACTIVITY_ITEMS);
  return runs.map((run) => ({
    type: "sync",
    at: run.startedAt.toISOString(),
    kind: run.kind,
    status: run.status,
    synced: run.synced,
    errors: run.errors,
  }));
}

async function revealItems(db: Database, me: UserRow): Promise<ActivityItem[]> {
  const reveals = await db
    .select({
      at: auditEvents.at,
      secret: auditEvents.detail,
      actorUserId: auditEvents.actorUserId,
      accountLabel: sql<string>`min(${auditEvents.target})`,
      accounts: sql<number>`count(*)::int`,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectUserId, me.id), eq(auditEvents.kind, "secret-revealed")))
    .groupBy(auditEvents.at, auditEvents.actorUserId, auditEvents.detail)
    .orderBy(desc(auditEvents.at), desc(sql`max(${auditEvents.id})`))
    .limit(ACTIVITY_ITEMS);
  return reveals.flatMap((reveal) => {
    const secret = revealKindSchema.safeParse(reveal.secret);
    if (!secret.success) return [];
    return [
      {
        type: "reveal" as const,
        at: reveal.at.toISOString(),
        secret: secret.data,
        account: reveal.accountLabel ?? "",
        accounts: Number(reveal.accounts),
        // An admin, or one whose user is gone (null): the customer's own reveals name them.
        byAnotherUser: reveal.actorUserId !== me.id,
      },
    ];
  });
}

/**
 * The ledger's rows of the customer, whatever their source (the operator's base, Stripe, the test
 * checkout). The payment provider's times are whole seconds, so a payment made within a second of
 * starting its order would seem to come before it: it is placed no earlier than its order's start.
 */
async function paymentItems(db: Database, me: UserRow): Promise<ActivityItem[]> {
  const rows = await db
    .select({
      createdTime: transactions.createdTime,
      createdAt: transactions.createdAt,
      orderStartedAt: orders.createdAt,
      eventType: transactions.eventType,
      amountCents: transactions.amountCents,
      currency: transactions.currency,
      product: transactions.product,
    })
    .from(transactions)
    // The order a payment paid: the one the event named, else the checkout session it completed
    // (each unique, so a row meets at most one order).
    .leftJoin(
      orders,
      or(
        eq(orders.id, transactions.orderId),
        and(isNull(transactions.orderId), eq(orders.paymentSessionId, transactions.csLiveId)),
      ),
    )
    // A subscription checkout's first invoice is the same payment as the checkout (decision 030).
    .where(and(eq(transactions.userId, me.id), not(firstInvoiceOfCheckout)))
    .orderBy(desc(occurredAt), desc(transactions.id))
    .limit(ACTIVITY_ITEMS);
  return rows.map((row) => {
    const occurred = row.createdTime ?? row.createdAt;
    const at =
      row.orderStartedAt &&
      row.orderStartedAt > occurred &&
      row.orderStartedAt.getTime() - occurred.getTime() < 1000
        ? row.orderStartedAt
        : occurred;
    return {
      type: "payment",
      at: at.toISOString(),
      kind: paymentKindOf(row.eventType),
      amountCents: signedAmountCents(row.eventType, row.amountCents),
      currency: row.currency.toUpperCase(),
      product: row.product?.trim() || null,
    };
  });
}

async function orderItems(db: Database, me: UserRow): Promise<ActivityItem[]> {
  const rows = await db
    .select({
      createdAt: orders.createdAt,
      status: orders.status,
      totalCents: orders.totalCents,
      currency: orders.currency,
      lines: orders.lines,
    })
    .from(orders)
    .where(and(eq(orders.userId, me.id), shownToCustomer))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ACTIVITY_ITEMS);
  return rows.map((row) => ({
    type: "order",
    at: row.createdAt.toISOString(),
    status: row.status,
    totalCents: row.totalCents,
    currency: row.currency.toUpperCase(),
    // Worded as the payment's ledger row names the same order.
    product: row.lines.map((line) => `${line.quantity} × ${line.name}`).join(", "),
  }));
}

/** Newest first: ISO timestamps in UTC sort as text in time order. */
function newestFirst(a: ActivityItem, b: ActivityItem): number {
  return a.at < b.at ? 1 : a.at > b.at ? -1 : 0;
}

export async function recentActivity(db: Database, me: UserRow): Promise<ActivityItem[]> {
  const sources = await Promise.all([
    syncItems(db, me),
    revealItems(db, me),
    paymentItems(db, me),
    orderItems(db, me),
  ]);
  // Array.prototype.sort is stable, so items of one time keep their source's order.
  return sources.flat().sort(newestFirst).slice(0, ACTIVITY_ITEMS);
}
