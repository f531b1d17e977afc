import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Passkey, passkeyListSchema } from "../../../../shared/api/passkeys";
import { getJson } from "../../../lib/api-client";

export const passkeysQueryKey = ["/api/passkeys"] as const;

/** The signed-in user's passkeys, oldest first. */
export async function getPasskeys(): Promise<Passkey[]> {
  return passkeyListSchema.parse(await getJson("/api/passkeys", { on401: "throw" }));
}

export const passkeysQueryOptions = queryOptions({ queryKey: passkeysQueryKey, queryFn: getPasskeys });

export function usePasskeys() {
  return useQuery(passkeysQueryOptions);
}
