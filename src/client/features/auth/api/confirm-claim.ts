import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type CurrentUser, currentUserSchema } from "../../../../shared/api/user";
import { apiRequest } from "../../../lib/api-client";
import { toast } from "../../../lib/use-toast";
import { setSignedInUser } from "./session-cache";

/** Follows the link mailed to an existing customer: sets the chosen password and signs them in. */
export async function confirmClaim(token: string): Promise<CurrentUser> {
  const res = await apiRequest("POST", "/api/register-existing-user/confirm", { token });
  return currentUserSchema.parse(await res.json());
}

export function useConfirmClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmClaim,
    onSuccess: (user) => {
      setSignedInUser(queryClient, user);
      toast({
        title: "Registration Successful",
        description: "Your account has been created and you are now logged in!",
      });
    },
  });
}
