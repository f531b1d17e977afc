import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

/**
 * "This wasn't me" on a new sign-in's entry: ends that sign-in's session with the route Settings'
 * sessions list uses (decision 072).
 */
export async function endSignInSession(sessionId: number): Promise<void> {
  await apiRequest("DELETE", `/api/user/sessions/${sessionId}`, {});
}

export function useEndSignInSession() {
  return useMutation({ mutationFn: endSignInSession });
}
