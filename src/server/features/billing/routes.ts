/**
 * Billing history (decision R12): a customer's transactions, their CSV export, their plans, "Pay
 * now" on a failed payment, and the payment provider's billing page to manage subscriptions and
 * cards (decision 030).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { PaymentsPort } from "../../platform/adapters/payments/port";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { adminPaymentsRoutes } from "./admin-payments-routes";
import { billingPageRoutes } from "./billing-page-routes";
import { transactionsRoutes } from "./transactions-routes";

export interface BillingRoutesOptions {
  db: Database;
  config: Config;
  payments: PaymentsPort | undefined;
}

/** Billing's routes, one file per part of the product (the payment provider's webhook is its own). */
const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (app, options) => {
  await app.register(transactionsRoutes, options);
  await app.register(billingPageRoutes, options);
  await app.register(adminPaymentsRoutes, options);
};

export default billingRoutes;
