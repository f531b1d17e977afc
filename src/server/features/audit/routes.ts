/**
 * The admin's one audit log (decision 035): a page of entries by filters and cursor, and every
 * matching entry as CSV. Both only read; no route changes or deletes an entry.
 */
import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditExportQuerySchema, auditListQuerySchema, auditPageSchema } from "../../../shared/api/audit";
import type { Database } from "../../platform/db/database";
import { errorBody, textBody } from "../../platform/http/responses";
import { replyLanguage } from "../../platform/i18n/reply-language";
import { auditCsvHeader, auditCsvRows } from "./audit-csv";
import { allAuditEntries, auditFilter, auditPage } from "./audit-queries";

const badFilter = errorBody(
  "A filter is malformed (`field: message`): an unknown kind, a time that is not ISO 8601, `to` before `from`, a cursor this log did not give, or a limit outside 1 to 200.",
);
const FILTERS =
  "Filters: `customer` (a UID or an email: entries about them or done by them), `actor` (entries done by them), `kind`, `from` (inclusive) and `to` (exclusive; a date alone takes in that day). A filter naming no user matches nothing.";

const auditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/api/admin/audit",
    {
      config: { access: "admin" },
      schema: {
        summary: "The audit log",
        description: `Sign-ins and their failures, second factors, password and email changes, secrets shown and exported, identity links and admin actions: who did it, to whom, when and from where; newest first, a page at a time (\`nextCursor\`). ${FILTERS}`,
        querystring: auditListQuerySchema,
        response: { 200: auditPageSchema.describe("A page of entries, newest first."), 400: badFilter },
      },
    },
    async (request, reply) => {
      const { cursor, limit, ...filters } = request.query;
      const where = await auditFilter(db, filters);
      reply.header("cache-control", "no-store");
      if (where === null) return { events: [], nextCursor: null };
      const page = await auditPage(db, where, cursor === undefined ? undefined : Number(cursor), limit);
      return {
        events: page.entries,
        nextCursor: page.more && page.lastId !== undefined ? String(page.lastId) : null,
      };
    },
  );

  app.get(
    "/api/admin/audit.csv",
    {
      // A HEAD would read the whole log for nothing.
      exposeHeadRoute: false,
      config: {
        access: "admin",
        // The 200 is a stream the route writes itself.
        documented: {
          responses: {
            200: textBody("text/csv", "Every matching entry as CSV, newest first, with a header row."),
            400: badFilter,
          },
        },
      },
      schema: {
        summary: "Export the audit log as CSV",
        description: `Every entry the same filters match, newest first, as CSV: when, kind, what, the actor's and the subject's UID, name and email, detail, target and address. Cells that a spreadsheet would run as a formula are written as text. ${FILTERS}`,
        querystring: auditExportQuerySchema,
      },
    },
    async (request, reply) => {
      const where = await auditFilter(db, request.query);
      const language = replyLanguage(request);
      async function* csv() {
        yield auditCsvHeader(language);
        if (where === null) return;
        for await (const entries of allAuditEntries(db, where)) yield auditCsvRows(entries, language);
      }
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="audit-log.csv"')
        .header("cache-control", "no-store")
        .send(Readable.from(csv()));
    },
  );
};

export default auditRoutes;
