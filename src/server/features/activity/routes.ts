/** The dashboard's Recent Activity: what the signed-in customer did with their accounts and their money. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ACTIVITY_ITEMS, type Activity, activitySchema } from "../../../shared/api/activity";
import type { Database } from "../../platform/db/database";
import { sendPersonalJson } from "../../platform/http/conditional-get";
import { requireUser } from "../../platform/http/require-user";
import { notModifiedResponse } from "../../platform/http/responses";
import { recentActivity } from "./recent-activity";

const activityRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/api/activity",
    {
      config: { access: "user" },
      schema: {
        summary: "The signed-in user's recent activity",
        description: `The customer's own recent activity, newest first, at most ${ACTIVITY_ITEMS} items of every kind together: Sync Now runs (\`sync\`), reveals and exports of their accounts' secrets (\`reveal\`), their ledger's payments, renewals, failed payments and refunds from any source (\`payment\`; a refund's amount is negative) and the orders they started (\`order\`, with where each stands now). Personal: sent with an ETag and \`no-store\`.`,
        response: { 200: activitySchema, 304: notModifiedResponse },
      },
    },
    async (request, reply) => {
      const activity: Activity = { items: await recentActivity(db, requireUser(request)) };
      // Sent as text with an ETag: the dashboard reads it on every visit, and mostly nothing changed.
      return sendPersonalJson(request, reply, JSON.stringify(activity));
    },
  );
};

export default activityRoutes;
