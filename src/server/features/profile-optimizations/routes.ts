import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { profileOptimizationListSchema } from "../../../shared/api/profile-optimizations";
import { uidSchema } from "../../../shared/api/text";
import type { Database } from "../../platform/db/database";
import { sendPersonalJson } from "../../platform/http/conditional-get";
import { ownerIdOfUid } from "../../platform/http/own-uid";
import { requireUser } from "../../platform/http/require-user";
import { errorResponses, notModifiedResponse } from "../../platform/http/responses";
import { createVersionedPages, listVersionOf, sendWholeList } from "../../platform/kept-reads";
import { optimizationListJson } from "./optimization-queries";

const uidParams = z.object({ uid: uidSchema });
const VIEW_OWN_ONLY = /*i18n*/ {
  id: "error.profile-optimization.view-own-only",
  message: "You can only view your own profile optimizations",
};

// The 200 body (profileOptimizationListSchema) comes from the database as JSON text, typed field by
// field against the contract (see optimization-queries.ts). It is kept per customer and list version
// (decision 043): the ETag is the version, and an unchanged list is neither read nor hashed again.
const listAnswers = { 200: profileOptimizationListSchema, 304: notModifiedResponse };

const profileOptimizationsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const lists = createVersionedPages("opt1");

  /** A customer's list (none for undefined: an admin asking for a uid no one has). */
  async function sendList(request: FastifyRequest, reply: FastifyReply, ownerId: number | undefined) {
    if (ownerId === undefined) return sendPersonalJson(request, reply, "[]");
    // The version first: what is read after it is at least as new, so a body is never older than its tag.
    const version = await listVersionOf(request, db, "optimizations", ownerId);
    return sendWholeList(request, reply, lists, { id: ownerId, version }, async () => ({
      version,
      body: await optimizationListJson(db, ownerId),
    }));
  }

  app.get(
    "/api/profile-optimizations",
    {
      config: { access: "user" },
      schema: { summary: "The signed-in user's profile optimizations", response: listAnswers },
    },
    async (request, reply) => sendList(request, reply, requireUser(request).id),
  );

  app.get(
    "/api/profile-optimizations/:uid",
    {
      config: { access: "user" },
      schema: {
        summary: "A customer's profile optimizations",
        params: uidParams,
        response: { ...listAnswers, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      const ownerId = await ownerIdOfUid(db, requireUser(request), request.params.uid, VIEW_OWN_ONLY);
      return sendList(request, reply, ownerId);
    },
  );
};

export default profileOptimizationsRoutes;
