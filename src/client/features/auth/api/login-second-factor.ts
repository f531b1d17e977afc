import type { SecondFactorProof } from "../../../../shared/api/two-factor";
import { type CurrentUser, currentUserSchema } from "../../../../shared/api/user";
import { apiRequest } from "../../../lib/api-client";
import { useAction } from "../../../lib/use-action";
import { LOGIN_REFETCH_DELAY_MS } from "./login";
import { setSignedInUser } from "./session-cache";

/** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
export async function loginSecondFactor(body: SecondFactorProof): Promise<CurrentUser> {
  const res = await apiRequest("POST", "/api/login/second-factor", body);
  return currentUserSchema.parse(await res.json());
}

// The sign-in page's second step, without TanStack Query (decision 077).
export function useLoginSecondFactor() {
  return useAction(loginSecondFactor, {
    onSuccess: (user) => setSignedInUser(user, LOGIN_REFETCH_DELAY_MS),
  });
}
