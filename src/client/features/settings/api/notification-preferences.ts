import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type NotificationPreferences,
  notificationPreferencesSchema,
} from "../../../../shared/api/notifications";
import { apiRequest, getJson } from "../../../lib/api-client";

export const notificationPreferencesQueryKey = ["/api/notifications/preferences"] as const;

/** Which kinds of notification the customer also gets by mail. */
export async function getNotificationPreferences(): Promise<NotificationPreferences> {
  return notificationPreferencesSchema.parse(
    await getJson("/api/notifications/preferences", { on401: "throw" }),
  );
}

export function useNotificationPreferences() {
  return useQuery({ queryKey: notificationPreferencesQueryKey, queryFn: getNotificationPreferences });
}

export async function saveNotificationPreferences(
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  const res = await apiRequest("PUT", "/api/notifications/preferences", preferences);
  return notificationPreferencesSchema.parse(await res.json());
}

/**
 * Saves the switches at once, showing the change before the server has answered; a failure puts back
 * what was there (the caller says so).
 */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: notificationPreferencesQueryKey });
      const previous = queryClient.getQueryData<NotificationPreferences>(notificationPreferencesQueryKey);
      queryClient.setQueryData(notificationPreferencesQueryKey, next);
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(notificationPreferencesQueryKey, context.previous);
      // Another change may have been saved meanwhile: what the server holds is the truth.
      void queryClient.invalidateQueries({ queryKey: notificationPreferencesQueryKey });
    },
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesQueryKey, saved),
  });
}
