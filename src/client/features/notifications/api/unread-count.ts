/** The bell's count of unread entries, asked for again every minute while the tab is visible. */
import { useQuery } from "@tanstack/react-query";
import { getJson } from "../../../lib/api-client";
import { readUnreadCount, unreadCountQueryKey } from "./unread-count-answer";

/** How often the bell asks again while the tab is visible; it also asks when the window gets focus. */
export const UNREAD_POLL_MS = 60_000;

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
