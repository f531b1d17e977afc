/**
 * The times support viewed a customer's account (decision 036), read from the audit log for the
 * customer's own Settings: each start paired with its stop by the session that viewed. The customer
 * learns when, never who looked, from where or why.
 */
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import type { SupportView } from "../../../shared/api/view-as";
import type { Database } from "../../platform/db/database";
import { auditEvents, sessions } from "../../platform/db/schema";
import type { SessionPolicy } from "../../platform/http/session-store";

/** Views listed at most; a customer viewed more often than this sees the newest. */
export const SUPPORT_VIEWS_LIMIT = 50;

interface Open {
  startedAt: Date;
  sessionId: number | null;
  endedAt: Date | null;
}

export async function supportViewsOf(
  db: Database,
  policy: SessionPolicy,
  customerId: number,
  now = new Date(),
): Promise<SupportView[]> {
  const rows = await db
    .select({ kind: auditEvents.kind, at: auditEvents.at, sessionId: auditEvents.targetId })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.subjectUserId, customerId),
        inArray(auditEvents.kind, ["view-as-started", "view-as-stopped"]),
      ),
    )
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    // Every view has a start and at most one stop.
    .limit(SUPPORT_VIEWS_LIMIT * 2);
  // Oldest first, so each stop closes the start of its session before it.
  const views: Open[] = [];
  const openBySession = new Map<number, Open>();
  for (const row of rows.reverse()) {
    if (row.kind === "view-as-started") {
      const view: Open = { startedAt: row.at, sessionId: row.sessionId, endedAt: null };
      views.push(view);
      if (row.sessionId !== null) openBySession.set(row.sessionId, view);
    } else if (row.sessionId !== null) {
      const view = openBySession.get(row.sessionId);
      if (view) view.endedAt = row.at;
      openBySession.delete(row.sessionId);
    }
  }
  // A start without a stop lasts while its session still views this customer; a session that ended
  // on its own (it expired, or was signed out elsewhere) leaves no time of ending.
  const stillOpen = [...openBySession.keys()];
  const live =
    stillOpen.length === 0
      ? []
      : await db
          .select({ id: sessions.id, lastSeenAt: sessions.lastSeenAt })
          .from(sessions)
          .where(
            and(
              inArray(sessions.id, stillOpen),
              eq(sessions.viewingUserId, customerId),
              gt(sessions.expiresAt, now),
            ),
          );
  const viewingNow = new Set(
    live.filter((s) => now.getTime() - s.lastSeenAt.getTime() < policy.idleTimeoutMs).map((s) => s.id),
  );
  return views
    .reverse()
    .slice(0, SUPPORT_VIEWS_LIMIT)
    .map((view) => ({
      startedAt: view.startedAt.toISOString(),
      endedAt: view.endedAt?.toISOString() ?? null,
      ongoing:
        view.endedAt === null &&
        view.sessionId !== null &&
        openBySession.get(view.sessionId) === view &&
        viewingNow.has(view.sessionId),
    }));
}
