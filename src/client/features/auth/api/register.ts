import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RegisterBody } from "../../../../shared/api/auth";
import { type CurrentUser, currentUserSchema } from "../../../../shared/api/user";
import { apiRequest } from "../../../lib/api-client";
import { setSignedInUser } from "./session-cache";

/**
 * Creates an account and signs it in. Decision R2: only the server's fields travel, never
 * confirmPassword; the optional username is left out when there is none.
 */
export async function registerUser(body: RegisterBody): Promise<CurrentUser> {
  const { name, username, email, password } = body;
  const res = await apiRequest("POST", "/api/register", {
    name,
    ...(username ? { username } : {}),
    email,
    password,
  });
  return currentUserSchema.parse(await res.json());
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerUser,
    onSuccess: (user) => setSignedInUser(queryClient, user),
  });
}
