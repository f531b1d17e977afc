/**
 * Stripe Checkout through the official SDK: a subscription-mode Checkout Session with monthly
 * prices, the customer's uid as `client_reference_id`, the order id in metadata, and the volume
 * discount as an amount-off coupon so that Stripe's total equals the shop's to the cent (decision
 * 010). Every call has a timeout and an idempotency key, so the SDK's retries never double anything.
 */
import type Stripe from "stripe";
import type { ProductKey } from "../../../../shared/shop/catalogue";
import {
  type CheckoutRequest,
  type CheckoutSessionState,
  PaymentProviderError,
  type StripePaymentsPort,
} from "./port";
import { type StripeSdk, stripeSdk } from "./stripe-sdk";
import { verifiedPaymentEvent } from "./webhook-event";

export interface StripePaymentsOptions {
  secretKey: string;
  webhookSecret: string;
  /** Base URL of the Stripe API (a local fake in tests); Stripe's own when undefined. */
  apiUrl: string | undefined;
  priceIds: Partial<Record<ProductKey, string>>;
  timeoutMs: number;
  maxNetworkRetries?: number;
}

function connectionOf(apiUrl: string | undefined): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

/** A session's state as the portal reads it; a session Stripe still holds open is `open`. */
function stateOf(session: Stripe.Checkout.Session): CheckoutSessionState {
  const status: CheckoutSessionState["status"] =
    session.status === "complete" ? "complete" : session.status === "expired" ? "expired" : "open";
  return { status, url: status === "open" ? (session.url ?? null) : null };
}

/** What a Stripe error may tell the customer: its message for a request Stripe refused, else a generic line. */
function customerMessageOf(Stripe: StripeSdk, error: unknown): string {
  if (error instanceof Stripe.errors.StripeCardError) return error.message;
  if (error instanceof Stripe.errors.StripeRateLimitError) return "Stripe is busy";
  if (error instanceof Stripe.errors.StripeConnectionError) return "Stripe could not be reached";
  if (error instanceof Stripe.errors.StripeAuthenticationError)
    return "the shop's Stripe account is not set up";
  if (error instanceof Stripe.errors.StripeInvalidRequestError) return "Stripe refused the checkout";
  return "Stripe did not answer as expected";
}

export function stripePayments(options: StripePaymentsOptions): StripePaymentsPort {
  let client: Promise<Stripe> | undefined;
  const stripeClient = () =>
    (client ??= stripeSdk().then(
      (Stripe) =>
        new Stripe(options.secretKey, {
          ...connectionOf(options.apiUrl),
          timeout: options.timeoutMs,
          maxNetworkRetries: options.maxNetworkRetries ?? 2,
          appInfo: { name: "customer-portal" },
        }),
    ));

  /** One coupon per discount amount, made on first use; Stripe keeps it for every later order. */
  async function couponFor(discount: { percent: number; amountCents: number }): Promise<string> {
    const id = `portal-volume-${discount.percent}pct-${discount.amountCents}usd`;
    const Stripe = await stripeSdk();
    const stripe = await stripeClient();
    try {
      await stripe.coupons.create(
        {
          id,
          amount_off: discount.amountCents,
          currency: "usd",
          duration: "forever",
          name: `Volume discount ${discount.percent}%`,
        },
        { idempotencyKey: `coupon-${id}` },
      );
    } catch (error) {
      const exists =
        error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_already_exists";
      if (!exists) throw error;
    }
    return id;
  }

  return {
    kind: "stripe" as const,

    priceIdOf: (key) => options.priceIds[key] ?? key,

    async createCheckoutSession(request: CheckoutRequest) {
      const orderRef = String(request.orderId);
      const Stripe = await stripeSdk();
      const stripe = await stripeClient();
      try {
        const coupon = request.discount ? await couponFor(request.discount) : undefined;
        const session = await stripe.checkout.sessions.create(
          {
            mode: "subscription",
            client_reference_id: request.customer.uid,
            ...(request.customer.stripeCustomerId
              ? { customer: request.customer.stripeCustomerId }
              : request.customer.email
                ? { customer_email: request.customer.email }
                : {}),
            line_items: request.lines.map((line) => {
              const price = options.priceIds[line.productKey];
              return price
                ? { price, quantity: line.quantity }
                : {
                    quantity: line.quantity,
                    price_data: {
                      currency: "usd",
                      unit_amount: line.unitAmountCents,
                      recurring: { interval: "month" as const },
                      product_data: { name: line.name, metadata: { product_key: line.productKey } },
                    },
                  };
            }),
            ...(coupon ? { discounts: [{ coupon }] } : {}),
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            metadata: { order_id: orderRef, customer_uid: request.customer.uid },
            subscription_data: { metadata: { order_id: orderRef, customer_uid: request.customer.uid } },
          },
          { idempotencyKey: `order-${orderRef}-checkout` },
        );
        if (!session.url) throw new PaymentProviderError("Stripe did not return a payment page");
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        throw new PaymentProviderError(customerMessageOf(Stripe, error));
      }
    },

    async retrieveCheckoutSession(sessionId) {
      const Stripe = await stripeSdk();
      const stripe = await stripeClient();
      try {
        return stateOf(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (error) {
        throw new PaymentProviderError(customerMessageOf(Stripe, error));
      }
    },

    async expireCheckoutSession(sessionId) {
      const Stripe = await stripeSdk();
      const stripe = await stripeClient();
      try {
        return stateOf(await stripe.checkout.sessions.expire(sessionId));
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open (expired, or paid meanwhile):
        // what it is now is the answer.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) {
          throw new PaymentProviderError(customerMessageOf(Stripe, error));
        }
      }
      const state = await this.retrieveCheckoutSession(sessionId);
      if (state.status === "open") throw new PaymentProviderError("Stripe refused to close the checkout");
      return state;
    },

    async createBillingPortalSession({ customerId, returnUrl }) {
      const Stripe = await stripeSdk();
      const stripe = await stripeClient();
      try {
        const session = await stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
        });
        return { url: session.url };
      } catch (error) {
        throw new PaymentProviderError(
          error instanceof Stripe.errors.StripeInvalidRequestError
            ? "Stripe could not open the billing page for this customer"
            : customerMessageOf(Stripe, error),
        );
      }
    },

    async customerOfCheckoutSession(sessionId) {
      const Stripe = await stripeSdk();
      const stripe = await stripeClient();
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        const customer = session.customer;
        return typeof customer === "string" ? customer : (customer?.id ?? null);
      } catch (error) {
        // A session Stripe does not know (another account's, or made up) has no customer to find.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw new PaymentProviderError(customerMessageOf(Stripe, error));
      }
    },

    parseWebhook: (rawBody, signature) => verifiedPaymentEvent(rawBody, signature, options.webhookSecret),
  };
}
