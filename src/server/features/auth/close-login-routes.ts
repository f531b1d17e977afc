/**
 * Settings → Your data: closing one's own portal login (decision 034). Thin: the rules are in
 * close-login.ts.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { closeLoginAnswerSchema, closeLoginSchema, isOwnEmail } from "../../../shared/api/close-login";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { badRequest } from "../../platform/http/errors";
import { requireFreshProof } from "../../platform/http/fresh-proof";
import { requireUser } from "../../platform/http/require-user";
import { errorBody, stepUpResponse } from "../../platform/http/responses";
import { fieldError } from "../../platform/i18n/message";
import { sayTo } from "../../platform/i18n/reply-language";
import { CLOSE_LOGIN_EMAIL_MISMATCH, LOGIN_CLOSED } from "../../platform/i18n/shared-texts";
import type { MailQueue } from "../../platform/outbox/mail";
import type { SecretBox } from "../../platform/secrets/secret-box";
import { closeLogin } from "./close-login";
import type { ProfileWriteBack } from "./profile-write-back";

const closeLoginRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  mail: MailQueue;
  secretBox: SecretBox;
  writeBack?: ProfileWriteBack;
}> = async (app, opts) => {
  app.post(
    "/api/me/close-login",
    {
      config: { access: "user" },
      schema: {
        summary: "Close my portal login",
        description:
          "Closes the signed-in customer's own portal login, after a fresh proof (decision 023) and with the account's email typed to confirm (compared without regard to case). Every session (this one too: its cookie is cleared), passkey, second factor, Google link and pending link ends, the password is removed and the profile is anonymised; the operator's base is told and the audit records it; a confirmation is mailed to the address the login had. Orders, plans, payments and the operator's records stay. Signing in afterwards fails as for an unknown email; an existing-customer claim of the address can open a fresh login later. No one can close another customer's login, and an admin cannot re-open one.",
        body: closeLoginSchema,
        response: {
          200: closeLoginAnswerSchema,
          400: errorBody(
            "The body fails its schema, or `email` is not the account's email (`email: message`). Nothing changed.",
          ),
          403: stepUpResponse,
        },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      // First, so that a session that is not freshly proven learns nothing, not even whether the email is right.
      requireFreshProof(request, opts.config);
      if (!isOwnEmail(request.body.email, me.email))
        throw badRequest(fieldError("email", CLOSE_LOGIN_EMAIL_MISMATCH));
      // Closed by a request at the same time as this one: the answer is the same, nothing happens twice.
      await closeLogin(
        {
          db: opts.db,
          config: opts.config,
          mail: opts.mail,
          secretBox: opts.secretBox,
          writeBack: opts.writeBack,
          ip: request.ip,
        },
        me.id,
      );
      app.clearSessionCookie(reply);
      return { ok: true as const, message: sayTo(request, LOGIN_CLOSED) };
    },
  );
};

export default closeLoginRoutes;
