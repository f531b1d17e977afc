import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { userSessionsQueryKey } from "./get-user-sessions";

/** Ends every session of the signed-in user except this browser's. */
export async function signOutOtherSessions(): Promise<void> {
  await apiRequest("POST", "/api/user/sessions/sign-out-others", {});
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userSessionsQueryKey }),
  });
}
