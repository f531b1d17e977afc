import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { type NotificationPages, notificationListsKey } from "./get-notifications";
import { readUnreadCount, unreadCountQueryKey } from "./unread-count-answer";

export type MarkRead = { ids: number[] } | { all: true };

/** Marks some entries, or all of them, read; answers the unread count that is left. */
export async function markRead(which: MarkRead): Promise<number> {
  const res = await apiRequest("POST", "/api/notifications/read", which);
  return readUnreadCount(await res.json());
}

/**
 * The bell and every list follow at once: the count from the answer, the entries marked read in the
 * lists already loaded, then the lists read again (an entry may have arrived meanwhile).
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (unreadCount, which) => {
      queryClient.setQueryData(unreadCountQueryKey, unreadCount);
      const isRead = (id: number) => "all" in which || which.ids.includes(id);
      queryClient.setQueriesData<NotificationPages>({ queryKey: notificationListsKey }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                unreadCount,
                notifications: page.notifications.map((entry) =>
                  isRead(entry.id) ? { ...entry, read: true } : entry,
                ),
              })),
            }
          : data,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationListsKey }),
  });
}
