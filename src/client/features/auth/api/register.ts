import { useMutation } from "@tanstack/react-query";
import { neutralAnswerSchema, type RegisterBody } from "../../../../shared/api/auth";
import { apiRequest } from "../../../lib/api-client";

/**
 * Asks for an account. Decision R2: only the server's fields travel, never confirmPassword; the
 * optional username is left out when there is none. The answer is the same neutral message whether
 * or not the email has a login, and nobody is signed in until the mailed link is followed (decision 071).
 */
export async function registerUser(body: RegisterBody): Promise<{ message: string }> {
  const { name, username, email, password } = body;
  const res = await apiRequest("POST", "/api/register", {
    name,
    ...(username ? { username } : {}),
    email,
    password,
  });
  return neutralAnswerSchema.parse(await res.json());
}

export function useRegister() {
  return useMutation({ mutationFn: registerUser });
}
