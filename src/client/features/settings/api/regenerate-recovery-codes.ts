import { useMutation, useQueryClient } from "@tanstack/react-query";
import { recoveryCodesSchema } from "../../../../shared/api/two-factor";
import { apiRequest } from "../../../lib/api-client";
import { twoFactorStatusQueryKey } from "./get-two-factor-status";

/** New recovery codes in place of every old one, for a current authenticator code. */
export async function regenerateRecoveryCodes(code: string): Promise<string[]> {
  const res = await apiRequest("POST", "/api/user/two-factor/recovery-codes", { code });
  return recoveryCodesSchema.parse(await res.json()).recoveryCodes;
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryKey }),
  });
}
