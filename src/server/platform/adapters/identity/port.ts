/**
 * Sign-in with an OpenID Connect issuer (Google by default, `GOOGLE_ISSUER_URL`): the authorization
 * code flow with PKCE (S256), state and nonce. The feature keeps the one-time values between the two
 * halves; the adapter talks to the issuer and checks its ID token.
 */
export interface VerifiedIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  pictureUrl: string | undefined;
}

export interface SignInStart {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * Why a sign-in could not finish: the issuer could not be reached or answered badly (`unavailable`),
 * the person declined (`denied`), or what came back does not check out (`invalid`).
 */
export type IdentityFailure = "unavailable" | "denied" | "invalid";

export class IdentityError extends Error {
  constructor(
    readonly failure: IdentityFailure,
    message: string,
  ) {
    super(message);
    this.name = "IdentityError";
  }
}

export interface IdentityPort {
  /** Where to send the browser, and the one-time values to keep until it comes back. */
  startSignIn(redirectUri: string): Promise<SignInStart>;
  /** Checks the callback against the kept values and the issuer's keys; returns who signed in. */
  finishSignIn(
    callbackUrl: URL,
    kept: { state: string; nonce: string; codeVerifier: string },
  ): Promise<VerifiedIdentity>;
}
