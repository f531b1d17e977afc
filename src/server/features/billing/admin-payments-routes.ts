/**
 * The console's stray payments: the payments that named no known customer, linked to their
 * customer by an admin, and unlinked again.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  linkPaymentAnswerSchema,
  linkPaymentBodySchema,
  TRANSACTION_LIST_LIMIT,
  transactionIdParamsSchema,
  transactionSchema,
  unlinkPaymentAnswerSchema,
} from "../../../shared/api/transactions";
import type { PaymentsPort } from "../../platform/adapters/payments/port";
import type { Database } from "../../platform/db/database";
import { notFound } from "../../platform/http/errors";
import { requireUser } from "../../platform/http/require-user";
import { adminForbiddenSchema, errorBody } from "../../platform/http/responses";
import { sayTo } from "../../platform/i18n/reply-language";
import { linkPayment } from "./link-payment";
import { listedTransaction, transactionDto, unlinkedTransactions } from "./transactions-queries";
import { unlinkPayment } from "./unlink-payment";

export interface AdminPaymentsRoutesOptions {
  db: Database;
  payments: PaymentsPort | undefined;
}

export const adminPaymentsRoutes: FastifyPluginAsyncZod<AdminPaymentsRoutesOptions> = async (
  app,
  { db, payments },
) => {
  app.get(
    "/api/admin/transactions/unlinked",
    {
      config: { access: "admin" },
      schema: {
        summary: "Payments that named no customer",
        description: `Payment events that named no known customer, newest first, at most ${TRANSACTION_LIST_LIMIT}, for an admin to link to their customer.`,
        response: {
          200: z
            .array(transactionSchema)
            .describe("The payments; an empty list when every one has a customer."),
          401: errorBody("Not signed in."),
          403: adminForbiddenSchema,
        },
      },
    },
    async () =>
      (await unlinkedTransactions(db, TRANSACTION_LIST_LIMIT)).map((row) => transactionDto(row, payments)),
  );

  app.post(
    "/api/admin/transactions/:id/link",
    {
      config: { access: "admin" },
      schema: {
        summary: "Link a payment to a customer",
        description:
          "Moves a payment that named no known customer into the ledger of the customer whose exact email (any case) or UID `customer` names, and records it in the audit log. Its Stripe customer is then that customer's: their later payments from it, and the plans it pays for that had no customer yet, are theirs too. Linking again to the same customer answers 200 with `changed: false` and changes nothing.",
        params: transactionIdParamsSchema,
        body: linkPaymentBodySchema,
        response: {
          200: linkPaymentAnswerSchema.describe("The payment is in the customer's ledger."),
          400: errorBody("The id is not a positive whole number, or `customer` is missing or too long."),
          401: errorBody("Not signed in."),
          403: adminForbiddenSchema,
          404: errorBody("No payment has this id, or no customer has this email or UID."),
          409: errorBody(
            "The payment is already in another customer's ledger, or its Stripe customer already pays as another customer.",
          ),
        },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      const outcome = await linkPayment(db, {
        transactionId: request.params.id,
        customer: request.body.customer,
        admin,
        ipAddress: request.ip,
      });
      const row = await listedTransaction(db, outcome.row.id);
      if (!row) throw notFound(/*i18n*/ { id: "error.payment.no-id", message: "No payment has this id" });
      const { uid, name, email } = outcome.customer;
      return {
        changed: outcome.changed,
        customer: { uid, name, email },
        transaction: transactionDto(row, payments),
        message: outcome.changed
          ? `The payment is now in ${name}'s transaction history.`
          : `The payment was already in ${name}'s transaction history.`,
      };
    },
  );

  app.post(
    "/api/admin/transactions/:id/unlink",
    {
      config: { access: "admin" },
      schema: {
        summary: "Unlink a payment from its customer",
        description:
          "Takes a payment out of its customer's ledger, back among the payments that named no known customer, and records in the audit log who did it, which payment and from which customer. The plans of its Stripe customer go back with it when nothing else of the customer's names that Stripe customer. A payment of one of the customer's own orders, or from the operator's base, is refused (409).",
        params: transactionIdParamsSchema,
        body: z.strictObject({}).optional(),
        response: {
          200: unlinkPaymentAnswerSchema.describe("The payment is among the stray payments again."),
          400: errorBody("The id is not a positive whole number, or the body has fields."),
          401: errorBody("Not signed in."),
          403: adminForbiddenSchema,
          404: errorBody("No payment has this id."),
          409: errorBody(
            "The payment is in no customer's ledger, paid one of the customer's orders, or came from the operator's base.",
          ),
        },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      const outcome = await unlinkPayment(db, {
        transactionId: request.params.id,
        admin,
        ipAddress: request.ip,
      });
      const row = await listedTransaction(db, outcome.row.id);
      if (!row) throw notFound(/*i18n*/ { id: "error.payment.no-id", message: "No payment has this id" });
      const { uid, name, email } = outcome.customer;
      return {
        customer: { uid, name, email },
        transaction: transactionDto(row, payments),
        message: sayTo(
          request,
          /*i18n*/ {
            id: "answer.payment.unlinked",
            message: "The payment is no longer in {name}'s transaction history.",
            values: { name },
          },
        ),
      };
    },
  );
};
