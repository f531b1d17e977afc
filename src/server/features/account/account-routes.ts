/**
 * The signed-in account under /api/user: who it is, its profile, a new email address and its
 * proof, and the account's sessions on other browsers.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  confirmEmailChangeSchema,
  neutralAnswerSchema,
  resendVerificationSchema,
  sessionIdParamsSchema,
  sessionInfoSchema,
  updateProfileSchema,
  verifyEmailSchema,
} from "../../../shared/api/auth";
import { errorBodySchema } from "../../../shared/api/errors";
import { currentUserSchema, emailChangedSchema, updatedProfileSchema } from "../../../shared/api/user";
import { conflict, errorTextFor, forbidden, NOT_AUTHENTICATED, notFound } from "../../platform/http/errors";
import { requireFreshProof } from "../../platform/http/fresh-proof";
import { errorResponses, okAnswerSchema, stepUpResponse } from "../../platform/http/responses";
import { deleteOwnSession, deleteUserSessions, listUserSessions } from "../../platform/http/session-store";
import { sayTo } from "../../platform/i18n/reply-language";
import { CURRENT_SESSION, SESSION_NOT_FOUND } from "../../platform/i18n/shared-texts";
import type { AuthContext, AuthRoutesOptions } from "../auth";
import { toCurrentUser } from "../auth";
import {
  confirmEmailChange,
  EMAIL_VERIFIED_MESSAGE,
  resendVerification,
  updateProfile,
  VERIFICATION_SENT_MESSAGE,
  verifyEmail,
} from "./account-service";

export const accountRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const { db } = opts;
  const ctx = (log: AuthContext["log"]): AuthContext => ({ ...opts, log });

  app.get(
    "/api/user",
    {
      config: { access: "public" },
      schema: { summary: "The signed-in user", response: { 200: currentUserSchema, 401: errorBodySchema } },
    },
    async (request, reply) => {
      if (!request.currentUser)
        return reply.code(401).send({ error: errorTextFor(request, NOT_AUTHENTICATED) });
      return toCurrentUser(request.currentUser);
    },
  );

  app.put(
    "/api/user/:id",
    {
      config: { access: "user" },
      schema: {
        summary: "Change the profile",
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: updateProfileSchema,
        response: { 200: updatedProfileSchema, 403: stepUpResponse, ...errorResponses(409, 429) },
      },
    },
    async (request) => {
      const me = request.currentUser;
      if (!me || me.id !== request.params.id)
        throw forbidden(
          /*i18n*/ {
            id: "error.profile.own-only",
            message: "You can only change your own profile",
          },
        );
      // A new email decides where reset links go: it needs a fresh proof, as a password change does.
      if (request.body.email.toLowerCase() !== me.email.toLowerCase())
        requireFreshProof(request, opts.config);
      const saved = await updateProfile(ctx(request.log), me, request.body);
      return { ...toCurrentUser(saved.user), airtableSync: saved.writeBack, emailChange: saved.emailChange };
    },
  );

  app.post(
    "/api/user/email/confirm",
    {
      // Public, so that a signed-out browser hears what to do; the service insists on the session of
      // the account that asked for the link (decision 017).
      config: { access: "public" },
      schema: {
        summary: "Confirm an email change with its mailed link",
        body: confirmEmailChangeSchema,
        response: { 200: emailChangedSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      const user = await confirmEmailChange(
        ctx(request.log),
        request.body.token,
        request.currentUser,
        request.ip,
      );
      return {
        ok: true as const,
        email: user.email,
        message: sayTo(
          request,
          /*i18n*/ {
            id: "answer.email.changed",
            message: "Your email is now {email}.",
            values: { email: user.email },
          },
        ),
      };
    },
  );

  app.post(
    "/api/user/email/verify",
    {
      // Like the email-change link: it works in the browser signed in to the account that asked.
      config: { access: "public" },
      schema: {
        summary: "Verify the email address with its mailed link",
        body: verifyEmailSchema,
        response: { 200: neutralAnswerSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      await verifyEmail(ctx(request.log), request.body.token, request.currentUser, request.ip);
      return { ok: true as const, message: sayTo(request, EMAIL_VERIFIED_MESSAGE) };
    },
  );

  app.post(
    "/api/user/email/verify/resend",
    {
      config: { access: "user" },
      schema: {
        summary: "Mail the verification link again",
        body: resendVerificationSchema,
        response: { 200: neutralAnswerSchema, ...errorResponses(429) },
      },
    },
    async (request) => {
      const me = request.currentUser;
      if (!me) throw forbidden();
      await resendVerification(ctx(request.log), me, request.ip);
      return { ok: true as const, message: sayTo(request, VERIFICATION_SENT_MESSAGE) };
    },
  );

  app.get(
    "/api/user/sessions",
    {
      config: { access: "user" },
      schema: { summary: "The signed-in user's sessions", response: { 200: z.array(sessionInfoSchema) } },
    },
    async (request) => {
      const me = request.currentUser;
      const current = request.currentSession;
      if (!me || !current) throw forbidden();
      const rows = await listUserSessions(db, opts.config.session, me.id);
      return rows.map((s) => ({
        id: s.id,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        userAgent: s.userAgent,
        ipAddress: s.ipAddress,
        current: s.id === current.id,
        provenBy: s.provenBy,
      }));
    },
  );

  app.post(
    "/api/user/sessions/sign-out-others",
    {
      config: { access: "user" },
      schema: { summary: "End every other session", response: { 200: okAnswerSchema } },
    },
    async (request) => {
      const me = request.currentUser;
      const current = request.currentSession;
      if (!me || !current) throw forbidden();
      await deleteUserSessions(db, me.id, current.id);
      return { ok: true as const };
    },
  );

  app.delete(
    "/api/user/sessions/:id",
    {
      config: { access: "user" },
      schema: {
        summary: "End one other session",
        params: sessionIdParamsSchema,
        response: {
          200: okAnswerSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const me = request.currentUser;
      const current = request.currentSession;
      if (!me || !current) throw forbidden();
      // Ending the session in use is signing out, which also clears the cookie: 409 points there.
      if (request.params.id === current.id) throw conflict(CURRENT_SESSION);
      // Someone else's session answers as one that does not exist, so session ids reveal nothing.
      if (!(await deleteOwnSession(db, me.id, request.params.id))) throw notFound(SESSION_NOT_FOUND);
      return { ok: true as const };
    },
  );
};
