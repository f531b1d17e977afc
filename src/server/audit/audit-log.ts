/**
 * Writes the one audit log (decision 035). Below the features, so that sign-in, security, secrets,
 * the data download and every admin action record themselves the same way.
 */
import type { AuditEventKind } from "../../shared/audit/audit-kinds";
import type { Database } from "../db/client";
import { auditEvents } from "../db/schema";

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
