import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordBody } from "../../../../shared/api/security";
import { apiRequest } from "../../../lib/api-client";

/** Changes the signed-in user's password; every other session of theirs ends. Answers the message to show. */
export async function changePassword(body: ChangePasswordBody): Promise<string> {
  const res = await apiRequest("POST", "/api/user/password", body);
  return ((await res.json()) as { message: string }).message;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
