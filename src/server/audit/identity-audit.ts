/**
 * The identity audit trail (decision 015): who signed in or linked how, and when, for an admin.
 * Below the features, so every feature that changes or hands out a customer's identity records it
 * the same way (sign-in and security, the data download).
 */
import { desc } from "drizzle-orm";
import type { Database } from "../db/client";
import { type IdentityEventKind, identityEvents } from "../db/schema";

export async function recordIdentityEvent(
  db: Database,
  event: { userId: number; kind: IdentityEventKind; detail?: string | null; ipAddress?: string | null },
): Promise<void> {
  await db.insert(identityEvents).values({
    userId: event.userId,
    kind: event.kind,
    detail: event.detail?.slice(0, 255) ?? null,
    ipAddress: event.ipAddress?.slice(0, 64) ?? null,
  });
}

/** The newest events first, for the admin. */
export async function recentIdentityEvents(db: Database, limit: number) {
  return db
    .select()
    .from(identityEvents)
    .orderBy(desc(identityEvents.at), desc(identityEvents.id))
    .limit(limit);
}
