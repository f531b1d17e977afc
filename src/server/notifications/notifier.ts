/**
 * Records what changed for customers (decision 040). Callers add entries inside the transaction of
 * the change itself, so an entry exists exactly when its change does; the unique (user, dedupe key)
 * makes a change that two runs or two instances both see one entry. The mail that follows is the
 * digest's business (see notification-mail.ts).
 */
import type { NotificationKind } from "../../shared/api/notifications";
import type { Database } from "../db/client";
import { notifications } from "../db/schema";
import type { Outbox } from "../outbox/outbox";

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  /**
   * Names the change itself, not the moment it was seen: the same key for the same change, whoever
   * finds it (`account-status:<record id>:<from>:<to>:<changed at>`, say).
   */
  dedupeKey: string;
  detail: Record<string, string | number | null>;
  link?: string | null;
}

export interface Notifier {
  /** Adds the entries inside the caller's transaction; answers the users who got a new one. */
  record(tx: Database, entries: NewNotification[]): Promise<number[]>;
  /** Call once the transaction that recorded entries has committed. */
  kick(): void;
}

export async function insertNotifications(tx: Database, entries: NewNotification[]): Promise<number[]> {
  if (entries.length === 0) return [];
  const rows = await tx
    .insert(notifications)
    .values(
      entries.map((entry) => ({
        userId: entry.userId,
        kind: entry.kind,
        dedupeKey: entry.dedupeKey,
        detail: entry.detail,
        link: entry.link ?? null,
      })),
    )
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning({ userId: notifications.userId });
  return [...new Set(rows.map((row) => row.userId))];
}

/** Until the digest mail is wired in: entries only. */
export function createNotifier(outbox: Outbox): Notifier {
  return { record: insertNotifications, kick: () => outbox.kick() };
}
