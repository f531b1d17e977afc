import type { CurrentUser } from "../../../../shared/api/user";
import { runPasskeyAssertion } from "../../../lib/passkey-ceremony";
import { useAction } from "../../../lib/use-action";
import { LOGIN_REFETCH_DELAY_MS } from "./login";
import { setSignedInUser } from "./session-cache";

/** Signs in with whichever of the portal's passkeys the person picks: no email is typed. */
export async function signInWithPasskey(): Promise<CurrentUser> {
  // The user schema (and zod with it) loads with the request, not with the sign-in page.
  const schemaModule = import("../../../../shared/api/user");
  const res = await runPasskeyAssertion("/api/auth/passkey/options", "/api/auth/passkey");
  const { currentUserSchema } = await schemaModule;
  return currentUserSchema.parse(await res.json());
}

export function useSignInWithPasskey() {
  return useAction((_: undefined) => signInWithPasskey(), {
    onSuccess: (user) => setSignedInUser(user, LOGIN_REFETCH_DELAY_MS),
  });
}
