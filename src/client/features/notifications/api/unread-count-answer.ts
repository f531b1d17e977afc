/**
 * The bell's count as the cache holds it and as the API answers it. A module without imports: the
 * bell (in the signed-in layout) and the panel and list page (lazy) share it, and the build keeps it
 * with the signed-in screens (vite.config.ts), out of the sign-in page's first load.
 */

export const unreadCountQueryKey = ["/api/notifications/unread-count"] as const;

/**
 * `{ unreadCount }`, as `GET /api/notifications/unread-count` and `POST /api/notifications/read`
 * answer it; checked by hand, as zod stays out of the first screens (decision 013).
 */
export function readUnreadCount(value: unknown): number {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error("Unexpected unread count");
  }
  const count: unknown = (value as { unreadCount?: unknown }).unreadCount;
  if (typeof count !== "number" || !Number.isInteger(count)) {
    throw new Error("Unexpected unread count: unreadCount");
  }
  return Math.max(0, count);
}
