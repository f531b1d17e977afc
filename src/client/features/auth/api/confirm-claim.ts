import { useMutation } from "@tanstack/react-query";
import type { ConfirmClaimBody } from "../../../../shared/api/auth";
import { type CurrentUser, currentUserSchema } from "../../../../shared/api/user";
import { apiRequest } from "../../../lib/api-client";
import { toast } from "../../../lib/use-toast";
import { setSignedInUser } from "./session-cache";

/**
 * Follows the link mailed to an existing customer and signs them in. Without a password, the one
 * typed with the request is set, which works only in the browser that typed it (a 422 elsewhere);
 * with one, that password is set.
 */
export async function confirmClaim(body: ConfirmClaimBody): Promise<CurrentUser> {
  const res = await apiRequest("POST", "/api/register-existing-user/confirm", body);
  return currentUserSchema.parse(await res.json());
}

export function useConfirmClaim() {
  return useMutation({
    mutationFn: confirmClaim,
    onSuccess: (user) => {
      setSignedInUser(user);
      toast({
        title: "Registration Successful",
        description: "Your account has been created and you are now logged in!",
      });
    },
  });
}
