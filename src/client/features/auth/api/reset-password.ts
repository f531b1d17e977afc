import { useMutation } from "@tanstack/react-query";
import { neutralAnswerSchema } from "../../../../shared/api/auth";
import { apiRequest } from "../../../lib/api-client";
import { refreshSession } from "../../../lib/session";
import { setSignedOut } from "./session-cache";

/** Sets a new password from a reset link. The server ends the user's sessions and clears this browser's. */
export async function resetPassword(body: { token: string; password: string }): Promise<{ message: string }> {
  const res = await apiRequest("POST", "/api/reset-password", { token: body.token, password: body.password });
  return neutralAnswerSchema.parse(await res.json());
}

export function useResetPassword() {
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      // The answer cleared this browser's session cookie, whoever was signed in here.
      setSignedOut();
      void refreshSession();
    },
  });
}
