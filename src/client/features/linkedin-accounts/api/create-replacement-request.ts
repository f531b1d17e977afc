import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateReplacementRequestBody } from "../../../../shared/api/replacement-requests";
import { ApiError, apiRequest } from "../../../lib/api-client";

/** The requests screen's lists, which a new request joins. */
const REQUESTS_QUERY_KEY = ["/api/replacement-requests"] as const;

/**
 * Reports a problem with one of the customer's accounts (decision R18). The server answers 409 when
 * the account has an open request already and 400 when the report is not valid (a note missing for
 * a status that needs one, say), each with an `error` text.
 */
export async function createReplacementRequest(body: CreateReplacementRequestBody): Promise<void> {
  // What the row and the requests screen show comes with their own lists, asked for again below.
  await apiRequest("POST", "/api/replacement-requests", body);
}

export function useCreateReplacementRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReplacementRequest,
    onSuccess: () =>
      Promise.all([
        // The account's row shows its open request.
        queryClient.invalidateQueries({ queryKey: ["/api/accounts/linkedin/user"] }),
        queryClient.invalidateQueries({ queryKey: REQUESTS_QUERY_KEY }),
      ]),
    onError: (error) => {
      // Someone (another tab, say) reported it first: the row catches up with that request.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: ["/api/accounts/linkedin/user"] });
      }
    },
  });
}
