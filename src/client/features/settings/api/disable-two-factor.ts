import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SecondFactorProof } from "../../../../shared/api/two-factor";
import { apiRequest } from "../../../lib/api-client";
import { twoFactorStatusQueryKey } from "./get-two-factor-status";

/** Turns two-factor sign-in off, for a current authenticator code or a recovery code. */
export async function disableTwoFactor(proof: SecondFactorProof): Promise<void> {
  await apiRequest("POST", "/api/user/two-factor/disable", proof);
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryKey }),
  });
}
