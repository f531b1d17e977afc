/**
 * Writes the one audit log (decision 035), so that sign-in, security, secrets, the data download and
 * every admin action record themselves the same way.
 */
import { sql } from "drizzle-orm";
import type { AuditEventKind } from "../../../shared/audit/audit-kinds";
import type { Database } from "../../platform/db/database";
import { auditEvents } from "../../platform/db/schema";

export interface AuditEvent {
  kind: AuditEventKind;
  /** Who did it; null for the portal itself or a caller no one knows. */
  actorUserId: number | null;
  /** Whose account it concerns. */
  subjectUserId: number | null;
  detail?: string | null | undefined;
  target?: string | null | undefined;
  targetId?: number | null | undefined;
  ipAddress?: string | null | undefined;
  /** When it happened, if not now: one action written in several statements keeps one time. */
  at?: Date | undefined;
}

/** Appends entries in one statement; call it in the transaction of the change it records, if any. */
export async function recordAuditEvents(db: Database, events: AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(auditEvents).values(
    events.map((event) => ({
      ...(event.at ? { at: event.at } : {}),
      kind: event.kind,
      actorUserId: event.actorUserId,
      subjectUserId: event.subjectUserId,
      detail: event.detail?.slice(0, 500) ?? null,
      target: event.target?.slice(0, 255) ?? null,
      targetId: event.targetId ?? null,
      ipAddress: event.ipAddress?.slice(0, 64) ?? null,
    })),
  );
}

export async function recordAuditEvent(db: Database, event: AuditEvent): Promise<void> {
  await recordAuditEvents(db, [event]);
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * The cut-off of a retention of `days` at `now`: the start of the UTC day `days` days ago, so that
 * the runs of one day remove what that day makes old once, and record it once (decision 069).
 */
export function auditCutoff(days: number, now = new Date()): Date {
  const startOfToday = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return new Date(startOfToday - days * DAY_MS);
}

/**
 * Deletes the entries older than the retention through the database's `prune_audit_events`, the one
 * statement the append-only trigger lets delete, which also records an `audit-pruned` entry when it
 * removed any. Returns how many it removed; a retention of 0 keeps every entry.
 */
export async function pruneAuditLog(db: Database, retentionDays: number, now = new Date()): Promise<number> {
  if (retentionDays === 0) return 0;
  const cutoff = auditCutoff(retentionDays, now);
  // Both drivers answer with the rows under `rows`.
  const result = (await db.execute(
    sql`select prune_audit_events(${cutoff.toISOString()}::timestamptz) as removed`,
  )) as unknown as { rows: Array<{ removed: number | string }> };
  return Number(result.rows[0]?.removed ?? 0);
}
