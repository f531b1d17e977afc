/** The customer's notifications and their mail switches. */
import { and, asc, eq, gt } from "drizzle-orm";
import type { NotificationFileRow } from "../../../shared/api/my-data-files";
import { notifications } from "../../platform/db/schema";
import { mailPreferencesOf } from "../notifications";
import type { ExportContext } from "./export-context";
import { iso, isoOrNull, jsonList, jsonObject, keysetPages, mapPages } from "./zip-stream";

export function notificationsFile({ db, me }: ExportContext): AsyncIterable<string> {
  const pages = keysetPages((afterId, limit) =>
    db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, me.id), gt(notifications.id, afterId)))
      .orderBy(asc(notifications.id))
      .limit(limit),
  );
  return jsonList(
    mapPages(pages, (page) =>
      page.map(
        (row): NotificationFileRow => ({
          id: row.id,
          kind: row.kind,
          detail: row.detail,
          link: row.link,
          at: iso(row.createdAt),
          readAt: isoOrNull(row.readAt),
          mailedAt: isoOrNull(row.mailedAt),
        }),
      ),
    ),
  );
}

export function notificationPreferencesFile({ db, me }: ExportContext): AsyncIterable<string> {
  return jsonObject(() => mailPreferencesOf(db, me.id));
}
