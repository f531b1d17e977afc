import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "../../../shared/api/errors";
import { currentUserSchema } from "../../../shared/api/user";
import type { Database } from "../../db/client";
import { deleteSession } from "../../plugins/session-store";
import { toCurrentUser } from "./current-user";

const authRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/api/user",
    {
      config: { access: "public" },
      schema: { response: { 200: currentUserSchema, 401: errorBodySchema } },
    },
    async (request, reply) => {
      if (!request.currentUser) return reply.code(401).send({ error: "Not authenticated" });
      return toCurrentUser(request.currentUser);
    },
  );

  app.post(
    "/api/logout",
    { config: { access: "public" }, schema: { response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request, reply) => {
      if (request.currentSession) await deleteSession(db, request.currentSession.id);
      app.clearSessionCookie(reply);
      return { ok: true as const };
    },
  );
};

export default authRoutes;
