import { useMutation } from "@tanstack/react-query";
import { neutralAnswerSchema } from "../../../../shared/api/auth";
import { apiRequest } from "../../../lib/api-client";
import { refreshSession } from "../../../lib/session";

/** Follows the link mailed to a new customer: their email becomes verified. */
export async function verifyEmail(token: string): Promise<{ message: string }> {
  const res = await apiRequest("POST", "/api/user/email/verify", { token });
  return neutralAnswerSchema.parse(await res.json());
}

export function useVerifyEmail() {
  return useMutation({
    mutationFn: verifyEmail,
    // A signed-in tab drops its notice at once; a signed-out one has nothing to refresh.
    onSuccess: () => refreshSession(),
  });
}
