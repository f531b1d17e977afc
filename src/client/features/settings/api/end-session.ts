import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { userSessionsQueryKey } from "./get-user-sessions";

/** Ends one of the signed-in user's other sessions: that device is signed out at its next request. */
export async function endSession(sessionId: number): Promise<void> {
  await apiRequest("DELETE", `/api/user/sessions/${sessionId}`, {});
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userSessionsQueryKey }),
  });
}
