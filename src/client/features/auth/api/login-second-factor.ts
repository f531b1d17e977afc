import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SecondFactorProof } from "../../../../shared/api/two-factor";
import { type CurrentUser, currentUserSchema } from "../../../../shared/api/user";
import { apiRequest } from "../../../lib/api-client";
import { LOGIN_REFETCH_DELAY_MS } from "./login";
import { setSignedInUser } from "./session-cache";

/** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
export async function loginSecondFactor(body: SecondFactorProof): Promise<CurrentUser> {
  const res = await apiRequest("POST", "/api/login/second-factor", body);
  return currentUserSchema.parse(await res.json());
}

export function useLoginSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginSecondFactor,
    onSuccess: (user) => setSignedInUser(queryClient, user, LOGIN_REFETCH_DELAY_MS),
  });
}
