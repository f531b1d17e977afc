/**
 * The one-time values of a Google sign-in under way (table `oidc_flows`): the browser holds a random
 * id in a short-lived HttpOnly cookie, the server its SHA-256 with the state, nonce and PKCE
 * verifier, and the page to return to after sign-in. A flow is used at most once, and only by the
 * browser that started it.
 */
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { safeReturnPath } from "../../../shared/return-path";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { oidcFlows } from "../../db/schema";
import { hashSecretToken, newSecretToken } from "../../secrets/secret-token";

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

/**
 * The return path is kept in the row's `state` column, after the state and a line feed: the state
 * is the issuer's URL-safe token and a checked return path holds no control character, so neither
 * can contain the separator. It shares the column only until the table's next migration gives it
 * one of its own (decision 031).
 */
const RETURN_PATH_SEPARATOR = "\n";

function packState(state: string, returnTo: string | null): string {
  return returnTo ? `${state}${RETURN_PATH_SEPARATOR}${returnTo}` : state;
}

function unpackState(stored: string): { state: string; returnTo: string | null } {
  const at = stored.indexOf(RETURN_PATH_SEPARATOR);
  if (at < 0) return { state: stored, returnTo: null };
  // Checked again on the way out: whatever the row holds, only a path of the app is returned.
  return { state: stored.slice(0, at), returnTo: safeReturnPath(stored.slice(at + 1)) };
}

export async function keepFlow(db: Database, values: KeptFlow, now = new Date()): Promise<string> {
  const flowId = newSecretToken();
  const { returnTo, state, ...rest } = values;
  await db.insert(oidcFlows).values({
    flowHash: hashSecretToken(flowId),
    ...rest,
    state: packState(state, safeReturnPath(returnTo)),
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
        ...unpackState(row.state),
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
