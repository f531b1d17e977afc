/**
 * The bell's count of unread entries. Part of the signed-in layout's own code, so it is checked by
 * hand rather than with zod (decision 013: zod stays out of the first screens).
 */
import { useQuery } from "@tanstack/react-query";
import { getJson } from "../../../lib/api-client";
import { readRecord } from "../../../lib/read-answer";

export const unreadCountQueryKey = ["/api/notifications/unread-count"] as const;

/** How often the bell asks again while the tab is visible; it also asks when the window gets focus. */
export const UNREAD_POLL_MS = 60_000;

/** `{ unreadCount }`, as `GET /api/notifications/unread-count` and `POST /api/notifications/read` answer it. */
export function readUnreadCount(value: unknown): number {
  const { unreadCount } = readRecord<{ unreadCount: number }>(value, { unreadCount: "int" }, "unread count");
  return Math.max(0, unreadCount);
}

export async function getUnreadCount(): Promise<number> {
  return readUnreadCount(await getJson("/api/notifications/unread-count", { on401: "throw" }));
}

export function useUnreadCount() {
  return useQuery({
    queryKey: unreadCountQueryKey,
    queryFn: getUnreadCount,
    staleTime: 0,
    // Hidden tabs do not poll (refetchIntervalInBackground is off); a returning reader gets a fresh count.
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
}
