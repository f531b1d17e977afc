/**
 * The cookie that ties a claim link to the browser that asked for it: a random secret of which the
 * link's row keeps only the SHA-256. It lives as long as the link and is sent only to the portal.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../platform/config";
import { EMAIL_TOKEN_TTL_MS } from "./email-tokens";

export function claimBindingCookie(config: Config) {
  const secure = config.session.secureCookie;
  // Like the session cookie: the __Host- prefix makes the browser insist on Secure, host-only, Path=/.
  const name = secure ? "__Host-portal_claim" : "portal_claim";
  const options = { path: "/", httpOnly: true, sameSite: "lax" as const, secure };
  return {
    set(reply: FastifyReply, secret: string) {
      reply.setCookie(name, secret, { ...options, maxAge: Math.floor(EMAIL_TOKEN_TTL_MS / 1000) });
    },
    read(request: FastifyRequest): string | undefined {
      return request.cookies[name];
    },
    clear(reply: FastifyReply) {
      reply.clearCookie(name, options);
    },
  };
}
