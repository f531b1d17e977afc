/**
 * What an event that repeats what the ledger holds adds to it (decision 066). Stripe reports a
 * charge's refunds as a running total (`amount_refunded`), in an event per refund and in any order,
 * and may report one paid checkout session in more than one event: a refund adds only what the
 * ledger does not hold yet for its charge, never beyond the charge, and a session is one payment.
 * Each question is asked under a lock of its charge or session, held to the end of the transaction,
 * so two instances receiving events for the same one at once answer one after the other.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../../platform/db/database";
import { transactions } from "../../../platform/db/schema";

const REFUND_EVENT_TYPE = "refund.created";
const CHECKOUT_EVENT_TYPE = "checkout.session.completed";

/** Waits for, then holds until the transaction ends, the lock of one charge or session. */
async function lockFor(db: Database, key: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * The cents a refund event adds to its charge's refunds: Stripe's running total, capped at the
 * charge, less what the ledger holds for the charge already; 0 when it holds that much. A charge
 * without an id (no event Stripe sends) is capped only.
 */
export async function refundToRecord(
  db: Database,
  charge: { chargeId: string | null; amountCents: number | null; refundedCents: number },
): Promise<number> {
  const total = Math.min(charge.refundedCents, charge.amountCents ?? charge.refundedCents);
  if (!charge.chargeId) return total;
  await lockFor(db, `charge:${charge.chargeId}`);
  const [held] = await db
    .select({ cents: sql<string>`coalesce(sum(${transactions.amountCents}), 0)` })
    .from(transactions)
    .where(and(eq(transactions.chargeId, charge.chargeId), eq(transactions.eventType, REFUND_EVENT_TYPE)));
  return Math.max(0, total - Number(held?.cents ?? 0));
}

/**
 * Whether the provider reported this checkout session's payment before, in an event with another id:
 * then this event adds no payment.
 */
export async function checkoutRecordedBefore(
  db: Database,
  sessionId: string | null,
  eventId: string,
): Promise<boolean> {
  if (!sessionId) return false;
  await lockFor(db, `checkout:${sessionId}`);
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.csLiveId, sessionId),
        eq(transactions.eventType, CHECKOUT_EVENT_TYPE),
        ne(transactions.source, "airtable"),
        ne(transactions.eventId, eventId),
      ),
    )
    .limit(1);
  return row !== undefined;
}
