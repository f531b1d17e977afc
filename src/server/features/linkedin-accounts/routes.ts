import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../shared/api/errors";
import {
  exportedSecretsSchema,
  exportSecretsBodySchema,
  linkedinAccountListSchema,
  loginCodeSchema,
  revealedSecretSchema,
  revealSecretBodySchema,
} from "../../../shared/api/linkedin-accounts";
import { uidSchema } from "../../../shared/api/text";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { sendPersonalJson } from "../../platform/http/conditional-get";
import { requireFreshProof } from "../../platform/http/fresh-proof";
import { ownerIdOfUid } from "../../platform/http/own-uid";
import { requireUser } from "../../platform/http/require-user";
import { errorResponses, notModifiedResponse, stepUpResponse } from "../../platform/http/responses";
import { createVersionedPages, listVersionOf, sendWholeList } from "../../platform/kept-reads";
import type { SecretBox } from "../../platform/secrets/secret-box";
import { createAccountListFragments } from "./account-list-fragments";
import { currentLoginCode, exportSecrets, type RevealContext, revealSecret } from "./secret-reveals";

const uidParams = z.object({ uid: uidSchema });
const accountIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "must be an account id")
    .transform(Number),
});
const VIEW_OWN_ONLY = /*i18n*/ {
  id: "error.linkedin-account.view-own-only",
  message: "You can only view your own accounts",
};

// A 403 may ask for a fresh proof first (stepUp: true): secrets are shown only to a session proven
// within STEP_UP_MINUTES.
const errors = {
  400: errorBodySchema,
  403: stepUpResponse,
  404: errorBodySchema,
  429: errorBodySchema,
};

/** A shown secret must not stay in a browser or proxy cache. */
function noStore(reply: FastifyReply): void {
  reply.header("cache-control", "no-store");
}

const linkedinAccountsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  secretBox: SecretBox;
  config: Config;
}> = async (app, { db, secretBox, config }) => {
  // Kept per customer and list version (decisions 043 and 044): the ETag is the version, so an
  // unchanged list is neither read nor hashed again, and a changed one is read once and not hashed.
  const lists = createVersionedPages("acc1");
  // Below the bodies, each account's JSON, so a list read after a change reads only what changed.
  const fragments = createAccountListFragments();

  /** A customer's list (none for undefined: an admin asking for a uid no one has). */
  async function sendList(request: FastifyRequest, reply: FastifyReply, ownerId: number | undefined) {
    if (ownerId === undefined) return sendPersonalJson(request, reply, "[]");
    const version = await listVersionOf(request, db, "accounts", ownerId);
    return sendWholeList(request, reply, lists, { id: ownerId, version }, () => fragments.read(db, ownerId));
  }

  const revealContext = (request: FastifyRequest): RevealContext => ({
    db,
    secretBox,
    log: request.log,
    me: requireUser(request),
    ip: request.ip,
  });

  app.get(
    "/api/accounts/linkedin/user/:uid",
    {
      config: {
        access: "user",
        // The 200 body comes from the database as JSON text, typed field by field against the
        // contract (see accounts-queries.ts): the very string sent is the one kept. So its answers
        // are declared for the reference only.
        documented: {
          responses: { 200: linkedinAccountListSchema, 304: notModifiedResponse, ...errorResponses(403) },
        },
      },
      schema: { summary: "A customer's LinkedIn accounts", params: uidParams },
    },
    async (request, reply) => {
      const ownerId = await ownerIdOfUid(db, requireUser(request), request.params.uid, VIEW_OWN_ONLY);
      return sendList(request, reply, ownerId);
    },
  );

  app.post(
    "/api/accounts/linkedin/:id/reveal",
    {
      config: { access: "user" },
      schema: {
        summary: "Show an account's password or proxy password",
        params: accountIdParams,
        body: revealSecretBodySchema,
        response: { 200: revealedSecretSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireFreshProof(request, config);
      noStore(reply);
      return revealSecret(revealContext(request), request.params.id, request.body.secret);
    },
  );

  app.post(
    "/api/accounts/linkedin/:id/login-code",
    {
      config: { access: "user" },
      schema: {
        summary: "An account's current login code",
        params: accountIdParams,
        body: z.object({}).strict(),
        response: { 200: loginCodeSchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      requireFreshProof(request, config);
      noStore(reply);
      return currentLoginCode(revealContext(request), request.params.id, Date.now());
    },
  );

  app.post(
    "/api/accounts/linkedin/user/:uid/export-secrets",
    {
      config: { access: "user" },
      schema: {
        summary: "Export the secrets of a customer's accounts",
        params: uidParams,
        body: exportSecretsBodySchema,
        response: { 200: exportedSecretsSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireFreshProof(request, config);
      const ctx = revealContext(request);
      const ownerId = await ownerIdOfUid(db, ctx.me, request.params.uid, VIEW_OWN_ONLY);
      noStore(reply);
      return exportSecrets(ctx, ownerId, request.body.accountIds);
    },
  );
};

export default linkedinAccountsRoutes;
