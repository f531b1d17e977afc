/**
 * The one-time values of a Google sign-in under way (table `oidc_flows`): the browser holds a random
 * id in a short-lived HttpOnly cookie, the server its SHA-256 with the state, nonce and PKCE
 * verifier, and the page to return to after sign-in. A flow is used at most once, and only by the
 * browser that started it.
 */
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { safeReturnPath } from "../../../shared/return-path";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { oidcFlows } from "../../platform/db/schema";
import { hashSecretToken, newSecretToken } from "../../platform/secrets/secret-token";

/** Long enough to choose an account and consent; short enough that a forgotten tab is useless. */
export const GOOGLE_FLOW_TTL_MS = 10 * 60_000;

export interface KeptFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  linkUserId: number | null;
  /** The checked return path (`safeReturnPath`) asked for when the flow started, or null. */
  returnTo: string | null;
}

export async function keepFlow(db: Database, values: KeptFlow, now = new Date()): Promise<string> {
  const flowId = newSecretToken();
  await db.insert(oidcFlows).values({
    flowHash: hashSecretToken(flowId),
    ...values,
    returnTo: safeReturnPath(values.returnTo),
    createdAt: now,
    expiresAt: new Date(now.getTime() + GOOGLE_FLOW_TTL_MS),
  });
  // Flows nobody came back for are of no use to anyone.
  await db.delete(oidcFlows).where(lt(oidcFlows.expiresAt, new Date(now.getTime() - GOOGLE_FLOW_TTL_MS)));
  return flowId;
}

/** Takes the flow for good: a second callback with the same cookie finds nothing. */
export async function takeFlow(
  db: Database,
  flowId: string,
  now = new Date(),
): Promise<KeptFlow | undefined> {
  const [row] = await db
    .update(oidcFlows)
    .set({ usedAt: now })
    .where(
      and(
        eq(oidcFlows.flowHash, hashSecretToken(flowId)),
        isNull(oidcFlows.usedAt),
        gt(oidcFlows.expiresAt, now),
      ),
    )
    .returning();
  return row
    ? {
        state: row.state,
        // Checked again on the way out: whatever the row holds, only a path of the app is returned.
        returnTo: safeReturnPath(row.returnTo),
        nonce: row.nonce,
        codeVerifier: row.codeVerifier,
        linkUserId: row.linkUserId,
      }
    : undefined;
}

/** The cookie that holds the flow id, sent back only to the callback. */
export function googleFlowCookie(config: Config) {
  const secure = config.session.secureCookie;
  const name = secure ? "__Secure-portal_google" : "portal_google";
  // Lax: the issuer sends the browser back with a top-level GET, which Lax cookies go with.
  const options = { path: "/api/auth/google", httpOnly: true, sameSite: "lax" as const, secure };
  return {
    set(reply: FastifyReply, flowId: string) {
      reply.setCookie(name, flowId, { ...options, maxAge: Math.floor(GOOGLE_FLOW_TTL_MS / 1000) });
    },
    read(request: FastifyRequest): string | undefined {
      return request.cookies[name];
    },
    clear(reply: FastifyReply) {
      reply.clearCookie(name, options);
    },
  };
}
