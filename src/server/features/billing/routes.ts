/**
 * Billing history (decision R12): a customer's transactions, their CSV export, and the payment
 * provider's billing page to manage subscriptions and cards.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../shared/api/errors";
import {
  billingPortalAnswerSchema,
  TRANSACTION_LIST_LIMIT,
  type TransactionList,
  transactionExportQuerySchema,
  transactionListQuerySchema,
  transactionListSchema,
  transactionSchema,
} from "../../../shared/api/transactions";
import { PaymentProviderError, type PaymentsPort } from "../../adapters/payments/port";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { sendPersonalJson } from "../../http/conditional-get";
import { HttpError, notFound } from "../../http/errors";
import { ownerIdOfUid } from "../../http/own-uid";
import { hit } from "../../http/rate-limiter";
import { requireUser } from "../../http/require-user";
import { errorResponses, notModifiedResponse, textBody } from "../../http/responses";
import { transactionsCsv } from "./transactions-csv";
import {
  matchingTransactions,
  newestTransactions,
  stripeCustomerOf,
  transactionDto,
  unlinkedTransactions,
} from "./transactions-queries";

export interface BillingRoutesOptions {
  db: Database;
  config: Config;
  payments: PaymentsPort | undefined;
}

const HOUR = 60 * 60 * 1000;

const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (app, { db, config, payments }) => {
  app.get(
    "/api/transactions",
    {
      config: { access: "user" },
      schema: {
        summary: "The signed-in user's transactions",
        description: `The customer's transactions, newest first: at most ${TRANSACTION_LIST_LIMIT} of \`total\` (the CSV export has them all). \`uid\` must be the caller's own; an admin may read anyone's.`,
        querystring: transactionListQuerySchema,
        response: { 200: transactionListSchema, 304: notModifiedResponse, ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const { uid } = request.query;
      const ownerId =
        uid === undefined
          ? me.id
          : await ownerIdOfUid(db, me, uid, "You can only view your own transactions");
      if (ownerId === undefined) throw notFound("User not found");
      const [{ rows, total }, stripeCustomer] = await Promise.all([
        newestTransactions(db, ownerId, TRANSACTION_LIST_LIMIT),
        stripeCustomerOf(db, ownerId),
      ]);
      const list: TransactionList = {
        transactions: rows.map(transactionDto),
        total,
        limit: TRANSACTION_LIST_LIMIT,
        canManageBilling: payments !== undefined && stripeCustomer !== null,
      };
      // Built from typed rows; sent as text so an unchanged history costs a 304 and the rest travels gzipped.
      return sendPersonalJson(request, reply, JSON.stringify(list));
    },
  );

  app.get(
    "/api/transactions/export.csv",
    {
      config: { access: "user" },
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
        .send(transactionsCsv(rows));
    },
  );

  app.post(
    "/api/billing/portal",
    {
      config: { access: "user" },
      schema: {
        summary: "Open the billing page",
        description:
          "Opens the payment provider's billing page for the caller's subscriptions and cards: its URL to go to.",
        body: z.strictObject({}).optional(),
        response: {
          200: billingPortalAnswerSchema,
          404: errorBodySchema,
          429: errorBodySchema,
          502: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request) => {
      const me = requireUser(request);
      if (!payments) throw new HttpError(503, "Payments are not configured");
      const customerId = await stripeCustomerOf(db, me.id);
      if (!customerId) {
        throw notFound("There is no billing account yet: it is created with your first payment.");
      }
      await hit(db, [{ key: `billing-portal-user:${me.id}`, limit: 30, windowMs: HOUR }]);
      try {
        return await payments.createBillingPortalSession({
          customerId,
          returnUrl: `${config.appUrl}/billing/transactions`,
        });
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        throw new HttpError(502, `The billing page could not be opened: ${error.message}. Please try again.`);
      }
    },
  );

  app.get(
    "/api/admin/transactions/unlinked",
    {
      config: { access: "admin" },
      schema: {
        summary: "Payments that named no customer",
        description: "Payment events that named no known customer, newest first, for an admin to follow up.",
        response: { 200: z.array(transactionSchema) },
      },
    },
    async () => (await unlinkedTransactions(db, TRANSACTION_LIST_LIMIT)).map(transactionDto),
  );
};

export default billingRoutes;
