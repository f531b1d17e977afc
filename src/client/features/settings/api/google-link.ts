import { useMutation } from "@tanstack/react-query";
import type { CurrentUser } from "../../../../shared/api/user";
import { apiRequest } from "../../../lib/api-client";
import { setSessionUser } from "../../../lib/session";

/** Starts linking Google: the server keeps the flow and answers where to send the browser. */
export async function startGoogleLink(): Promise<string> {
  const res = await apiRequest("POST", "/api/auth/google/link", {});
  const { url } = (await res.json()) as { url: string };
  return url;
}

export async function unlinkGoogle(): Promise<CurrentUser> {
  const res = await apiRequest("POST", "/api/auth/google/unlink", {});
  return (await res.json()) as CurrentUser;
}

export function useStartGoogleLink() {
  return useMutation({
    mutationFn: startGoogleLink,
    // A full navigation: the issuer's page, then back to Settings.
    onSuccess: (url) => window.location.assign(url),
  });
}

export function useUnlinkGoogle() {
  return useMutation({
    mutationFn: unlinkGoogle,
    onSuccess: (user) => setSessionUser(user),
  });
}
