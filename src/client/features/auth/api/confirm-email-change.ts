import { useMutation } from "@tanstack/react-query";
import { type EmailChanged, emailChangedSchema } from "../../../../shared/api/user";
import { apiRequest } from "../../../lib/api-client";
import { refreshSession } from "../../../lib/session";

/** Follows the link mailed to a new address: the account's email becomes that address. */
export async function confirmEmailChange(token: string): Promise<EmailChanged> {
  const res = await apiRequest("POST", "/api/user/email/confirm", { token });
  return emailChangedSchema.parse(await res.json());
}

export function useConfirmEmailChange() {
  return useMutation({
    mutationFn: confirmEmailChange,
    // A signed-in tab shows the new address at once; a signed-out one has nothing to refresh.
    onSuccess: () => refreshSession(),
  });
}
