/**
 * Passkeys over HTTP: the signed-in user's own (add, list, rename, remove), signing in with one, and
 * a fresh proof with one before a secret is shown. Rules in passkeys.ts.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../shared/api/errors";
import {
  addPasskeySchema,
  ceremonyOptionsSchema,
  type Passkey,
  passkeyAssertionSchema,
  passkeyIdParamsSchema,
  passkeyListSchema,
  passkeySchema,
  renamePasskeySchema,
} from "../../../shared/api/passkeys";
import { currentUserSchema } from "../../../shared/api/user";
import { languageOf } from "../../../shared/i18n/languages";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { forbidden, HttpError } from "../../platform/http/errors";
import { requireFreshProof } from "../../platform/http/fresh-proof";
import { hit } from "../../platform/http/rate-limiter";
import { requireUser } from "../../platform/http/require-user";
import { okAnswerSchema, stepUpResponse } from "../../platform/http/responses";
import { deleteSession, markSessionProven } from "../../platform/http/session-store";
import type { MailQueue } from "../../platform/outbox/mail";
import type { SecretBox } from "../../platform/secrets/secret-box";
import { recordIdentityEvent } from "../audit";
import { toCurrentUser } from "./current-user";
import { signInMethodNotice } from "./emails";
import { knownDeviceCookie } from "./known-device";
import { rememberSignInBrowser } from "./new-sign-in-alert";
import {
  finishAuthentication,
  finishRegistration,
  recordFailedPasskeySignIn,
  removePasskey,
  renamePasskey,
  startAuthentication,
  startRegistration,
  userPasskeys,
  webauthnCookie,
} from "./passkeys";
import { hasSecondFactor } from "./second-factor";
import { grantEarnedRole } from "./service";

export interface PasskeyRoutesOptions {
  db: Database;
  config: Config;
  secretBox: SecretBox;
  mail: MailQueue;
}

const MINUTE = 60_000;
const emptyBody = z.strictObject({}).optional();
const error = errorBodySchema;

const toPasskey = (row: Awaited<ReturnType<typeof userPasskeys>>[number]): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  deviceType: row.deviceType,
  backedUp: row.backedUp,
});

const passkeyRoutes: FastifyPluginAsyncZod<PasskeyRoutesOptions> = async (
  app,
  { db, config, secretBox, mail },
) => {
  const ceremony = webauthnCookie(config);
  const devices = knownDeviceCookie(config, secretBox);

  app.get(
    "/api/passkeys",
    {
      config: { access: "user" },
      schema: {
        summary: "The signed-in user's passkeys",
        description: "The caller's passkeys, oldest first, with when each was added and last used.",
        response: { 200: passkeyListSchema, 401: error },
      },
    },
    async (request) => (await userPasskeys(db, requireUser(request).id)).map(toPasskey),
  );

  app.post(
    "/api/passkeys/registration/options",
    {
      config: { access: "user" },
      schema: {
        summary: "Start adding a passkey",
        description:
          "Starts adding a passkey: the options for WebAuthn's create() (a discoverable credential, none the caller already has). The challenge is kept for 5 minutes for this browser.",
        body: emptyBody,
        response: {
          200: ceremonyOptionsSchema,
          400: error,
          401: error,
          403: stepUpResponse,
          409: error,
          429: error,
        },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      // A new way in: a stolen session must not be able to add its own passkey (decision 023), nor a
      // password alone one that would skip the account's second factor (decision 070).
      requireFreshProof(request, config, { secondFactor: await hasSecondFactor(db, me.id) });
      await hit(db, [{ key: `passkey-register-user:${me.id}`, limit: 30, windowMs: 15 * MINUTE }]);
      const { options, flowId } = await startRegistration(db, config, me);
      ceremony.set(reply, flowId);
      return { ...options };
    },
  );

  app.post(
    "/api/passkeys/registration",
    {
      config: { access: "user" },
      schema: {
        summary: "Finish adding a passkey",
        description:
          "Finishes adding a passkey: the credential WebAuthn created for the challenge this browser was given, and a name for it.",
        body: addPasskeySchema,
        response: { 201: passkeySchema, 400: error, 401: error, 403: error, 409: error },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const flowId = ceremony.read(request);
      ceremony.clear(reply);
      const saved = await finishRegistration(db, config, me, request.body, flowId, request.ip);
      await mail.enqueue(db, signInMethodNotice(languageOf(me), me.email, "passkey-added", config.appUrl));
      return reply.code(201).send(toPasskey(saved));
    },
  );

  app.patch(
    "/api/passkeys/:id",
    {
      config: { access: "user" },
      schema: {
        summary: "Rename a passkey",
        description: "Renames one of the caller's passkeys.",
        params: passkeyIdParamsSchema,
        body: renamePasskeySchema,
        response: { 200: passkeySchema, 400: error, 401: error, 403: error, 404: error },
      },
    },
    async (request) =>
      toPasskey(await renamePasskey(db, requireUser(request), request.params.id, request.body.name)),
  );

  app.delete(
    "/api/passkeys/:id",
    {
      config: { access: "user" },
      schema: {
        summary: "Remove a passkey",
        description:
          "Removes one of the caller's passkeys, unless it is their only way to sign in (no password, no Google, no other passkey).",
        params: passkeyIdParamsSchema,
        body: emptyBody,
        response: {
          200: okAnswerSchema,
          400: error,
          401: error,
          403: stepUpResponse,
          404: error,
          409: error,
        },
      },
    },
    async (request) => {
      requireFreshProof(request, config);
      await removePasskey(db, requireUser(request), request.params.id, request.ip);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/auth/passkey/options",
    {
      config: { access: "public" },
      schema: {
        summary: "Start signing in with a passkey",
        description:
          "Starts signing in with a passkey: options for WebAuthn's get() that name no credential, so the browser offers every passkey it holds for the portal.",
        body: emptyBody,
        response: { 200: ceremonyOptionsSchema, 400: error, 403: error, 429: error },
      },
    },
    async (request, reply) => {
      await hit(db, [{ key: `passkey-options-ip:${request.ip}`, limit: 60, windowMs: 15 * MINUTE }]);
      const { options, flowId } = await startAuthentication(db, config, null);
      ceremony.set(reply, flowId);
      return { ...options };
    },
  );

  app.post(
    "/api/auth/passkey",
    {
      config: { access: "public" },
      schema: {
        summary: "Sign in with a passkey",
        description:
          "Signs in with a passkey: the assertion for the challenge this browser was given. A passkey counts as both factors.",
        body: passkeyAssertionSchema,
        response: { 200: currentUserSchema, 400: error, 403: error, 429: error },
      },
    },
    async (request, reply) => {
      await hit(db, [{ key: `passkey-sign-in-ip:${request.ip}`, limit: 30, windowMs: 15 * MINUTE }]);
      const flowId = ceremony.read(request);
      ceremony.clear(reply);
      const owner = await finishAuthentication(db, config, request.body.response, flowId, null).catch(
        async (err: unknown) => {
          if (err instanceof HttpError && err.statusCode === 400) {
            await recordFailedPasskeySignIn(db, request.body.response.id, request.ip);
          }
          throw err;
        },
      );
      const user = await grantEarnedRole(db, config, owner);
      // A new token on every sign-in: a session fixed before sign-in is never promoted.
      if (request.currentSession) await deleteSession(db, request.currentSession.id);
      const session = await app.startSession(reply, user, "passkey");
      await rememberSignInBrowser({ db, config, mail, devices }, request, reply, user, session);
      return toCurrentUser(user);
    },
  );

  app.post(
    "/api/auth/step-up/passkey/options",
    {
      config: { access: "user" },
      schema: {
        summary: "Start a fresh proof with a passkey",
        description: "Starts a fresh proof with one of the caller's passkeys: options for WebAuthn's get().",
        body: emptyBody,
        response: { 200: ceremonyOptionsSchema, 400: error, 401: error, 403: error, 409: error, 429: error },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      await hit(db, [{ key: `passkey-step-up-user:${me.id}`, limit: 30, windowMs: 15 * MINUTE }]);
      const { options, flowId } = await startAuthentication(db, config, me);
      ceremony.set(reply, flowId);
      return { ...options };
    },
  );

  app.post(
    "/api/auth/step-up/passkey",
    {
      config: { access: "user" },
      schema: {
        summary: "Finish a fresh proof with a passkey",
        description:
          "Finishes a fresh proof: an assertion by one of the caller's passkeys marks this session proven for STEP_UP_MINUTES.",
        body: passkeyAssertionSchema,
        response: { 200: okAnswerSchema, 400: error, 401: error, 403: error },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const session = request.currentSession;
      if (!session) throw forbidden();
      const flowId = ceremony.read(request);
      ceremony.clear(reply);
      await finishAuthentication(db, config, request.body.response, flowId, me);
      await markSessionProven(db, session.id, "passkey");
      await recordIdentityEvent(db, {
        userId: me.id,
        kind: "step-up",
        detail: "passkey",
        ipAddress: request.ip,
      });
      return { ok: true as const };
    },
  );
};

export default passkeyRoutes;
