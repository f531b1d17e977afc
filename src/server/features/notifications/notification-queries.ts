/** The customer's own notifications: a page newest first, the unread count, marking read. */
import { and, count, desc, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Notification, NotificationList } from "../../../shared/api/notifications";
import type { Database } from "../../platform/db/database";
import { preparedPerDatabase } from "../../platform/db/prepared";
import { type NotificationRow, notifications } from "../../platform/db/schema";
import { badRequest } from "../../platform/http/errors";
import { fieldError } from "../../platform/i18n/message";

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

/** The caller's unread count, as the bell asks for it after every change (see prepared.ts). */
const unreadCountQuery = preparedPerDatabase((db) =>
  db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder("userId")), isNull(notifications.readAt)))
    .prepare("notifications_unread_count"),
);

export async function unreadCountOf(db: Database, userId: number): Promise<number> {
  const [row] = await unreadCountQuery(db).execute({ userId });
  return row?.n ?? 0;
}

/** The first page with no filter, as the bell's panel and the screen first ask for it. */
const firstPageQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder("userId")))
    .orderBy(desc(notifications.id))
    .limit(sql.placeholder("limit"))
    .prepare("notifications_first_page"),
);

/**
 * A page of the customer's entries, newest first: `limit` of them before the id `before`, only the
 * unread or read ones if asked. The unread count is the caller's (it is shared by every page of one
 * list version, notifications/routes.ts).
 */
export async function notificationPage(
  db: Database,
  userId: number,
  query: { unread?: "yes" | "no" | undefined; before: number | undefined; limit: number },
  unreadCount: Promise<number>,
): Promise<NotificationList> {
  const { before, unread } = query;
  const rows =
    before === undefined && unread === undefined
      ? await firstPageQuery(db).execute({ userId, limit: query.limit + 1 })
      : await db
          .select()
          .from(notifications)
          .where(
            and(
              eq(notifications.userId, userId),
              before === undefined ? undefined : lt(notifications.id, before),
              unread === "yes" ? isNull(notifications.readAt) : undefined,
              unread === "no" ? isNotNull(notifications.readAt) : undefined,
            ),
          )
          .orderBy(desc(notifications.id))
          .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    notifications: page.map(notificationDto),
    unreadCount: await unreadCount,
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
