import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect } from "react";
import { type NotificationList, notificationListSchema } from "../../../../shared/api/notifications";
import { getJsonRevalidated } from "../../../lib/revalidated-get";
import { unreadCountQueryKey } from "./unread-count-answer";

/** Every list of entries (the panel's and the page's) starts with this key, so a change refreshes them all. */
export const notificationListsKey = ["/api/notifications"] as const;

export interface NotificationListFilter {
  unread: boolean;
  limit: number;
}

export async function getNotifications(
  filter: NotificationListFilter,
  cursor: string | null,
): Promise<NotificationList> {
  const params = new URLSearchParams({ limit: String(filter.limit) });
  if (filter.unread) params.set("unread", "yes");
  if (cursor) params.set("cursor", cursor);
  // Tagged by the list's version: an unchanged page costs a 304 (see revalidated-get.ts).
  return notificationListSchema.parse(
    await getJsonRevalidated(`/api/notifications?${params}`, { on401: "throw" }),
  );
}

export function notificationListQueryOptions(filter: NotificationListFilter) {
  return infiniteQueryOptions({
    queryKey: [...notificationListsKey, filter],
    queryFn: ({ pageParam }) => getNotifications(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // What changed for the customer should be current whenever the list is opened.
    staleTime: 0,
  });
}

/** A list of entries; its newest answer's unread count is the bell's too. */
export function useNotificationList(filter: NotificationListFilter) {
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(notificationListQueryOptions(filter));
  const unreadCount = list.data?.pages.at(-1)?.unreadCount;
  useEffect(() => {
    if (unreadCount !== undefined) queryClient.setQueryData(unreadCountQueryKey, unreadCount);
  }, [queryClient, unreadCount]);
  return list;
}

export type NotificationPages = InfiniteData<NotificationList, string | null>;
