/**
 * Billing history (decision R12): a customer's transactions, their CSV export, their plans, "Pay
 * now" on a failed payment, and the payment provider's billing page to manage subscriptions and
 * cards (decision 030).
 */
import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../shared/api/errors";
import { type SubscriptionList, subscriptionListSchema } from "../../../shared/api/subscriptions";
import {
  billingPortalAnswerSchema,
  linkPaymentAnswerSchema,
  linkPaymentBodySchema,
  payNowAnswerSchema,
  TRANSACTION_LIST_LIMIT,
  TRANSACTION_PAGE_MAX,
  TRANSACTION_PAGE_SIZE,
  type TransactionList,
  transactionCursorOf,
  transactionExportQuerySchema,
  transactionIdParamsSchema,
  transactionListQuerySchema,
  transactionListSchema,
  transactionSchema,
  unlinkPaymentAnswerSchema,
} from "../../../shared/api/transactions";
import type { PaymentsPort } from "../../platform/adapters/payments/port";
import { askPaymentProvider } from "../../platform/adapters/payments/provider-failed";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { transactions } from "../../platform/db/schema";
import { sendPersonalJson } from "../../platform/http/conditional-get";
import { conflict, HttpError, notFound } from "../../platform/http/errors";
import { ownerIdOfUid } from "../../platform/http/own-uid";
import { hit } from "../../platform/http/rate-limiter";
import { requireUser } from "../../platform/http/require-user";
import {
  adminForbiddenSchema,
  errorBody,
  errorResponses,
  notModifiedResponse,
  textBody,
} from "../../platform/http/responses";
import { replyLanguage, sayTo } from "../../platform/i18n/reply-language";
import {
  answeredNotModified,
  createVersionedPages,
  listVersionOf,
  sendCachedPage,
} from "../../platform/kept-reads";
import { FAILED_EVENT_TYPE, isInvoicePaid, isPayableFailure, payNowUrlOf } from "./ledger/pay-now";
import { linkPayment } from "./link-payment";
import { plansOf, subscriptionDto } from "./subscriptions-queries";
import { transactionsCsv } from "./transactions-csv";
import {
  billingAccountOf,
  checkoutSessionsFromBefore,
  listedTransaction,
  matchingTransactions,
  rememberStripeCustomer,
  stripeCustomerOf,
  transactionCounts,
  transactionDto,
  transactionPage,
  unlinkedTransactions,
} from "./transactions-queries";
import { unlinkPayment } from "./unlink-payment";

export interface BillingRoutesOptions {
  db: Database;
  config: Config;
  payments: PaymentsPort | undefined;
}

const HOUR = 60 * 60 * 1000;

const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (app, { db, config, payments }) => {
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

export default billingRoutes;
