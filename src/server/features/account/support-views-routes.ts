/** Settings → Sessions: when support viewed the signed-in customer's account (decision 036). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { supportViewsSchema } from "../../../shared/api/view-as";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { requireUser } from "../../platform/http/require-user";
import { SUPPORT_VIEWS_LIMIT, supportViewsOf } from "./support-views";

const supportViewsRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    "/api/me/support-views",
    {
      config: { access: "user" },
      schema: {
        summary: "When support viewed my account",
        description: `The times an administrator viewed the portal as the signed-in customer, read only, newest first, at most ${SUPPORT_VIEWS_LIMIT}: when each started, when it ended (null while it lasts, or when its session ended without a stop) and whether it lasts still. Never who looked, from where or why.`,
        response: { 200: supportViewsSchema },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      reply.header("cache-control", "no-store");
      return { views: await supportViewsOf(db, config.session, me.id) };
    },
  );
};

export default supportViewsRoutes;
