import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { apiRequest } from "../../../lib/api-client";
import { noteSignOut } from "../../../lib/return-path";
import { forgetRevalidatedBodies } from "../../../lib/revalidated-get";
import { currentUserQueryKey } from "../../../lib/session";
import { toast } from "../../../lib/use-toast";

export async function logout(): Promise<unknown> {
  const res = await apiRequest("POST", "/api/logout", {});
  // The body carries nothing the client needs, and may be empty.
  return res.text();
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      // A plain /login: signing out on purpose asks for no page to come back to.
      noteSignOut();
      queryClient.setQueryData(currentUserQueryKey, null);
      // Nothing cached for the previous user may be shown to whoever signs in next.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
      forgetRevalidatedBodies();
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      await navigate("/login", { replace: true });
      toast({ title: "Logged out successfully", description: "You have been logged out of your account." });
    },
    onError: () => {
      toast({
        variant: "destructive",
        title: "Logout failed",
        description: "There was an error logging you out.",
      });
    },
  });
}
