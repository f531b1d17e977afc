import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { apiRequest } from "../../../lib/api-client";
import { noteSignOut } from "../../../lib/return-path";
import { refreshSession } from "../../../lib/session";
import { toast } from "../../../lib/use-toast";
import { setSignedOut } from "./session-cache";

export async function logout(): Promise<unknown> {
  const res = await apiRequest("POST", "/api/logout", {});
  // The body carries nothing the client needs, and may be empty.
  return res.text();
}

export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      // A plain /login: signing out on purpose asks for no page to come back to.
      noteSignOut();
      // Nothing cached for the previous user may be shown to whoever signs in next.
      setSignedOut();
      void refreshSession();
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
