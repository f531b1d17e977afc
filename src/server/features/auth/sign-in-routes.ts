/**
 * Signing in and out: the session's state, the password sign-in and its second step's start,
 * and registering (a new account, or claiming one the operator's base already holds); a forgotten
 * password is password-reset-routes.ts.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  confirmClaimSchema,
  loginSchema,
  neutralAnswerSchema,
  registerExistingSchema,
  registerSchema,
} from "../../../shared/api/auth";
import { errorBodySchema } from "../../../shared/api/errors";
import { loginAnswerSchema } from "../../../shared/api/two-factor";
import { currentUserSchema, sessionSchema } from "../../../shared/api/user";
import { errorResponses, okAnswerSchema } from "../../platform/http/responses";
import { deleteSession } from "../../platform/http/session-store";
import { endViewing } from "../../platform/http/view-as-session";
import { askedLanguage } from "../../platform/i18n/asked-language";
import { sayTo } from "../../platform/i18n/reply-language";
import { hashSecretToken, newSecretToken } from "../../platform/secrets/secret-token";
import { claimBindingCookie } from "./claim-binding";
import { toCurrentUser, viewingOf } from "./current-user";
import { knownDeviceCookie } from "./known-device";
import { rememberSignInBrowser } from "./new-sign-in-alert";
import {
  type AuthContext,
  type AuthRoutesOptions,
  confirmClaim,
  login,
  NEUTRAL_CLAIM_MESSAGE,
  NEUTRAL_REGISTER_MESSAGE,
  register,
  requestClaim,
} from "./service";
import { hasEnabledApp } from "./two-factor";
import { secondStepCookie, startSecondStep } from "./two-factor-sign-in";

export const signInRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const { db } = opts;
  const ctx = (log: AuthContext["log"]): AuthContext => ({ ...opts, log });
  const claimBinding = claimBindingCookie(opts.config);
  const devices = knownDeviceCookie(opts.config, opts.secretBox);
  const secondStep = secondStepCookie(opts.config);

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
      schema: { summary: "Sign out", response: { 200: okAnswerSchema } },
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
};
