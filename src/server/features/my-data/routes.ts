/**
 * "Download my data": the signed-in customer's own data as one ZIP, streamed. Only the
 * session's own user: no uid in the path, so nobody (an admin included) can ask for someone else's.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { stepUpRequiredSchema } from "../../../shared/api/errors";
import {
  DATA_EXPORT_LIMIT_PER_HOUR,
  DATA_EXPORT_PATH,
  dataExportFilename,
  dataExportQuerySchema,
} from "../../../shared/api/my-data";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { forbidden } from "../../platform/http/errors";
import { requireFreshProof } from "../../platform/http/fresh-proof";
import { requireUser } from "../../platform/http/require-user";
import { errorResponses, MEDIA_TYPE_KEY } from "../../platform/http/responses";
import { replyLanguage } from "../../platform/i18n/reply-language";
import type { SecretBox } from "../../platform/secrets/secret-box";
import { EXPORTED_WITH_SECRETS, EXPORTED_WITHOUT_SECRETS, startDataExport } from "./data-export";

export const STARTED_ELSEWHERE_MESSAGE = /*i18n*/ {
  id: "error.my-data.started-elsewhere",
  message: "A download of your data must be started from the portal's Settings page",
};

const zipBody = z.string().meta({
  description:
    "The ZIP: README.txt, and one JSON file per kind of data (see README.txt for every field). Sent as it is written, without a length.",
  format: "binary",
  [MEDIA_TYPE_KEY]: "application/zip",
});

const refusal = stepUpRequiredSchema.describe(
  "Refused: `stepUp: true` asks for a fresh proof (`POST /api/auth/fresh-proof`) before the secrets can be included, then the same request again; without it, the download was started by another site (Sec-Fetch-Site).",
);

const myDataRoutes: FastifyPluginAsyncZod<{ db: Database; secretBox: SecretBox; config: Config }> = async (
  app,
  { db, secretBox, config },
) => {
  app.get(
    DATA_EXPORT_PATH,
    {
      // A HEAD would count against the limit and be audited for nothing.
      exposeHeadRoute: false,
      config: {
        access: "user",
        // The customer's data leaves the portal only at the customer's own hand (decision 036).
        whileViewing: "refused",
        // The 200 is a stream of bytes the route writes itself.
        documented: {
          responses: { 200: zipBody, 403: refusal, ...errorResponses(429) },
        },
      },
      schema: {
        summary: "Download everything the portal holds about me",
        description: `The signed-in customer's profile, sessions, sign-in methods, LinkedIn accounts, orders, transactions, plans, optimization requests and audit entries, as a ZIP of JSON files with a README. \`includeSecrets=true\` adds the accounts' passwords, 2FA secrets and recovery codes, after a fresh proof. Every download is recorded in the identity audit; at most ${DATA_EXPORT_LIMIT_PER_HOUR} an hour.`,
        querystring: dataExportQuerySchema,
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      // The app starts it with fetch (same-origin); a link on another site is not the customer's doing.
      const site = request.headers["sec-fetch-site"];
      if (site === "cross-site" || site === "same-site") throw forbidden(STARTED_ELSEWHERE_MESSAGE);
      const { includeSecrets } = request.query;
      if (includeSecrets) requireFreshProof(request, config);
      const startedAt = new Date();
      const { stream, done } = await startDataExport({
        db,
        secretBox,
        me,
        sessionId: request.currentSession?.id ?? null,
        includeSecrets,
        startedAt,
        ip: request.ip,
        language: replyLanguage(request),
      });
      const log = request.log;
      void done.then((outcome) => {
        const what = includeSecrets ? EXPORTED_WITH_SECRETS : EXPORTED_WITHOUT_SECRETS;
        if (outcome === "complete") log.info({ userId: me.id, what }, "data export sent");
        else log.info({ userId: me.id, what }, "data export stopped before its end");
      });
      return reply
        .type("application/zip")
        .header("content-disposition", `attachment; filename="${dataExportFilename(startedAt)}"`)
        .header("cache-control", "no-store")
        .send(stream);
    },
  );
};

export default myDataRoutes;
