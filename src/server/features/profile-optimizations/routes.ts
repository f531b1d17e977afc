import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../shared/api/errors";
import { uidSchema } from "../../../shared/api/text";
import type { Database } from "../../db/client";
import { sendPersonalJson } from "../../http/conditional-get";
import { ownerIdOfUid } from "../../http/own-uid";
import { requireUser } from "../../http/require-user";
import { optimizationListJson } from "./optimization-queries";

const uidParams = z.object({ uid: uidSchema });
const VIEW_OWN_ONLY = "You can only view your own profile optimizations";

// The 200 body (profileOptimizationListSchema) comes from the database as JSON text, typed field by
// field against the contract (see optimization-queries.ts): the very string sent is the one hashed.
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

const profileOptimizationsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  /** A customer's list (none for undefined: an admin asking for a uid no one has). */
  async function sendList(request: FastifyRequest, reply: FastifyReply, ownerId: number | undefined) {
    const body = ownerId === undefined ? "[]" : await optimizationListJson(db, ownerId);
    return sendPersonalJson(request, reply, body);
  }

  app.get(
    "/api/profile-optimizations",
    { config: { access: "user" }, schema: { response: errors } },
    async (request, reply) => sendList(request, reply, requireUser(request).id),
  );

  app.get(
    "/api/profile-optimizations/:uid",
    { config: { access: "user" }, schema: { params: uidParams, response: errors } },
    async (request, reply) => {
      const ownerId = await ownerIdOfUid(db, requireUser(request), request.params.uid, VIEW_OWN_ONLY);
      return sendList(request, reply, ownerId);
    },
  );
};

export default profileOptimizationsRoutes;
