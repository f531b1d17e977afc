import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  checkResetLinkSchema,
  confirmClaimSchema,
  confirmEmailChangeSchema,
  forgotPasswordSchema,
  loginSchema,
  neutralAnswerSchema,
  registerExistingSchema,
  registerSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  sessionIdParamsSchema,
  sessionInfoSchema,
  updateProfileSchema,
  verifyEmailSchema,
} from "../../../shared/api/auth";
import { errorBodySchema } from "../../../shared/api/errors";
import { loginAnswerSchema } from "../../../shared/api/two-factor";
import {
  currentUserSchema,
  emailChangedSchema,
  sessionSchema,
  updatedProfileSchema,
} from "../../../shared/api/user";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { conflict, errorTextFor, forbidden, NOT_AUTHENTICATED, notFound } from "../../platform/http/errors";
import { requireFreshProof } from "../../platform/http/fresh-proof";
import { errorResponses, stepUpResponse } from "../../platform/http/responses";
import {
  deleteOwnSession,
  deleteSession,
  deleteUserSessions,
  listUserSessions,
} from "../../platform/http/session-store";
import { endViewing } from "../../platform/http/view-as-session";
import { askedLanguage } from "../../platform/i18n/asked-language";
import { sayTo } from "../../platform/i18n/reply-language";
import { CURRENT_SESSION, SESSION_NOT_FOUND } from "../../platform/i18n/shared-texts";
import type { MailQueue } from "../../platform/outbox/mail";
import type { Outbox } from "../../platform/outbox/outbox";
import type { SecretBox } from "../../platform/secrets/secret-box";
import { hashSecretToken, newSecretToken } from "../../platform/secrets/secret-token";
import { claimBindingCookie } from "./claim-binding";
import { toCurrentUser, viewingOf } from "./current-user";
import { knownDeviceCookie } from "./known-device";
import { rememberSignInBrowser } from "./new-sign-in-alert";
import notMeRoutes from "./not-me-routes";
import type { ProfileWriteBack } from "./profile-write-back";
import {
  type AuthContext,
  checkResetLink,
  confirmClaim,
  confirmEmailChange,
  EMAIL_VERIFIED_MESSAGE,
  login,
  NEUTRAL_CLAIM_MESSAGE,
  NEUTRAL_REGISTER_MESSAGE,
  NEUTRAL_RESET_MESSAGE,
  register,
  requestClaim,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  updateProfile,
  VERIFICATION_SENT_MESSAGE,
  verifyEmail,
} from "./service";
import { hasEnabledApp } from "./two-factor";
import twoFactorRoutes from "./two-factor-routes";
import { secondStepCookie, startSecondStep } from "./two-factor-sign-in";

const ok = z.object({ ok: z.literal(true) });

const authRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  mail: MailQueue;
  outbox: Outbox;
  secretBox: SecretBox;
  writeBack?: ProfileWriteBack;
}> = async (app, opts) => {
  const { db } = opts;
  const ctx = (log: AuthContext["log"]): AuthContext => ({ ...opts, log });
  const claimBinding = claimBindingCookie(opts.config);
  const devices = knownDeviceCookie(opts.config, opts.secretBox);
  const secondStep = secondStepCookie(opts.config);
  await app.register(twoFactorRoutes, {
    db,
    config: opts.config,
    secretBox: opts.secretBox,
    mail: opts.mail,
  });
  await app.register(notMeRoutes, opts);

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

  // The app's own session check: signed out is an answer, not a failure, so a first visit to the
  // sign-in page logs no failed request in the browser (decision 013). GET /api/user keeps its 401.
  app.get(
    "/api/session",
    {
      config: { access: "public" },
      schema: { summary: "The session: the signed-in user, or null", response: { 200: sessionSchema } },
    },
    async (request) => ({
      user: request.currentUser ? toCurrentUser(request.currentUser) : null,
      viewing: viewingOf(request),
    }),
  );

  app.post(
    "/api/login",
    {
      config: { access: "public" },
      schema: {
        summary: "Sign in with a password",
        description:
          'Signs in with a password. For an account with an authenticator app the answer is `{ secondFactor: "totp" }` and no session: a short-lived cookie leads to `POST /api/login/second-factor`.',
        body: loginSchema,
        response: {
          200: loginAnswerSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await login(ctx(request.log), request.body, request.ip, devices.read(request));
      if (await hasEnabledApp(db, user.id)) {
        // Not signed in yet: the browser holds only the second step's own cookie.
        secondStep.set(reply, await startSecondStep(db, user.id));
        return { secondFactor: "totp" as const };
      }
      if (secondStep.read(request)) secondStep.clear(reply);
      // A new token on every sign-in: a session fixed before sign-in is never promoted.
      if (request.currentSession) await deleteSession(db, request.currentSession.id);
      const session = await app.startSession(reply, user, "password");
      await rememberSignInBrowser(
        { db, config: opts.config, mail: opts.mail, devices },
        request,
        reply,
        user,
        session,
      );
      return toCurrentUser(user);
    },
  );

  app.post(
    "/api/register",
    {
      config: { access: "public" },
      schema: {
        summary: "Register a new account",
        description:
          "Answers alike whether or not the email has a login, and signs nobody in (decision 071). A new address is mailed a link that proves it, sets the password and signs in, as a claim link does; an address with a login is mailed that it has one, and nothing is created.",
        body: registerSchema,
        // 409: the username is taken, whatever the email.
        response: { 200: neutralAnswerSchema, ...errorResponses(409, 429) },
      },
    },
    async (request, reply) => {
      // Set whether or not the email is known, so the answer says nothing about it.
      const binding = newSecretToken();
      await register(
        ctx(request.log),
        request.body,
        request.ip,
        hashSecretToken(binding),
        askedLanguage(request),
        devices.read(request),
      );
      claimBinding.set(reply, binding);
      return { ok: true as const, message: sayTo(request, NEUTRAL_REGISTER_MESSAGE) };
    },
  );

  app.post(
    "/api/logout",
    {
      // Signing out also ends viewing as a customer (decision 036), which is recorded as stopped.
      config: { access: "public", whileViewing: "allowed" },
      schema: { summary: "Sign out", response: { 200: ok } },
    },
    async (request, reply) => {
      if (request.currentSession && request.viewingAdmin) {
        await endViewing(db, request.currentSession, request.ip);
      }
      if (request.currentSession) await deleteSession(db, request.currentSession.id);
      app.clearSessionCookie(reply);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/register-existing-user",
    {
      config: { access: "public" },
      schema: {
        summary: "Ask for a link to claim an imported account",
        body: registerExistingSchema,
        response: { 200: neutralAnswerSchema, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      // Set whether or not the email is known, so the answer says nothing about it.
      const binding = newSecretToken();
      await requestClaim(
        ctx(request.log),
        request.body,
        request.ip,
        hashSecretToken(binding),
        askedLanguage(request),
        devices.read(request),
      );
      claimBinding.set(reply, binding);
      return { ok: true as const, message: sayTo(request, NEUTRAL_CLAIM_MESSAGE) };
    },
  );

  app.post(
    "/api/register-existing-user/confirm",
    {
      config: { access: "public" },
      schema: {
        summary: "Claim an imported account with its mailed link",
        body: confirmClaimSchema,
        // 409: the link would re-open a closed login whose address another account has taken since.
        response: { 200: currentUserSchema, ...errorResponses(400, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const binding = claimBinding.read(request);
      const user = await confirmClaim(
        ctx(request.log),
        request.body,
        binding ? hashSecretToken(binding) : null,
        request.ip,
      );
      claimBinding.clear(reply);
      if (request.currentSession) await deleteSession(db, request.currentSession.id);
      await app.startSession(reply, user, "mailed-link");
      devices.remember(reply, user.id);
      return toCurrentUser(user);
    },
  );

  app.post(
    "/api/forgot-password",
    {
      config: { access: "public" },
      schema: {
        summary: "Ask for a password reset link",
        body: forgotPasswordSchema,
        response: { 200: neutralAnswerSchema, ...errorResponses(429) },
      },
    },
    async (request) => {
      await requestPasswordReset(
        ctx(request.log),
        request.body.email,
        request.ip,
        askedLanguage(request),
        devices.read(request),
      );
      return { ok: true as const, message: sayTo(request, NEUTRAL_RESET_MESSAGE) };
    },
  );

  app.post(
    "/api/reset-password/check",
    {
      // Read when the link's page opens, so a used or expired link is said to be so at once. It
      // answers only whether the link can be used, in the words of the reset itself.
      config: { access: "public" },
      schema: {
        summary: "Check that a reset link can still be used",
        body: checkResetLinkSchema,
        response: { 200: ok, 400: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      await checkResetLink(ctx(request.log), request.body.token, request.ip);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/reset-password",
    {
      config: { access: "public" },
      schema: {
        summary: "Reset the password with a mailed link",
        body: resetPasswordSchema,
        response: { 200: neutralAnswerSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const owner = await resetPassword(
        ctx(request.log),
        request.body.token,
        request.body.password,
        request.ip,
      );
      app.clearSessionCookie(reply);
      // The link proved the address: this browser signs in on its own limit from now on, however
      // many wrong passwords strangers send the account (decision 067).
      devices.remember(reply, owner.id);
      return {
        ok: true as const,
        message: sayTo(
          request,
          /*i18n*/ {
            id: "answer.password.reset",
            message: "Your password has been reset. Sign in with your new password.",
          },
        ),
      };
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
    { config: { access: "user" }, schema: { summary: "End every other session", response: { 200: ok } } },
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
          200: ok,
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

export default authRoutes;
