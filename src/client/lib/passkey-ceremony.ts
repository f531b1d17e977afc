/**
 * The browser's half of a passkey sign-in or fresh proof: options from the server, WebAuthn's get()
 * through @simplewebauthn/browser (loaded only when a passkey is used, so the sign-in page's first
 * load does not carry it), and the assertion back to the server.
 */
import { msg } from "@lingui/core/macro";
import { apiRequest } from "./api-client";
import { i18n } from "./i18n/i18n";

/** Whether this browser can use passkeys at all. */
export function browserSupportsPasskeys(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/** A passkey prompt the person closed, or that timed out: nothing to report as a failure. */
export class PasskeyCancelled extends Error {
  constructor() {
    super(
      i18n._(msg({ id: "common.passkey.cancelled", message: "No passkey was used. You can try again." })),
    );
    this.name = "PasskeyCancelled";
  }
}

/** Runs options → the browser's passkey prompt → verify, and returns the verifying call's answer. */
export async function runPasskeyAssertion(optionsUrl: string, verifyUrl: string): Promise<Response> {
  const browser = import("@simplewebauthn/browser");
  const optionsJSON = await (await apiRequest("POST", optionsUrl, {})).json();
  const { startAuthentication } = await browser;
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({ optionsJSON });
  } catch (error) {
    if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError")) {
      throw new PasskeyCancelled();
    }
    throw error;
  }
  return apiRequest("POST", verifyUrl, { response });
}

/**
 * A fresh proof with a passkey, for the dialog that asks for one before a secret is shown: resolves
 * once the server has marked this session proven; throws PasskeyCancelled when the person closed the
 * prompt, an ApiError when the server refused.
 */
export async function proveWithPasskey(): Promise<void> {
  await runPasskeyAssertion("/api/auth/step-up/passkey/options", "/api/auth/step-up/passkey");
}
