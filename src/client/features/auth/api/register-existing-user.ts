import { useMutation } from "@tanstack/react-query";
import { neutralAnswerSchema, type RegisterExistingBody } from "../../../../shared/api/auth";
import { apiRequest } from "../../../lib/api-client";

/**
 * Decision D8: asks the server to mail a one-time confirmation link to an imported customer's email.
 * The answer is the same neutral message whether or not the email is known; nobody is signed in yet.
 */
export async function registerExistingUser(body: RegisterExistingBody): Promise<{ message: string }> {
  const { email, password } = body;
  const res = await apiRequest("POST", "/api/register-existing-user", { email, password });
  return neutralAnswerSchema.parse(await res.json());
}

export function useRegisterExistingUser() {
  return useMutation({ mutationFn: registerExistingUser });
}
