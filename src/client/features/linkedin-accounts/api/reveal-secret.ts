import { useMutation } from "@tanstack/react-query";
import type { RevealableSecret, RevealedSecret } from "../../../../shared/api/linkedin-accounts";
import { apiRequest } from "../../../lib/api-client";

/**
 * One secret of one account, fetched only when the customer asks for it (decision D7); the server
 * records each reveal and rate-limits them (429 with an `error` text).
 */
export async function revealSecret(accountId: number, secret: RevealableSecret): Promise<RevealedSecret> {
  // The schema, and zod with it, loads with the first request: the screen's first load goes without
  // them (decision 013).
  const [res, { revealedSecretSchema }] = await Promise.all([
    apiRequest("POST", `/api/accounts/linkedin/${accountId}/reveal`, { secret }),
    import("../../../../shared/api/linkedin-accounts"),
  ]);
  return revealedSecretSchema.parse(await res.json());
}

/** A mutation rather than a query: a reveal is recorded, and its answer is never cached. */
export function useRevealSecret(accountId: number, secret: RevealableSecret) {
  return useMutation({ mutationFn: () => revealSecret(accountId, secret) });
}
