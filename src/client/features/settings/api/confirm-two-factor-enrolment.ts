import { useMutation, useQueryClient } from "@tanstack/react-query";
import { recoveryCodesSchema } from "../../../../shared/api/two-factor";
import { apiRequest } from "../../../lib/api-client";
import { twoFactorStatusQueryKey } from "./get-two-factor-status";

/** Turns two-factor sign-in on with a code from the new app; answers the recovery codes, this once. */
export async function confirmTwoFactorEnrolment(code: string): Promise<string[]> {
  const res = await apiRequest("POST", "/api/user/two-factor/confirm", { code });
  return recoveryCodesSchema.parse(await res.json()).recoveryCodes;
}

export function useConfirmTwoFactorEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactorEnrolment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryKey }),
  });
}
