/**
 * Records what changed for customers (decision 041). Callers add entries inside the transaction of
 * the change itself, so an entry exists exactly when its change does; the unique (user, dedupe key)
 * makes a change that two runs or two instances both see one entry. The mail that follows is the
 * digest's business (digest.ts): each new entry queues its customer's digest job in the same
 * transaction, under one supersede key, so a burst of entries makes one mail.
 */
import type { NotificationKind } from "../../../shared/api/notifications";
import type { Database } from "../../platform/db/database";
import { notifications } from "../../platform/db/schema";
import type { Outbox } from "../../platform/outbox/outbox";
import { DIGEST_KIND, digestSupersedeKey } from "./digest";

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

/**
 * Inserts the entries that are new (by user and dedupe key); answers the users who got one. Entries
 * given `mailedAt` were told by a mail of their own, which the digest must not repeat.
 */
export async function insertNotifications(
  tx: Database,
  entries: NewNotification[],
  options: { mailedAt?: Date } = {},
): Promise<number[]> {
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
        mailedAt: options.mailedAt ?? null,
      })),
    )
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning({ userId: notifications.userId });
  return [...new Set(rows.map((row) => row.userId))];
}

/**
 * Entries and, for each customer who got a new one, their digest job: due after `digestSeconds`, and
 * superseded by the next entry's job, so the mail waits for the rest of a burst.
 */
export function createNotifier(outbox: Outbox, options: { digestSeconds: number }): Notifier {
  return {
    async record(tx, entries) {
      const userIds = await insertNotifications(tx, entries);
      const notBefore = new Date(Date.now() + options.digestSeconds * 1000);
      for (const userId of userIds) {
        await outbox.enqueue(tx, {
          kind: DIGEST_KIND,
          payload: { userId },
          supersedeKey: digestSupersedeKey(userId),
          notBefore,
        });
      }
      return userIds;
    },
    kick: () => outbox.kick(),
  };
}

/**
 * Records an entry whose change has a mail of its own (a failed payment's "Pay now" notice, a new
 * sign-in's alert): the entry counts as mailed, so the digest does not tell it again. Answers whether
 * the entry is new, so that the caller sends its own mail only once however often the change is seen.
 */
export async function recordMailedNotification(tx: Database, entry: NewNotification): Promise<boolean> {
  return (await insertNotifications(tx, [entry], { mailedAt: new Date() })).length > 0;
}
