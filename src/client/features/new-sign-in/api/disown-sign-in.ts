import { useMutation } from "@tanstack/react-query";
import { type SignInDisowned, signInDisownedSchema } from "../../../../shared/api/sign-in-disowned";
import { apiRequest } from "../../../lib/api-client";
import { refreshSession } from "../../../lib/session";

/** Follows the new-sign-in mail's "This wasn't me" link: ends that session and mails a reset link. */
export async function disownSignIn(token: string): Promise<SignInDisowned> {
  const res = await apiRequest("POST", "/api/not-me", { token });
  return signInDisownedSchema.parse(await res.json());
}

export function useDisownSignIn() {
  return useMutation({
    mutationFn: disownSignIn,
    // The session ended may have been this browser's own.
    onSuccess: () => refreshSession(),
  });
}
