import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type CustomerDetail,
  customerDetailSchema,
  type EndSessionsAnswer,
  endSessionsAnswerSchema,
} from "../../../../shared/api/admin-customers";
import { userSyncResponseSchema } from "../../../../shared/api/sync";
import { apiRequest, getJson } from "../../../lib/api-client";

export const customerQueryKey = (uid: string) => ["/api/admin/customers", uid] as const;

const customerUrl = (uid: string) => `/api/admin/customers/${encodeURIComponent(uid)}`;

export async function getCustomer(uid: string): Promise<CustomerDetail> {
  return customerDetailSchema.parse(await getJson(customerUrl(uid), { on401: "throw" }));
}

export function useCustomer(uid: string) {
  return useQuery({ queryKey: customerQueryKey(uid), queryFn: () => getCustomer(uid) });
}

/** "End all sessions": the customer is signed out everywhere; the page reads their sessions again. */
export function useEndCustomerSessions(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<EndSessionsAnswer> =>
      endSessionsAnswerSchema.parse(
        await (await apiRequest("POST", `${customerUrl(uid)}/sessions/end`)).json(),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerQueryKey(uid) }),
  });
}

/** "Sync now" for the customer: the sync's own route for one customer, which an admin may call for anyone. */
export function useSyncCustomer(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      userSyncResponseSchema.parse(
        await (await apiRequest("POST", `/api/linkedin-sync/user/${encodeURIComponent(uid)}`)).json(),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerQueryKey(uid) }),
  });
}
