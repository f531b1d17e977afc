import { useMutation } from "@tanstack/react-query";
import { neutralAnswerSchema } from "../../shared/api/auth";
import { apiRequest } from "./api-client";

/** Asks for a new link to verify the signed-in user's email; the answer is the same either way. */
export async function resendVerification(): Promise<{ message: string }> {
  const res = await apiRequest("POST", "/api/user/email/verify/resend", {});
  return neutralAnswerSchema.parse(await res.json());
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
