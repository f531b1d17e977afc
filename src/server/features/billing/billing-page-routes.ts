/**
 * Where a customer leaves for the payment provider's pages (decision 030): the billing page for
 * subscriptions and cards, and "Pay now" on a failed payment.
 */

import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../shared/api/errors";
import {
  billingPortalAnswerSchema,
  payNowAnswerSchema,
  transactionIdParamsSchema,
} from "../../../shared/api/transactions";
import type { PaymentsPort } from "../../platform/adapters/payments/port";
import { askPaymentProvider } from "../../platform/adapters/payments/provider-failed";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { transactions } from "../../platform/db/schema";
import { conflict, HttpError, notFound } from "../../platform/http/errors";
import { hit } from "../../platform/http/rate-limiter";
import { requireUser } from "../../platform/http/require-user";
import { errorResponses } from "../../platform/http/responses";
import { FAILED_EVENT_TYPE, isInvoicePaid, isPayableFailure, payNowUrlOf } from "./ledger/pay-now";
import { checkoutSessionsFromBefore, rememberStripeCustomer, stripeCustomerOf } from "./transactions-queries";

export interface BillingPageRoutesOptions {
  db: Database;
  config: Config;
  payments: PaymentsPort | undefined;
}

const HOUR = 60 * 60 * 1000;

export const billingPageRoutes: FastifyPluginAsyncZod<BillingPageRoutesOptions> = async (
  app,
  { db, config, payments },
) => {
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
      if (!payments)
        throw new HttpError(
          503,
          /*i18n*/ { id: "error.payments-not-configured", message: "Payments are not configured" },
        );
      await hit(db, [{ key: `billing-portal-user:${me.id}`, limit: 30, windowMs: HOUR }]);
      return askPaymentProvider(
        async () => {
          const customerId =
            (await stripeCustomerOf(db, me.id)) ?? (await customerFromBefore(me.id, payments));
          if (!customerId) {
            throw notFound(
              /*i18n*/ {
                id: "error.billing.no-billing-account",
                message: "There is no billing account yet: it is created with your first payment.",
              },
            );
          }
          return payments.createBillingPortalSession({
            customerId,
            returnUrl: `${config.appUrl}/billing/transactions`,
          });
        },
        /*i18n*/ {
          id: "error.billing.portal-failed",
          message: "The billing page could not be opened: {reason}. Please try again.",
        },
      );
    },
  );

  /**
   * The Stripe customer of a payment the operator's base recorded before the portal, as Stripe names
   * it for the payment's checkout session; remembered on the customer's rows, so it is asked once.
   */
  async function customerFromBefore(userId: number, provider: PaymentsPort): Promise<string | null> {
    if (provider.kind !== "stripe") return null;
    for (const sessionId of await checkoutSessionsFromBefore(db, userId)) {
      const customerId = await provider.customerOfCheckoutSession(sessionId);
      if (customerId) {
        await rememberStripeCustomer(db, userId, sessionId, customerId);
        return customerId;
      }
    }
    return null;
  }

  app.post(
    "/api/transactions/:id/pay-now",
    {
      config: { access: "user" },
      schema: {
        summary: "Pay a failed payment",
        description:
          "Where the caller pays a failed payment of theirs: the payment provider's page for the failed invoice (Stripe's hosted invoice page; the test provider's own), or the billing page when the provider sent none. 409 when the transaction is not a failed payment that can still be paid (paid since, or one the provider did not report).",
        params: transactionIdParamsSchema,
        body: z.strictObject({}).optional(),
        response: { 200: payNowAnswerSchema, ...errorResponses(404, 409, 429, 502, 503) },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const [row] = await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.id, request.params.id), eq(transactions.userId, me.id)));
      // Another customer's payment is as unknown as one that does not exist.
      if (!row)
        throw notFound(
          /*i18n*/ {
            id: "error.transaction.not-yours",
            message: "No transaction of yours has this id",
          },
        );
      if (!payments)
        throw new HttpError(
          503,
          /*i18n*/ { id: "error.payments-not-configured", message: "Payments are not configured" },
        );
      const paidSince =
        row.eventType === FAILED_EVENT_TYPE &&
        row.invoiceId !== null &&
        (await isInvoicePaid(db, row.invoiceId));
      if (!isPayableFailure(row, paidSince, payments)) {
        throw conflict(
          paidSince
            ? /*i18n*/ {
                id: "error.billing.paid-since",
                message: "This payment has been made since: there is nothing to pay.",
              }
            : /*i18n*/ {
                id: "error.billing.not-payable",
                message: "Only a failed payment can be paid again, and this one cannot be paid from here.",
              },
        );
      }
      await hit(db, [{ key: `pay-now-user:${me.id}`, limit: 30, windowMs: HOUR }]);
      const url = payNowUrlOf(payments, row);
      if (url) return { url };
      // No invoice page came with the failure: the billing page is where the card is updated.
      const customerId = row.stripeCustomerId ?? (await stripeCustomerOf(db, me.id));
      if (!customerId)
        throw conflict(
          /*i18n*/ {
            id: "error.billing.not-payable-here",
            message: "This payment cannot be paid from here: contact support.",
          },
        );
      return askPaymentProvider(
        () =>
          payments.createBillingPortalSession({
            customerId,
            returnUrl: `${config.appUrl}/billing/transactions`,
          }),
        /*i18n*/ {
          id: "error.payment-page-failed",
          message: "The payment page could not be opened: {reason}. Please try again.",
        },
      );
    },
  );
};
