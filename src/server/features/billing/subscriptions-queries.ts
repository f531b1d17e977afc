/** Reading a customer's plans: those that have not ended, newest first. */
import { and, desc, eq, notInArray } from "drizzle-orm";
import { ENDED_SUBSCRIPTION_STATUSES, type Subscription } from "../../../shared/api/subscriptions";
import type { Database } from "../../platform/db/database";
import { type SubscriptionRow, subscriptions } from "../../platform/db/schema";

export async function plansOf(db: Database, userId: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        notInArray(subscriptions.status, [...ENDED_SUBSCRIPTION_STATUSES]),
      ),
    )
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
}

/** When a plan set to end will end: the date chosen, else the end of the period paid for. */
function endsAt(row: SubscriptionRow): Date | null {
  if (row.cancelAt) return row.cancelAt;
  return row.cancelAtPeriodEnd ? row.currentPeriodEnd : null;
}

export function subscriptionDto(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    product: row.product,
    quantity: row.quantity,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    endsAt: endsAt(row)?.toISOString() ?? null,
  };
}
