/**
 * The OpenID Connect adapter (openid-client 6): the issuer's metadata is discovered on first use
 * (again after a failure, so an issuer that was down is found once it is back), every call has the
 * configured timeout, and ID tokens are checked against the issuer's keys (non-repudiation checks,
 * which openid-client leaves off by default), issuer, audience, nonce and expiry.
 */
import type { FastifyBaseLogger } from "fastify";
import * as oidc from "openid-client";
import { IdentityError, type IdentityPort, type VerifiedIdentity } from "./port";

export interface OidcIdentityOptions {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  log: FastifyBaseLogger;
}

const SCOPE = "openid email profile";
const UNREACHABLE_CODES = new Set([
  "OAUTH_TIMEOUT",
  "OAUTH_ABORT",
  "OAUTH_RESPONSE_IS_NOT_CONFORM",
  "OAUTH_RESPONSE_IS_NOT_JSON",
  // A token or discovery answer whose body is not JSON at all.
  "OAUTH_PARSE_ERROR",
]);

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;

export function oidcIdentity(options: OidcIdentityOptions): IdentityPort {
  let discovered: Promise<oidc.Configuration> | undefined;

  function configuration(): Promise<oidc.Configuration> {
    discovered ??= (async () => {
      const issuer = new URL(options.issuerUrl);
      const execute = [oidc.enableNonRepudiationChecks];
      // Only a local issuer (tests, development) is spoken to over plain HTTP.
      if (issuer.protocol === "http:") execute.push(oidc.allowInsecureRequests);
      try {
        return await oidc.discovery(
          issuer,
          options.clientId,
          undefined,
          oidc.ClientSecretPost(options.clientSecret),
          {
            execute,
            timeout: Math.max(1, Math.ceil(options.timeoutMs / 1000)),
          },
        );
      } catch (error) {
        discovered = undefined;
        options.log.error(
          { issuer: issuer.origin, reason: error instanceof Error ? error.message : String(error) },
          "the OpenID issuer could not be reached",
        );
        throw new IdentityError("unavailable", "Google sign-in is not available right now");
      }
    })();
    return discovered;
  }

  return {
    async startSignIn(redirectUri) {
      const config = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        response_type: "code",
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
        state,
        nonce,
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    async finishSignIn(callbackUrl, kept): Promise<VerifiedIdentity> {
      const config = await configuration();
      let claims: oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: kept.codeVerifier,
          expectedState: kept.state,
          expectedNonce: kept.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        throw failureOf(error, options.log);
      }
      const subject = text(claims?.sub);
      if (!claims || !subject) throw new IdentityError("invalid", "The sign-in answer named no one");
      return {
        subject,
        email: text(claims.email)?.toLowerCase(),
        emailVerified: claims.email_verified === true,
        name: text(claims.name),
        pictureUrl: text(claims.picture),
      };
    },
  };
}

/** What went wrong, as the person can be told; the detail goes to the log, never to the page. */
function failureOf(error: unknown, log: FastifyBaseLogger): IdentityError {
  if (error instanceof oidc.AuthorizationResponseError) {
    if (error.error === "access_denied") return new IdentityError("denied", "Google sign-in was cancelled");
    log.warn({ code: error.error }, "the OpenID issuer answered the sign-in with an error");
    return new IdentityError("invalid", "Google refused the sign-in");
  }
  const reason = error instanceof Error ? error.message : String(error);
  // No answer (fetch's TypeError), none in time, one that is not the protocol's, or a failing or busy issuer.
  const unreachable =
    error instanceof TypeError ||
    (error instanceof oidc.ClientError && UNREACHABLE_CODES.has(error.code ?? "")) ||
    (error instanceof oidc.ResponseBodyError && (error.status >= 500 || error.status === 429));
  log.warn(
    { reason },
    unreachable ? "the OpenID issuer did not answer" : "an OpenID sign-in did not check out",
  );
  return new IdentityError(unreachable ? "unavailable" : "invalid", "The sign-in could not be completed");
}
