import { useMutation } from "@tanstack/react-query";
import { payNowAnswerSchema } from "../../../../shared/api/transactions";
import { apiRequest } from "../../../lib/api-client";

/**
 * Where a failed payment is paid: the failed invoice's page at the payment provider (or, with the
 * local test provider, the portal's own). A payment paid since answers 409 with an `error` text.
 */
export async function payNow(transactionId: number): Promise<string> {
  const res = await apiRequest("POST", `/api/transactions/${transactionId}/pay-now`, {});
  return payNowAnswerSchema.parse(await res.json()).url;
}

export function usePayNow(callbacks: { onSuccess: (url: string) => void; onError: (error: Error) => void }) {
  return useMutation({ mutationFn: payNow, ...callbacks });
}
