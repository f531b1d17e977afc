/**
 * A forgotten password: the mail with a reset link, the link's check, and the new password.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  checkResetLinkSchema,
  forgotPasswordSchema,
  neutralAnswerSchema,
  resetPasswordSchema,
} from "../../../shared/api/auth";
import { errorBodySchema } from "../../../shared/api/errors";
import { errorResponses, okAnswerSchema } from "../../platform/http/responses";
import { askedLanguage } from "../../platform/i18n/asked-language";
import { sayTo } from "../../platform/i18n/reply-language";
import { knownDeviceCookie } from "./known-device";
import {
  type AuthContext,
  type AuthRoutesOptions,
  checkResetLink,
  NEUTRAL_RESET_MESSAGE,
  requestPasswordReset,
  resetPassword,
} from "./service";

export const passwordResetRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const ctx = (log: AuthContext["log"]): AuthContext => ({ ...opts, log });
  const devices = knownDeviceCookie(opts.config, opts.secretBox);

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
        response: { 200: okAnswerSchema, 400: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema },
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
};
