/**
 * The operator's customers (decision 037): the list with its search and filters, one customer's page,
 * and "End all sessions". "Sync now" on the page is the sync feature's own route for one customer.
 */
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  customerDetailSchema,
  customerListQuerySchema,
  customerListSchema,
  customerUidParamsSchema,
  endSessionsAnswerSchema,
} from "../../../shared/api/admin-customers";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { sessions } from "../../platform/db/schema";
import { notFound } from "../../platform/http/errors";
import { requireUser } from "../../platform/http/require-user";
import { errorBody, errorResponses } from "../../platform/http/responses";
import { replyLanguage } from "../../platform/i18n/reply-language";
import { recordAuditEvent } from "../audit";
import { customerDetail } from "./customer-detail";
import { customerByUid, listCustomers } from "./customers-queries";

const unknownCustomer = errorBody("No customer has this UID.");

const customersRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    "/api/admin/customers",
    {
      config: { access: "admin" },
      schema: {
        summary: "Customers, searched and filtered",
        description:
          "Every user of the portal in order of name (without regard to case), then id, a page at a time: `nextCursor` asks for the next. `q` finds customers whose name, email or uid has words beginning with each of its words, in any case. Each filter is `yes` or `no`; absent means either. Each row says how the customer signs in, their LinkedIn accounts by status, their latest sign-in, what they paid (succeeded payments less refunds, per currency) and whether a payment failed. No secret is in it.",
        querystring: customerListQuerySchema,
        response: {
          200: customerListSchema.describe("One page of the matching customers, and how many match."),
          400: errorBody(
            "A filter is not `yes` or `no`, the limit is out of range, or the cursor is not one this list gave.",
          ),
        },
      },
    },
    async (request) => listCustomers(db, request.query),
  );

  app.get(
    "/api/admin/customers/:uid",
    {
      config: { access: "admin" },
      schema: {
        summary: "One customer's page",
        description:
          "The customer's profile, sign-in methods, live sessions (device, address, last seen), LinkedIn accounts with their statuses (never a password, proxy password or 2FA secret), orders, plans, transactions, optimization requests, the sync runs of their records, and their 20 latest audit entries as subject or actor. Each list holds the newest 50 and says how many there are.",
        params: customerUidParamsSchema,
        response: {
          200: customerDetailSchema.describe("The customer's page."),
          ...errorResponses(400),
          404: unknownCustomer,
        },
      },
    },
    async (request) => {
      const detail = await customerDetail(db, config, request.params.uid, replyLanguage(request));
      if (!detail)
        throw notFound(/*i18n*/ { id: "error.customer.no-uid", message: "No customer has this UID" });
      return detail;
    },
  );

  app.post(
    "/api/admin/customers/:uid/sessions/end",
    {
      config: { access: "admin" },
      schema: {
        summary: "End all of a customer's sessions",
        description:
          "Signs the customer out everywhere: every session of theirs ends at once, and the audit log records it (`sessions-ended`, with how many).",
        params: customerUidParamsSchema,
        response: {
          200: endSessionsAnswerSchema.describe("The sessions are ended; `ended` says how many there were."),
          ...errorResponses(400),
          404: unknownCustomer,
        },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      const customer = await customerByUid(db, request.params.uid);
      if (!customer)
        throw notFound(/*i18n*/ { id: "error.customer.no-uid", message: "No customer has this UID" });
      const ended = await db.transaction(async (tx) => {
        const rows = await tx
          .delete(sessions)
          .where(eq(sessions.userId, customer.id))
          .returning({ id: sessions.id });
        await recordAuditEvent(tx, {
          kind: "sessions-ended",
          actorUserId: admin.id,
          subjectUserId: customer.id,
          detail: String(rows.length),
          ipAddress: request.ip,
        });
        return rows.length;
      });
      return {
        ended,
        message:
          ended === 0
            ? `${customer.name} had no sessions to end.`
            : `${ended} session${ended === 1 ? "" : "s"} of ${customer.name} ended.`,
      };
    },
  );
};

export default customersRoutes;
