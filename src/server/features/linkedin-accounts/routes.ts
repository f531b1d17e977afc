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
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { acceptsGzip, GZIP_FROM_CHARS, matchesIfNoneMatch } from "../../http/conditional-get";
import { requireFreshProof } from "../../http/fresh-proof";
import { listVersionOf } from "../../http/list-versions";
import { ownerIdOfUid } from "../../http/own-uid";
import { requireUser } from "../../http/require-user";
import { errorResponses, notModifiedResponse, stepUpResponse } from "../../http/responses";
import type { SecretBox } from "../../secrets/secret-box";
import { createAccountListCache } from "./account-list-cache";
import { accountListJson } from "./accounts-queries";
import { currentLoginCode, exportSecrets, type RevealContext, revealSecret } from "./secret-reveals";

const uidParams = z.object({ uid: uidSchema });
const accountIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "must be an account id")
    .transform(Number),
});
const EMPTY_LIST = createAccountListCache().put(0, 0, "[]");

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
  const lists = createAccountListCache();
  /** The list as the database holds it now: built once per version, then checked with one small read. */
  async function currentList(request: FastifyRequest, ownerId: number) {
    const known = await listVersionOf(request, db, "accounts", ownerId);
    const cached = lists.get(ownerId, known);
    if (cached) return cached;
    const { version, body } = await accountListJson(db, ownerId);
    return lists.put(ownerId, version, body);
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
        // contract (see accounts-queries.ts): the very string sent is the one hashed. So its answers
        // are declared for the reference only.
        documented: {
          responses: { 200: linkedinAccountListSchema, 304: notModifiedResponse, ...errorResponses(403) },
        },
      },
      schema: { summary: "A customer's LinkedIn accounts", params: uidParams },
    },
    async (request, reply) => {
      const ownerId = await ownerIdOfUid(db, requireUser(request), request.params.uid, VIEW_OWN_ONLY);
      const list = ownerId === undefined ? EMPTY_LIST : await currentList(request, ownerId);
      const gzip = acceptsGzip(request.headers["accept-encoding"]) && list.body.length >= GZIP_FROM_CHARS;
      const { etag, body } = gzip ? await list.gzipped() : list;
      reply
        .header("etag", etag)
        // Personal data: no cache keeps it. The client holds the last body in memory and revalidates.
        .header("cache-control", "no-store")
        .header("vary", "Accept-Encoding");
      if (matchesIfNoneMatch(request.headers["if-none-match"], etag)) return reply.code(304).send();
      if (gzip) reply.header("content-encoding", "gzip");
      return reply.type("application/json; charset=utf-8").send(body);
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
