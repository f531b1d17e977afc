/**
 * The language the portal speaks to a customer, chosen in Settings (decision 050): kept on the user,
 * so their mails speak it too, and null to follow the browser's again.
 */
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { languageChoiceSchema } from "../../../shared/api/user";
import type { Database } from "../../platform/db/database";
import { users } from "../../platform/db/schema";
import { requireUser } from "../../platform/http/require-user";
import { errorResponses } from "../../platform/http/responses";

const languageRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.put(
    "/api/user/language",
    {
      config: { access: "user" },
      schema: {
        summary: "Choose the language the portal speaks",
        description:
          "`en` or `de` for the pages and the mails, or `null` to follow the browser's `Accept-Language` again. Refused while an administrator views the portal as the customer.",
        body: languageChoiceSchema,
        response: { 200: languageChoiceSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const [saved] = await db
        .update(users)
        .set({ language: request.body.language, updatedAt: new Date() })
        .where(eq(users.id, me.id))
        .returning({ language: users.language });
      return { language: saved?.language ?? null };
    },
  );
};

export default languageRoutes;
