import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

/**
 * Withdraws a request the operator has not started on (still submitted). The server answers 409 once
 * it has moved on, with an `error` text.
 */
export async function withdrawReplacementRequest(id: number): Promise<void> {
  await apiRequest("POST", `/api/replacement-requests/${id}/withdraw`);
}

export function useWithdrawReplacementRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawReplacementRequest,
    // Either way the list is asked for again: a refusal means it has changed meanwhile.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["/api/replacement-requests"] }),
        // The account's row stops showing it as open.
        queryClient.invalidateQueries({ queryKey: ["/api/accounts/linkedin/user"] }),
      ]),
  });
}
