import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client";

/** Whether a reset link can still be used; the server answers 400 with its words when it cannot. */
export async function checkResetLink(token: string): Promise<true> {
  const res = await apiRequest("POST", "/api/reset-password/check", { token });
  z.object({ ok: z.literal(true) }).parse(await res.json());
  return true;
}

export const resetLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["reset-link", token],
    queryFn: () => checkResetLink(token),
    // Asked once when the page opens: each check counts against the per-address limit on links.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** `enabled` turns false once the link has been used: signing out drops the cache, and the check must not run again. */
export function useResetLinkCheck(token: string, enabled: boolean) {
  return useQuery({ ...resetLinkQueryOptions(token), enabled: enabled && token !== "" });
}
