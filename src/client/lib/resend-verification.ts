import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "./api-client";

/** Asks for a new link to verify the signed-in user's email; the answer is the same either way. */
export async function resendVerification(): Promise<{ message: string }> {
  // The schema, and zod with it, loads with the request: the dashboard's first load, which shows
  // this notice, goes without them (decision 013).
  const [res, { neutralAnswerSchema }] = await Promise.all([
    apiRequest("POST", "/api/user/email/verify/resend", {}),
    import("../../shared/api/auth"),
  ]);
  return neutralAnswerSchema.parse(await res.json());
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
