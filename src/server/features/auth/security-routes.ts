/**
 * Settings → Security's own routes: a fresh proof (the dialog that comes before a secret is shown)
 * and the password change. Thin: the rules are in fresh-proof.ts.
 */
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "../../../shared/api/errors";
import {
  changePasswordAnswerSchema,
  changePasswordSchema,
  freshProofAnswerSchema,
  freshProofSchema,
} from "../../../shared/api/security";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import type { SessionRow, UserRow } from "../../platform/db/schema";
import { badRequest } from "../../platform/http/errors";
import type { RateRule } from "../../platform/http/rate-limiter";
import { requireUser } from "../../platform/http/require-user";
import { stepUpResponse } from "../../platform/http/responses";
import { sayTo } from "../../platform/i18n/reply-language";
import type { MailQueue } from "../../platform/outbox/mail";
import type { SecretBox } from "../../platform/secrets/secret-box";
import {
  changePassword,
  checkPasswordProof,
  type FreshProofContext,
  PASSWORD_CHANGED_MESSAGE,
  recordFreshProof,
} from "./fresh-proof";
import { knownDeviceCookie } from "./known-device";
import { proofBudgets } from "./proof-budgets";
import { auditingRefusals } from "./refusal-audit";
import { checkAuthenticatorCode } from "./two-factor";

const securityRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  mail: MailQueue;
  secretBox: SecretBox;
}> = async (app, opts) => {
  const ctx = (request: { log: FreshProofContext["log"]; ip: string }): FreshProofContext => ({
    db: opts.db,
    config: opts.config,
    mail: opts.mail,
    log: request.log,
    ip: request.ip,
  });
  const devices = knownDeviceCookie(opts.config, opts.secretBox);
  /** The session's and its browser's budgets of wrong proofs; a refusal is recorded once per lock. */
  const withinBudgets = <T>(
    request: FastifyRequest,
    me: UserRow,
    session: SessionRow,
    attempt: (budgets: RateRule[]) => Promise<T>,
  ) => {
    const budgets = proofBudgets(me.id, { kind: "session", sessionId: session.id }, devices.read(request));
    const refusal = {
      subjectUserId: me.id,
      actorUserId: me.id,
      detail: "Confirm it's you: too many wrong proofs",
      ipAddress: request.ip,
    };
    return auditingRefusals(opts.db, budgets, refusal, () => attempt(budgets));
  };

  app.post(
    "/api/auth/fresh-proof",
    {
      config: { access: "user" },
      schema: {
        summary: "Prove again who you are, with the password or a code",
        description:
          "Proves again who the signed-in user is, with their password or an authenticator code, so that secrets can be shown for STEP_UP_MINUTES.",
        body: freshProofSchema,
        response: {
          200: freshProofAnswerSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const session = request.currentSession;
      if (!session) throw badRequest(/*i18n*/ { id: "error.session.none", message: "No session" });
      const { password, code } = request.body;
      if (password !== undefined) {
        await withinBudgets(request, me, session, (budgets) =>
          checkPasswordProof(ctx(request), me, password, budgets),
        );
        const until = await recordFreshProof(ctx(request), me, session, "password");
        return { ok: true as const, provenUntil: until.toISOString() };
      }
      const outcome = await withinBudgets(request, me, session, (budgets) =>
        checkAuthenticatorCode(opts.db, opts.secretBox, me.id, code ?? "", budgets),
      );
      if (outcome === "not-enabled")
        throw badRequest(
          /*i18n*/ {
            id: "error.two-factor.not-turned-on",
            message: "Two-factor authentication is not turned on for your account",
          },
        );
      if (outcome === "wrong")
        throw badRequest(
          /*i18n*/ {
            id: "error.two-factor.code-wrong-or-used",
            message: "The code is not right, or was used already",
          },
        );
      const until = await recordFreshProof(ctx(request), me, session, "password+totp");
      return { ok: true as const, provenUntil: until.toISOString() };
    },
  );

  app.post(
    "/api/user/password",
    {
      config: { access: "user" },
      schema: {
        summary: "Change the password",
        description:
          "Changes the signed-in user's password (the current one is the proof; a Google-only account sets a first one after a fresh proof). Every other session ends and the owner is mailed.",
        body: changePasswordSchema,
        response: {
          200: changePasswordAnswerSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: stepUpResponse,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const session = request.currentSession;
      if (!session) throw badRequest(/*i18n*/ { id: "error.session.none", message: "No session" });
      await withinBudgets(request, me, session, (budgets) =>
        changePassword(ctx(request), me, session, request.body, budgets),
      );
      return { ok: true as const, message: sayTo(request, PASSWORD_CHANGED_MESSAGE) };
    },
  );
};

export default securityRoutes;
