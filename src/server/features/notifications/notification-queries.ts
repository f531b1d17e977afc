/** The customer's own notifications: a page newest first, the unread count, marking read. */
import { and, count, desc, eq, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import type { Notification, NotificationList } from "../../../shared/api/notifications";
import type { Database } from "../../db/client";
import { type NotificationRow, notifications } from "../../db/schema";
import { badRequest } from "../../http/errors";
import { fieldError } from "../../i18n/message";

const CURSOR_PATTERN = /^[1-9][0-9]{0,9}$/;

/** The id a cursor names (the last entry of the page before); a 400 for text this list never gave. */
export function decodeNotificationCursor(cursor: string): number {
  if (!CURSOR_PATTERN.test(cursor) || Number(cursor) > 2_147_483_647) {
    throw badRequest(
      fieldError(
        "cursor",
        /*i18n*/ {
          id: "error.cursor.not-a-position",
          message: "not a position in this list; ask for the first page without one",
        },
      ),
    );
  }
  return Number(cursor);
}

function notificationDto(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as Notification["kind"],
    detail: row.detail,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

export async function unreadCountOf(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export async function notificationPage(
  db: Database,
  userId: number,
  query: { unread?: "yes" | "no" | undefined; cursor?: string | undefined; limit: number },
): Promise<NotificationList> {
  const before = query.cursor === undefined ? undefined : decodeNotificationCursor(query.cursor);
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        before === undefined ? undefined : lt(notifications.id, before),
        query.unread === "yes" ? isNull(notifications.readAt) : undefined,
        query.unread === "no" ? isNotNull(notifications.readAt) : undefined,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    notifications: page.map(notificationDto),
    unreadCount: await unreadCountOf(db, userId),
    nextCursor: rows.length > query.limit && last ? String(last.id) : null,
  };
}

/**
 * Marks the caller's entries read: the ids given, or all. Ids of other users' entries, or of none,
 * change nothing and say nothing (no 404 that would tell whose an id is); answers the new count.
 */
export async function markRead(db: Database, userId: number, which: { ids: number[] } | { all: true }) {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        "ids" in which ? inArray(notifications.id, which.ids) : undefined,
      ),
    );
  return unreadCountOf(db, userId);
}
