/**
 * Google sign-in (any OpenID Connect issuer, `GOOGLE_ISSUER_URL`): `GET /api/auth/google` starts the
 * authorization code flow, `GET /api/auth/google/callback` finishes it. Both are browser navigations,
 * so every outcome is a redirect: with a fresh session to the page asked for when the flow started
 * (`?next=`, kept with the flow, decision 031) or to `/dashboard`, or back to `/login` (or to
 * Settings, for a link asked for there with `POST /api/auth/google/link`) with a reason the page puts
 * into words. Never a JSON page.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../shared/api/errors";
import { type GoogleSignInOutcome, googleOutcomeParam } from "../../../shared/api/google-sign-in";
import { singleLineText } from "../../../shared/api/text";
import { currentUserSchema } from "../../../shared/api/user";
import { languageOf } from "../../../shared/i18n/languages";
import {
  DEFAULT_RETURN_PATH,
  RETURN_PATH_PARAM,
  safeReturnPath,
  withReturnPath,
} from "../../../shared/return-path";
import { IdentityError, type IdentityPort } from "../../platform/adapters/identity/port";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { conflict, HttpError } from "../../platform/http/errors";
import { requireFreshProof } from "../../platform/http/fresh-proof";
import { hit, RateLimitedError } from "../../platform/http/rate-limiter";
import { requireUser } from "../../platform/http/require-user";
import { noBody, stepUpResponse } from "../../platform/http/responses";
import { deleteSession } from "../../platform/http/session-store";
import {
  GOOGLE_ALREADY_LINKED,
  GOOGLE_NOT_CONFIGURED,
  GOOGLE_UNAVAILABLE,
} from "../../platform/i18n/shared-texts";
import type { MailQueue } from "../../platform/outbox/mail";
import type { SecretBox } from "../../platform/secrets/secret-box";
import { toCurrentUser } from "./current-user";
import { signInMethodNotice } from "./emails";
import {
  GoogleSignInRefused,
  linkGoogleToUser,
  unlinkGoogle,
  userForGoogleIdentity,
} from "./google-accounts";
import { googleFlowCookie, keepFlow, takeFlow } from "./google-flow";
import { knownDeviceCookie } from "./known-device";
import { rememberSignInBrowser } from "./new-sign-in-alert";
import { hasSecondFactor } from "./second-factor";
import { grantEarnedRole } from "./service";

export interface GoogleRoutesOptions {
  db: Database;
  config: Config;
  identity: IdentityPort | undefined;
  secretBox: SecretBox;
  mail: MailQueue;
}

const MINUTE = 60_000;
// The start's query: the page to return to after sign-in. An unsafe one is ignored, not refused:
// the start is a navigation, and the dashboard is as good a place to end as any.
const startQuery = z.object({
  [RETURN_PATH_PARAM]: z
    .string()
    .optional()
    .describe(
      "The page of the portal to return to after sign-in (`/accounts/linkedin?status=banned`). Only a same-origin path of the signed-in area is kept; anything else ends on `/dashboard`.",
    ),
});
// The callback's query: what the issuer sends back. Anything else is ignored, never echoed.
const callbackQuery = z.object({
  code: singleLineText().max(2048).optional(),
  state: singleLineText().max(512).optional(),
  error: singleLineText().max(256).optional(),
});
const googleRoutes: FastifyPluginAsyncZod<GoogleRoutesOptions> = async (
  app,
  { db, config, identity, secretBox, mail },
) => {
  const flowCookie = googleFlowCookie(config);
  const devices = knownDeviceCookie(config, secretBox);
  const redirectUri = `${config.appUrl}/api/auth/google/callback`;
  /**
   * Back to a page of the app with the outcome for it to put into words; back on /login, with the
   * page that was asked for, so that another way of signing in still returns to it.
   */
  const to = (path: "/login" | "/settings", outcome: GoogleSignInOutcome, returnTo: string | null = null) =>
    `${config.appUrl}${withReturnPath(`${path}?${googleOutcomeParam}=${outcome}`, path === "/login" ? returnTo : null)}`;

  /** Keeps a new flow for this browser and answers where to send it. */
  async function startFlow(
    request: FastifyRequest,
    reply: FastifyReply,
    linkUserId: number | null,
    returnTo: string | null,
  ) {
    if (!identity) throw new IdentityError("unavailable", "not configured");
    await hit(db, [{ key: `google-start-ip:${request.ip}`, limit: 30, windowMs: 15 * MINUTE }]);
    const start = await identity.startSignIn(redirectUri);
    const flowId = await keepFlow(db, {
      state: start.state,
      nonce: start.nonce,
      codeVerifier: start.codeVerifier,
      linkUserId,
      returnTo,
    });
    flowCookie.set(reply, flowId);
    return start.url;
  }

  app.get(
    "/api/auth/google",
    {
      // Starts a sign-in or a link: nothing a session viewing as a customer may begin (decision 036).
      config: { access: "public", whileViewing: "refused" },
      schema: {
        summary: "Start Google sign-in",
        description:
          "Starts Google sign-in: a redirect to the issuer. The page to return to (`next`) is kept with the flow, on the server.",
        querystring: startQuery,
        response: {
          303: noBody(
            "To the issuer's sign-in page, or back to `/login` with the reason (`?google=`) it cannot start.",
          ),
        },
      },
    },
    async (request, reply) => {
      // Checked on the way in; the flow keeps only a path of the app.
      const returnTo = safeReturnPath(request.query[RETURN_PATH_PARAM]);
      if (!identity) return reply.redirect(to("/login", "not-configured", returnTo), 303);
      try {
        return reply.redirect(await startFlow(request, reply, null, returnTo), 303);
      } catch (error) {
        if (error instanceof RateLimitedError) return reply.redirect(to("/login", "too-many", returnTo), 303);
        if (error instanceof IdentityError) return reply.redirect(to("/login", "unavailable", returnTo), 303);
        throw error;
      }
    },
  );

  app.post(
    "/api/auth/google/link",
    {
      config: { access: "user" },
      schema: {
        summary: "Start linking Google to the account",
        description:
          "Starts linking Google to the caller's account (from Settings): where to send the browser. A POST, so that no other site can start it. A new way in: it needs a fresh proof, and for an account with an authenticator app or a passkey a proof by that second factor (`secondFactor: true` in the 403). The owner is mailed once Google is linked.",
        body: z.strictObject({}).optional(),
        response: {
          200: z.object({ url: z.string() }),
          403: stepUpResponse,
          409: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      if (!identity) throw new HttpError(503, GOOGLE_NOT_CONFIGURED);
      if (me.googleId) throw conflict(GOOGLE_ALREADY_LINKED);
      // Linking lets another Google account in from then on, past the second step (decision 070):
      // a stale session, or a password alone where the account has a second factor, may not do it.
      requireFreshProof(request, config, { secondFactor: await hasSecondFactor(db, me.id) });
      try {
        return { url: await startFlow(request, reply, me.id, null) };
      } catch (error) {
        if (error instanceof IdentityError) throw new HttpError(503, GOOGLE_UNAVAILABLE);
        throw error;
      }
    },
  );

  app.get(
    "/api/auth/google/callback",
    {
      config: { access: "public", whileViewing: "refused" },
      schema: {
        summary: "Finish Google sign-in or linking",
        description: "Where the issuer sends the browser back.",
        querystring: callbackQuery,
        response: {
          303: noBody(
            "Signed in, to the page asked for when the flow started (else `/dashboard`); to Settings after a link; or back to `/login` (or Settings) with the reason (`?google=`) it failed. Nothing in this query decides where.",
          ),
        },
      },
    },
    async (request, reply) => {
      const flowId = flowCookie.read(request);
      flowCookie.clear(reply);
      const flow = flowId ? await takeFlow(db, flowId) : undefined;
      const back = flow?.linkUserId ? "/settings" : "/login";
      // Where the flow was asked to return, as kept on the server: never read from this request.
      const returnTo = flow?.returnTo ?? null;
      if (!identity) return reply.redirect(to(back, "not-configured", returnTo), 303);
      if (!flow) return reply.redirect(to("/login", "expired"), 303);
      // A link is for the user who asked for it, still signed in in this browser.
      const linking = flow.linkUserId ? request.currentUser : null;
      if (flow.linkUserId && linking?.id !== flow.linkUserId) return reply.redirect(to(back, "expired"), 303);

      let user: Awaited<ReturnType<typeof userForGoogleIdentity>>;
      try {
        const callbackUrl = new URL(request.url, redirectUri);
        const verified = await identity.finishSignIn(callbackUrl, flow);
        user = linking
          ? await linkGoogleToUser(db, linking, verified, request.ip)
          : await userForGoogleIdentity(db, verified, request.ip);
      } catch (error) {
        if (error instanceof IdentityError) return reply.redirect(to(back, error.failure, returnTo), 303);
        if (error instanceof GoogleSignInRefused)
          return reply.redirect(to(back, error.refusal, returnTo), 303);
        throw error;
      }
      if (linking) {
        await mail.enqueue(
          db,
          signInMethodNotice(languageOf(user), user.email, "google-linked", config.appUrl),
        );
        return reply.redirect(to("/settings", "linked"), 303);
      }
      user = await grantEarnedRole(db, config, user);
      // A new token on every sign-in: a session fixed before sign-in is never promoted.
      if (request.currentSession) await deleteSession(db, request.currentSession.id);
      const session = await app.startSession(reply, user, "google");
      await rememberSignInBrowser({ db, config, mail, devices }, request, reply, user, session);
      return reply.redirect(`${config.appUrl}${returnTo ?? DEFAULT_RETURN_PATH}`, 303);
    },
  );

  app.post(
    "/api/auth/google/unlink",
    {
      config: { access: "user" },
      schema: {
        summary: "Unlink Google from the account",
        description:
          "Unlinks Google from the caller after a fresh proof, unless it is their only way in (no password and no passkey). The owner is mailed.",
        body: z.strictObject({}).optional(),
        response: { 200: currentUserSchema, 403: stepUpResponse, 409: errorBodySchema },
      },
    },
    async (request) => {
      const me = requireUser(request);
      if (!me.googleId)
        throw conflict(
          /*i18n*/ {
            id: "error.google.not-linked",
            message: "Google is not linked to your account",
          },
        );
      requireFreshProof(request, config);
      const unlinked = await unlinkGoogle(db, me, request.ip);
      if (!unlinked) {
        throw conflict(
          /*i18n*/ {
            id: "error.google.only-way",
            message:
              "Google is your only way to sign in: set a password or add a passkey before unlinking it",
          },
        );
      }
      await mail.enqueue(db, signInMethodNotice(languageOf(me), me.email, "google-unlinked", config.appUrl));
      return toCurrentUser(unlinked);
    },
  );
};

export default googleRoutes;
