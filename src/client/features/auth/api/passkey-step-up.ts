/**
 * A fresh proof with a passkey, for the dialog that asks for one before a secret is shown: resolves
 * once the server has marked this session proven, and throws (PasskeyCancelled when the person
 * closed the prompt, an ApiError when the server refused) otherwise.
 */
import { runPasskeyAssertion } from "./passkey-ceremony";

export { browserSupportsPasskeys, PasskeyCancelled } from "./passkey-ceremony";

export async function proveWithPasskey(): Promise<void> {
  await runPasskeyAssertion("/api/auth/step-up/passkey/options", "/api/auth/step-up/passkey");
}
