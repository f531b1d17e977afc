/**
 * A customer's billing history (decision 080's R12): the transactions a page at a time, their CSV
 * export, and the plans.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type SubscriptionList, subscriptionListSchema } from "../../../shared/api/subscriptions";
import {
  TRANSACTION_PAGE_MAX,
  TRANSACTION_PAGE_SIZE,
  type TransactionList,
  transactionCursorOf,
  transactionExportQuerySchema,
  transactionListQuerySchema,
  transactionListSchema,
} from "../../../shared/api/transactions";
import type { PaymentsPort } from "../../platform/adapters/payments/port";
import type { Database } from "../../platform/db/database";
import { sendPersonalJson } from "../../platform/http/conditional-get";
import { notFound } from "../../platform/http/errors";
import { ownerIdOfUid } from "../../platform/http/own-uid";
import { requireUser } from "../../platform/http/require-user";
import { errorBody, errorResponses, notModifiedResponse, textBody } from "../../platform/http/responses";
import { replyLanguage } from "../../platform/i18n/reply-language";
import {
  answeredNotModified,
  createVersionedPages,
  listVersionOf,
  sendCachedPage,
} from "../../platform/kept-reads";
import { plansOf, subscriptionDto } from "./subscriptions-queries";
import { transactionsCsv } from "./transactions-csv";
import {
  billingAccountOf,
  matchingTransactions,
  transactionCounts,
  transactionDto,
  transactionPage,
} from "./transactions-queries";

export interface TransactionsRoutesOptions {
  db: Database;
  payments: PaymentsPort | undefined;
}

export const transactionsRoutes: FastifyPluginAsyncZod<TransactionsRoutesOptions> = async (
  app,
  { db, payments },
) => {
  // The list's format: the payment provider decides "Pay now" and Manage billing, and the code the shape.
  const pages = createVersionedPages(`tx1-${payments?.kind ?? "none"}`);

  app.get(
    "/api/transactions",
    {
      config: { access: "user" },
      schema: {
        summary: "The signed-in user's transactions, a page at a time",
        description: `The customer's transactions, newest first, a page of at most \`limit\` (${TRANSACTION_PAGE_SIZE} unless asked, ${TRANSACTION_PAGE_MAX} at most) of the \`matching\` ones (those of one \`eventType\` and product search \`q\`; \`total\` without them). \`nextCursor\`, passed as \`cursor\`, answers the page after it. \`uid\` must be the caller's own; an admin may read anyone's. The ETag names the customer's list version and the query: an unchanged page costs a 304.`,
        querystring: transactionListQuerySchema,
        response: {
          200: transactionListSchema,
          304: notModifiedResponse,
          400: errorBody(
            "The cursor is not one this list gave, the limit is out of bounds, or a filter is too long.",
          ),
          ...errorResponses(403, 404),
        },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const { uid, cursor, limit, eventType, q } = request.query;
      const ownerId =
        uid === undefined
          ? me.id
          : await ownerIdOfUid(
              db,
              me,
              uid,
              /*i18n*/ {
                id: "error.billing.view-own-only",
                message: "You can only view your own transactions",
              },
            );
      if (ownerId === undefined)
        throw notFound(/*i18n*/ { id: "error.user-not-found", message: "User not found" });
      const filters = { eventType: eventType || undefined, q: q?.trim() || undefined };
      const filterKey = JSON.stringify([filters.eventType ?? "", filters.q ?? ""]);
      const key = JSON.stringify([filterKey, cursor ? transactionCursorOf(cursor) : "", limit]);
      // The version first: what is read after it is at least as new, so a page is never older than its tag.
      const version = await listVersionOf(request, db, "transactions", ownerId);
      if (answeredNotModified(request, reply, pages.etagOf(version, key))) return reply;
      const cached = pages.get(ownerId, version, key);
      if (cached) return sendCachedPage(request, reply, cached);
      const [page, counts, billingAccount] = await Promise.all([
        transactionPage(db, ownerId, { ...filters, cursor, limit }),
        pages.shared(ownerId, version, `counts:${filterKey}`, () => transactionCounts(db, ownerId, filters)),
        pages.shared(ownerId, version, "billingAccount", () => billingAccountOf(db, payments, ownerId)),
      ]);
      const list: TransactionList = {
        transactions: page.rows.map((row) => transactionDto(row, payments)),
        total: counts.total,
        limit,
        matching: counts.matching,
        nextCursor: page.nextCursor,
        eventTypes: counts.eventTypes,
        canManageBilling: billingAccount === "ready",
        billingAccount,
      };
      // Built from typed rows; sent as text, kept for the next read of this page at this version.
      return sendCachedPage(request, reply, pages.put(ownerId, version, key, JSON.stringify(list)));
    },
  );

  app.get(
    "/api/transactions/export.csv",
    {
      // A download: the customer's data leaves the portal only at the customer's own hand (decision 036).
      config: { access: "user", whileViewing: "refused" },
      schema: {
        summary: "Export transactions as CSV",
        description:
          "The caller's own transactions as CSV, all of them or those of one event type and product search.",
        querystring: transactionExportQuerySchema,
        response: {
          200: textBody("text/csv", "The transactions as CSV, one row each, with a header row."),
        },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const rows = await matchingTransactions(db, me.id, request.query);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="transactions.csv"')
        .header("cache-control", "no-store")
        .send(transactionsCsv(rows, replyLanguage(request)));
    },
  );

  app.get(
    "/api/subscriptions",
    {
      config: { access: "user" },
      schema: {
        summary: "The signed-in user's plans",
        description:
          "The caller's plans (subscriptions) that have not ended, newest first, as the payment provider's events left them, and whether Manage billing can open their billing page (`ready`), not before a first payment (`none`), or not at all (`unavailable`: payments are not configured).",
        response: { 200: subscriptionListSchema, 304: notModifiedResponse },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const [rows, billingAccount] = await Promise.all([
        plansOf(db, me.id),
        billingAccountOf(db, payments, me.id),
      ]);
      const list: SubscriptionList = { subscriptions: rows.map(subscriptionDto), billingAccount };
      return sendPersonalJson(request, reply, JSON.stringify(list));
    },
  );
};
