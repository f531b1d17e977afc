/**
 * Starting a checkout: the wanted products and quantities are all the browser gives; prices, totals,
 * the customer and the return URLs come from the catalogue, the tiers, the session and APP_URL.
 * Every attempt is an order row, including the ones the payment provider refused.
 */
import { randomInt } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Catalogue, CheckoutSessionAnswer } from "../../../shared/api/shop";
import { type CatalogueItem, listedItems, type ProductKey } from "../../../shared/shop/catalogue";
import { priceOrder } from "../../../shared/shop/pricing";
import { PaymentProviderError, type PaymentsPort } from "../../platform/adapters/payments/port";
import { paymentProviderFailed } from "../../platform/adapters/payments/provider-failed";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import type { OrderRow, UserRow } from "../../platform/db/schema";
import { badRequest, HttpError } from "../../platform/http/errors";
import type { SecretBox } from "../../platform/secrets/secret-box";
import { cancelUrl } from "./cancel-link";
import {
  customerByUid,
  expireOpenOrdersBeyond,
  insertOrder,
  markFailed,
  setPaymentSession,
  stripeCustomerIdOf,
} from "./orders-repo";

export interface ShopContext {
  db: Database;
  config: Config;
  payments: PaymentsPort | undefined;
  /** Seals the order reference of the cancel link (cancel-link.ts). */
  secretBox: SecretBox;
  log: FastifyBaseLogger;
}

export const PAYMENTS_UNAVAILABLE = /*i18n*/ {
  id: "error.payments.unavailable",
  message: "Card payments are not available right now. Please try again later.",
};

export function successUrl(config: Config): string {
  return `${config.appUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`;
}

export function catalogueFor(ctx: Pick<ShopContext, "config" | "payments">): Catalogue {
  const items = listedItems({ includeTestProduct: ctx.config.shop.includeTestProduct });
  return {
    currency: "usd",
    items: items.map((item) => ({
      ...item,
      features: [...item.features],
      priceId: ctx.payments?.priceIdOf(item.key) ?? ctx.config.shop.stripePriceIds[item.key] ?? item.key,
    })),
    volumeTiers: ctx.config.shop.volumeTiers,
  };
}

export interface WantedItem {
  key: ProductKey;
  quantity: number;
  /** Which list of the saved order named it, when the order came as one (plans or add-ons). */
  as?: CatalogueItem["kind"];
}

/** Checks the wanted items against what is on sale; answers 400 with what is wrong. */
export function checkWanted(ctx: Pick<ShopContext, "config">, wanted: WantedItem[]): void {
  if (wanted.length === 0)
    throw badRequest(
      /*i18n*/ {
        id: "error.shop.order-empty",
        message: "Your order is empty: add a plan or an add-on first.",
      },
    );
  const onSale = new Map(
    listedItems({ includeTestProduct: ctx.config.shop.includeTestProduct }).map((item) => [item.key, item]),
  );
  for (const { key, as } of wanted) {
    const item = onSale.get(key);
    if (!item)
      throw badRequest(
        /*i18n*/ {
          id: "error.shop.not-on-sale",
          message: '"{key}" is not a product on sale',
          values: { key },
        },
      );
    if (as && item.kind !== as)
      throw badRequest(
        item.kind === "plan"
          ? /*i18n*/ {
              id: "error.shop.plan-not-add-on",
              message: '"{key}" is a plan, not an add-on',
              values: { key },
            }
          : /*i18n*/ {
              id: "error.shop.add-on-not-plan",
              message: '"{key}" is an add-on, not a plan',
              values: { key },
            },
      );
  }
}

/**
 * How many unpaid checkouts a customer may have open at once, counted apart for the customer's own
 * and for those payment links' holders started (decision 066), so that no stranger expires the
 * customer's own. Beyond it the oldest is expired rather than the new one refused: a refusal (429)
 * would let whoever opened it ten times lock the others out of paying, while expiring the oldest
 * costs nothing. The newest checkout always opens, and a payment that still arrives for an expired
 * one settles it (decision 010). The provider's session is left alone for the same reason: someone
 * may be on that page, paying.
 */
export const MAX_OPEN_ORDERS = 10;

/**
 * Who is paying. The hosted checkout shows the customer's email (and Stripe, for a known Stripe
 * customer, their saved cards) only when the payer is the customer, signed in; anyone else paying
 * through a payment link types in their own details.
 */
export type Payer = "the-customer" | "someone-with-the-link";

export async function startCheckout(
  ctx: ShopContext,
  customer: UserRow,
  wanted: WantedItem[],
  channel: OrderRow["channel"],
  payer: Payer,
): Promise<CheckoutSessionAnswer> {
  checkWanted(ctx, wanted);
  const { payments } = ctx;
  if (!payments) throw new HttpError(503, PAYMENTS_UNAVAILABLE);
  const items = listedItems({ includeTestProduct: ctx.config.shop.includeTestProduct });
  const priced = priceOrder(wanted, items, ctx.config.shop.volumeTiers);
  const prefill = payer === "the-customer";
  const stripeCustomerId =
    prefill && payments.kind === "stripe" ? await stripeCustomerIdOf(ctx.db, customer.id) : null;
  const byLinkHolder = payer === "someone-with-the-link";
  const order = await insertOrder(ctx.db, {
    userId: customer.id,
    provider: payments.kind,
    channel,
    priced,
    stripeCustomerId,
    byLinkHolder,
  });
  try {
    const session = await payments.createCheckoutSession({
      orderId: order.id,
      customer: prefill
        ? { uid: customer.uid, email: customer.email, name: customer.name, stripeCustomerId }
        : { uid: customer.uid, email: null, name: null, stripeCustomerId: null },
      lines: priced.lines.map((line) => ({
        productKey: line.key,
        name: line.name,
        quantity: line.quantity,
        unitAmountCents: line.unitCents,
      })),
      discount: priced.tier ? { percent: priced.tier.percent, amountCents: priced.discountCents } : null,
      totalCents: priced.totalCents,
      successUrl: successUrl(ctx.config),
      cancelUrl: cancelUrl(ctx.config, ctx.secretBox, order.id),
    });
    await setPaymentSession(ctx.db, order.id, session.sessionId);
    // Once the new checkout is open, so that a refused one expires nothing.
    const expired = await expireOpenOrdersBeyond(ctx.db, customer.id, byLinkHolder, MAX_OPEN_ORDERS);
    if (expired > 0) ctx.log.info({ userId: customer.id, expired }, "oldest open orders expired");
    return { url: session.url, sessionId: session.sessionId };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    await markFailed(ctx.db, order.id, error.message);
    ctx.log.warn({ orderId: order.id, reason: error.message }, "checkout refused by the payment provider");
    throw paymentNotStarted(error);
  }
}

function paymentNotStarted(error: PaymentProviderError): HttpError {
  return paymentProviderFailed(
    error,
    /*i18n*/ {
      id: "error.shop.payment-not-started",
      message: "The payment could not be started: {reason}. Please try again.",
    },
  );
}

/**
 * What a payment link naming no customer opens (decision 066): a checkout at the provider like any
 * link's, closed as soon as it is made, so that nobody can pay for a customer who does not exist.
 * The portal stores nothing for it. Its order reference is negative: it names no order, now or later
 * (`orderIdOf` takes none), and keeps the provider's idempotency key its own.
 */
async function startUnpayableCheckout(
  ctx: ShopContext,
  uid: string,
  wanted: WantedItem[],
): Promise<CheckoutSessionAnswer> {
  checkWanted(ctx, wanted);
  const { payments } = ctx;
  if (!payments) throw new HttpError(503, PAYMENTS_UNAVAILABLE);
  const items = listedItems({ includeTestProduct: ctx.config.shop.includeTestProduct });
  const priced = priceOrder(wanted, items, ctx.config.shop.volumeTiers);
  const orderRef = -randomInt(1, 2_147_483_647);
  try {
    const session = await payments.createCheckoutSession({
      orderId: orderRef,
      customer: { uid, email: null, name: null, stripeCustomerId: null },
      lines: priced.lines.map((line) => ({
        productKey: line.key,
        name: line.name,
        quantity: line.quantity,
        unitAmountCents: line.unitCents,
      })),
      discount: priced.tier ? { percent: priced.tier.percent, amountCents: priced.discountCents } : null,
      totalCents: priced.totalCents,
      successUrl: successUrl(ctx.config),
      // Sealed like any order's; it opens no order (orderIdOfCancelLink takes none below 1).
      cancelUrl: cancelUrl(ctx.config, ctx.secretBox, orderRef),
    });
    await payments.expireCheckoutSession(session.sessionId);
    return { url: session.url, sessionId: session.sessionId };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    ctx.log.warn({ reason: error.message }, "checkout refused by the payment provider");
    throw paymentNotStarted(error);
  }
}

/**
 * A payment link (`/pay?uid=…&product=…`): one product for the customer it names, paid by whoever
 * holds the link. Only the customer, signed in, sees their details prefilled. A uid that names no
 * customer answers the same way, with a checkout that cannot be paid.
 */
export async function startPayLink(
  ctx: ShopContext,
  caller: UserRow | null,
  link: { uid: string; product: ProductKey },
): Promise<CheckoutSessionAnswer> {
  const wanted = [{ key: link.product, quantity: 1 }];
  const customer = await customerByUid(ctx.db, link.uid);
  if (!customer) return startUnpayableCheckout(ctx, link.uid, wanted);
  const payer = caller?.id === customer.id ? "the-customer" : "someone-with-the-link";
  return startCheckout(ctx, customer, wanted, "pay-link", payer);
}
