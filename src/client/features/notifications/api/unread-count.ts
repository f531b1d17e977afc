/** The bell's count of unread entries, asked for again every minute while the tab is visible. */
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { getJson } from "../../../lib/api-client";
import { readUnreadCount, unreadCountQueryKey } from "./unread-count-answer";

/** How often the bell asks again while the tab is visible; it also asks when the window gets focus. */
export const UNREAD_POLL_MS = 60_000;

export async function getUnreadCount(): Promise<number> {
  return readUnreadCount(await getJson("/api/notifications/unread-count", { on401: "throw" }));
}

export function useUnreadCount() {
  const query = useQuery({
    queryKey: unreadCountQueryKey,
    queryFn: getUnreadCount,
    staleTime: 0,
    // Hidden tabs do not poll (refetchIntervalInBackground is off); a tab shown again asks at once.
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
  // TanStack Query follows the tab's visibility only: a window that comes back to the front from
  // behind another one, its tab visible all along, asks too.
  const { refetch } = query;
  useEffect(() => {
    const onFocus = () => void refetch({ cancelRefetch: false });
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [refetch]);
  return query;
}
