/**
 * The device cookie of OWASP's "Slow down online guessing attacks with device cookies": a browser
 * that has signed in to an account with its password carries a long-lived cookie naming that account,
 * sealed with the portal's secrets key so that nobody can make one. Failed sign-ins from such a
 * browser count against that browser alone, so strangers guessing at an account cannot lock its
 * owner out (decision 019).
 */
import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../platform/config";
import type { SecretBox } from "../../platform/secrets/secret-box";

/** Browsers keep a cookie at most 400 days; every sign-in renews it. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const PURPOSE = "known-device";

export interface KnownDevice {
  userId: number;
  /** Names this browser in the rate limits: its own failures are counted under it. */
  nonce: string;
}

export function knownDeviceCookie(config: Config, secretBox: SecretBox) {
  const secure = config.session.secureCookie;
  // Like the session cookie: the __Host- prefix makes the browser insist on Secure, host-only, Path=/.
  const name = secure ? "__Host-portal_device" : "portal_device";
  // Lax, not Strict: the browser must send it back when Google returns it to the portal, too.
  const options = { path: "/", httpOnly: true, sameSite: "lax" as const, secure };
  return {
    /** Remembers this browser as one that signed in to `userId`, replacing any other it named. */
    remember(reply: FastifyReply, userId: number) {
      const nonce = randomBytes(16).toString("base64url");
      const sealed = secretBox.seal(JSON.stringify({ p: PURPOSE, u: userId, n: nonce }));
      reply.setCookie(name, sealed, { ...options, maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS });
    },
    /** The account this browser signed in to, or null for a missing, forged or damaged cookie. */
    read(request: FastifyRequest): KnownDevice | null {
      const value = request.cookies[name];
      if (!value || value.length > 512) return null;
      try {
        const parsed: unknown = JSON.parse(secretBox.open(value));
        if (typeof parsed !== "object" || parsed === null) return null;
        const { p, u, n } = parsed as Record<string, unknown>;
        if (p !== PURPOSE || typeof u !== "number" || !Number.isSafeInteger(u) || typeof n !== "string") {
          return null;
        }
        return { userId: u, nonce: n };
      } catch {
        return null;
      }
    },
  };
}

export type KnownDeviceCookie = ReturnType<typeof knownDeviceCookie>;
