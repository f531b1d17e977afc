/**
 * Two-factor sign-in over HTTP: the second step of a sign-in (`POST /api/login/second-factor`) and
 * the Settings endpoints that turn an authenticator app on and off and renew its recovery codes.
 */
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  authenticatorCodeBodySchema,
  emptyBodySchema,
  recoveryCodesSchema,
  secondFactorProofSchema,
  secondStepRefusedSchema,
  twoFactorEnrolmentSchema,
  twoFactorStatusSchema,
} from "../../../shared/api/two-factor";
import { currentUserSchema } from "../../../shared/api/user";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { forbidden } from "../../platform/http/errors";
import { requireFreshProof } from "../../platform/http/fresh-proof";
import type { RateRule } from "../../platform/http/rate-limiter";
import { requireUser } from "../../platform/http/require-user";
import { errorResponses, okAnswerSchema, stepUpResponse } from "../../platform/http/responses";
import { deleteSession } from "../../platform/http/session-store";
import type { MailQueue } from "../../platform/outbox/mail";
import type { SecretBox } from "../../platform/secrets/secret-box";
import { toCurrentUser } from "./current-user";
import { knownDeviceCookie } from "./known-device";
import { rememberSignInBrowser } from "./new-sign-in-alert";
import { proofBudgets } from "./proof-budgets";
import { auditingRefusals } from "./refusal-audit";
import {
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startEnrolment,
  twoFactorStatus,
} from "./two-factor";
import { finishSecondStep, secondStepCookie } from "./two-factor-sign-in";

const twoFactorRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  secretBox: SecretBox;
  mail: MailQueue;
}> = async (app, { db, config, secretBox, mail }) => {
  const devices = knownDeviceCookie(config, secretBox);
  const secondStep = secondStepCookie(config);
  /**
   * A Settings action that takes a code, run within the budgets of the session and browser it comes
   * from (proof-budgets.ts); a refusal is recorded once per lock.
   */
  const withinBudgets = <T>(request: FastifyRequest, attempt: (budgets: RateRule[]) => Promise<T>) => {
    const me = requireUser(request);
    const session = request.currentSession;
    if (!session) throw forbidden();
    const budgets = proofBudgets(me.id, { kind: "session", sessionId: session.id }, devices.read(request));
    const refusal = {
      subjectUserId: me.id,
      actorUserId: me.id,
      detail: "Settings: too many wrong codes",
      ipAddress: request.ip,
    };
    return auditingRefusals(db, budgets, refusal, () => attempt(budgets));
  };

  app.post(
    "/api/login/second-factor",
    {
      config: { access: "public" },
      schema: {
        summary: "Finish a sign-in with the second factor",
        description:
          "The second step of a sign-in for an account with an authenticator app: a 6-digit `code` or a `recoveryCode`, with the cookie `POST /api/login` set. A wrong code answers 401 and counts; after 5 the step is dead and the sign-in starts again.",
        body: secondFactorProofSchema,
        response: {
          200: currentUserSchema,
          ...errorResponses(400, 429),
          401: secondStepRefusedSchema.describe(
            "A wrong code; with `signInAgain: true`, a second step that cannot go on (expired, used, or too many wrong codes): sign in again.",
          ),
        },
      },
    },
    async (request, reply) => {
      const { user, provenBy } = await finishSecondStep(
        db,
        secretBox,
        secondStep.read(request),
        request.body,
        request.ip,
        devices.read(request),
      );
      secondStep.clear(reply);
      if (request.currentSession) await deleteSession(db, request.currentSession.id);
      const session = await app.startSession(reply, user, provenBy);
      await rememberSignInBrowser({ db, config, mail, devices }, request, reply, user, session);
      return toCurrentUser(user);
    },
  );

  app.get(
    "/api/user/two-factor",
    {
      config: { access: "user" },
      schema: {
        summary: "Whether two-factor sign-in is on",
        response: { 200: twoFactorStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => twoFactorStatus(db, config, requireUser(request)),
  );

  app.post(
    "/api/user/two-factor/enrol",
    {
      config: { access: "user" },
      schema: {
        summary: "Start setting up an authenticator app",
        description:
          "Starts setting up an authenticator app: a new secret, as text and as a QR code. Sign-in is unchanged until `POST /api/user/two-factor/confirm` with a code from it.",
        body: emptyBodySchema,
        response: { 200: twoFactorEnrolmentSchema, ...errorResponses(400, 401, 409), 403: stepUpResponse },
      },
    },
    async (request, reply) => {
      // A stolen session must not be able to put a second factor of its own in the owner's way.
      requireFreshProof(request, config);
      reply.header("cache-control", "no-store");
      return startEnrolment(db, secretBox, requireUser(request));
    },
  );

  app.post(
    "/api/user/two-factor/confirm",
    {
      config: { access: "user" },
      schema: {
        summary: "Finish setting up an authenticator app",
        description:
          "Finishes the setup with a code from the new app: two-factor sign-in is on, and the 10 recovery codes are answered this once.",
        body: authenticatorCodeBodySchema,
        response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const codes = await withinBudgets(request, (budgets) =>
        confirmEnrolment(db, secretBox, requireUser(request), request.body.code, request.ip, budgets),
      );
      reply.header("cache-control", "no-store");
      return { recoveryCodes: codes };
    },
  );

  app.post(
    "/api/user/two-factor/recovery-codes",
    {
      config: { access: "user" },
      schema: {
        summary: "Renew the recovery codes",
        description: "New recovery codes in place of every old one, for a current authenticator code.",
        body: authenticatorCodeBodySchema,
        response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const codes = await withinBudgets(request, (budgets) =>
        regenerateRecoveryCodes(db, secretBox, requireUser(request), request.body.code, request.ip, budgets),
      );
      reply.header("cache-control", "no-store");
      return { recoveryCodes: codes };
    },
  );

  app.post(
    "/api/user/two-factor/disable",
    {
      config: { access: "user" },
      schema: {
        summary: "Turn two-factor sign-in off",
        description: "Turns two-factor sign-in off, for a current authenticator `code` or a `recoveryCode`.",
        body: secondFactorProofSchema,
        response: { 200: okAnswerSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      await withinBudgets(request, (budgets) =>
        disableTwoFactor(db, secretBox, requireUser(request), request.body, request.ip, budgets),
      );
      return { ok: true as const };
    },
  );
};

export default twoFactorRoutes;
