/**
 * Sign-in with an OpenID Connect issuer (Google by default, `GOOGLE_ISSUER_URL`), as the identity
 * feature will see it. The implementation (authorization code with PKCE, state and nonce) arrives
 * with that feature; this fixes the shape it must offer.
 */
export interface VerifiedIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  pictureUrl: string | undefined;
}

export interface IdentityPort {
  /** Where to send the browser, and the one-time values to keep until it comes back. */
  startSignIn(): Promise<{ url: string; state: string; nonce: string; codeVerifier: string }>;
  /** Checks the callback against the kept values and the issuer's keys; returns who signed in. */
  finishSignIn(
    callbackUrl: URL,
    kept: { state: string; nonce: string; codeVerifier: string },
  ): Promise<VerifiedIdentity>;
}
