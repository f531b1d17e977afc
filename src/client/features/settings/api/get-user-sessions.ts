import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { type SessionInfo, sessionInfoSchema } from "../../../../shared/api/auth";
import { getJson } from "../../../lib/api-client";

export const userSessionsQueryKey = ["/api/user/sessions"] as const;

/** The signed-in user's sessions on every device, the current one marked. */
export async function getUserSessions(): Promise<SessionInfo[]> {
  return z.array(sessionInfoSchema).parse(await getJson("/api/user/sessions", { on401: "throw" }));
}

export const userSessionsQueryOptions = queryOptions({
  queryKey: userSessionsQueryKey,
  queryFn: getUserSessions,
  // A list of where one is signed in should be current whenever the page is opened.
  staleTime: 0,
});

export function useUserSessions() {
  return useQuery(userSessionsQueryOptions);
}
