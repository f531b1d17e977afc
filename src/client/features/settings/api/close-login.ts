import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { CloseLoginBody } from "../../../../shared/api/close-login";
import { apiRequest } from "../../../lib/api-client";
import { leaveLoginNotice } from "../../../lib/login-notice";
import { noteSignOut } from "../../../lib/return-path";
import { forgetUserData, setSessionUser } from "../../../lib/session";

/**
 * Closes the signed-in customer's portal login (decision 034). The server asks for a fresh proof
 * first when the session needs one; `apiRequest` shows the dialog and repeats the request.
 */
export async function closeLogin(body: CloseLoginBody): Promise<void> {
  await apiRequest("POST", "/api/me/close-login", body);
}

/** Closes the login, forgets everything cached for it and goes to the sign-in screen, which says so. */
export function useCloseLogin() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: closeLogin,
    onSuccess: async () => {
      leaveLoginNotice("login-closed");
      // A plain /login, with no page to come back to: there is no login to come back with.
      noteSignOut();
      setSessionUser(null);
      forgetUserData();
      await navigate("/login", { replace: true });
    },
  });
}
