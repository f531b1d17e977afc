import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UserSyncResponse } from "../../../../shared/api/sync";
import { apiRequest } from "../../../lib/api-client";
import { linkedinAccountsQueryKey } from "./get-linkedin-accounts";

/** Sync Now: reads the customer's accounts from the operator's base and answers once written. */
export async function syncLinkedinAccounts(uid: string): Promise<UserSyncResponse> {
  // The schema, and zod with it, loads with the first request: the screen's first load goes without
  // them (decision 013).
  const [res, { userSyncResponseSchema }] = await Promise.all([
    apiRequest("POST", `/api/linkedin-sync/user/${encodeURIComponent(uid)}`),
    import("../../../../shared/api/sync"),
  ]);
  return userSyncResponseSchema.parse(await res.json());
}

/** The callbacks are the mutation's own, so the toast still shows if the customer has left the page. */
export function useSyncLinkedinAccounts(
  uid: string,
  callbacks: { onSuccess?: (response: UserSyncResponse) => void; onError?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => syncLinkedinAccounts(uid),
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
    // A failed run may still have written some accounts.
    onSettled: () => queryClient.invalidateQueries({ queryKey: linkedinAccountsQueryKey(uid) }),
  });
}
