/**
 * An entry of the one audit log (decision 035) about something a user did to their own identity:
 * a sign-in, a link, a second factor, a proof. They are both its actor and its subject.
 */
import type { AuditEventKind } from "../../../shared/audit/audit-kinds";
import type { Database } from "../../platform/db/database";
import { recordAuditEvent } from "./audit-log";

export async function recordIdentityEvent(
  db: Database,
  event: { userId: number; kind: AuditEventKind; detail?: string | null; ipAddress?: string | null },
): Promise<void> {
  await recordAuditEvent(db, {
    kind: event.kind,
    actorUserId: event.userId,
    subjectUserId: event.userId,
    detail: event.detail,
    ipAddress: event.ipAddress,
  });
}
