import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type LinkPaymentAnswer, linkPaymentAnswerSchema } from "../../../../shared/api/transactions";
import { apiRequest } from "../../../lib/api-client";
import { unlinkedPaymentsQueryKey } from "./get-unlinked-payments";

/** The admin dashboard's counts, which a link changes. */
const ATTENTION_QUERY_KEY = ["/api/admin/attention"] as const;

/**
 * Links a payment to the customer whose exact email or UID `customer` is. The server answers 404 when
 * no customer has it and 409 when the payment is someone else's already, each with an `error` text.
 */
export async function linkPayment(transactionId: number, customer: string): Promise<LinkPaymentAnswer> {
  const res = await apiRequest("POST", `/api/admin/transactions/${transactionId}/link`, { customer });
  return linkPaymentAnswerSchema.parse(await res.json());
}

export function useLinkPayment(callbacks: { onSuccess: (answer: LinkPaymentAnswer) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ transactionId, customer }: { transactionId: number; customer: string }) =>
      linkPayment(transactionId, customer),
    onSuccess: async (answer) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: unlinkedPaymentsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ATTENTION_QUERY_KEY }),
        // The customer's own lists, should the admin open them next.
        queryClient.invalidateQueries({ queryKey: ["/api/transactions", answer.customer.uid] }),
      ]);
      callbacks.onSuccess(answer);
    },
  });
}
