import { useMutation } from "@tanstack/react-query";
import { neutralAnswerSchema } from "../../../../shared/api/auth";
import { apiRequest } from "../../../lib/api-client";

/** Mails a reset link if an account uses the email; the answer is the same neutral message either way. */
export async function forgotPassword(body: { email: string }): Promise<{ message: string }> {
  const res = await apiRequest("POST", "/api/forgot-password", { email: body.email });
  return neutralAnswerSchema.parse(await res.json());
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
