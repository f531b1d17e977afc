/**
 * Payments as the shop sees them: Stripe where `STRIPE_SECRET_KEY` is set, the local test checkout
 * (decision R13) elsewhere outside production. Both start a hosted checkout and verify the signed
 * events that report its outcome, the same way.
 */
import type { ProductKey } from "../../../../shared/shop/catalogue";
import type { PaymentEvent } from "./payment-event";

export { type PaymentEvent, WebhookEventError } from "./payment-event";

export interface CheckoutLine {
  /** The catalogue's product key (decision R4). */
  productKey: ProductKey;
  name: string;
  quantity: number;
  /** Monthly price of one, in cents. */
  unitAmountCents: number;
}

export interface CheckoutRequest {
  orderId: number;
  /**
   * Whose order it is. Email, name and Stripe customer are what the payment page may prefill; they
   * are null when the payer may be someone other than the customer (a payment link), and then the
   * page shows none of them.
   */
  customer: { uid: string; email: string | null; name: string | null; stripeCustomerId: string | null };
  lines: CheckoutLine[];
  /** The volume discount, as computed by the shop's pricing: the provider's total must equal ours. */
  discount: { percent: number; amountCents: number } | null;
  totalCents: number;
  successUrl: string;
  cancelUrl: string;
}

/** The provider refused or failed to start a checkout; `message` is safe to show. */
export class PaymentProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentProviderError";
  }
}

/** A webhook whose signature or timestamp does not check out. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

/** Where a checkout session stands at the provider, and its payment page while it is open. */
export interface CheckoutSessionState {
  status: "open" | "complete" | "expired";
  url: string | null;
}

export interface PaymentsPort {
  readonly kind: "stripe" | "test";
  /** The price id shown in the catalogue for a product (R10): the configured Stripe price, or the key. */
  priceIdOf(key: ProductKey): string;
  /** Starts a hosted checkout and returns where to send the browser. */
  createCheckoutSession(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /**
   * Verifies the `Stripe-Signature` header over the raw body and returns the event; throws
   * WebhookSignatureError or WebhookEventError for a webhook to refuse.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent>;
  /** Reads a checkout session: whether it can still be paid, and its payment page (to continue paying). */
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionState>;
  /**
   * Closes an open checkout session so that nobody can pay it any more, and answers its state after:
   * `expired`, also when it had expired before, or `complete` when it was paid first.
   */
  expireCheckoutSession(sessionId: string): Promise<CheckoutSessionState>;
  /** A page where the customer manages their subscriptions and cards, returning to `returnUrl`. */
  createBillingPortalSession(request: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /**
   * The customer who paid in a checkout session the provider still knows (a payment the operator's
   * base recorded before the portal), or null when it has none or does not know the session.
   */
  customerOfCheckoutSession(sessionId: string): Promise<string | null>;
}

export interface StripePaymentsPort extends PaymentsPort {
  readonly kind: "stripe";
}

/** The local test checkout's extra: it signs the events its Pay button produces. */
export interface TestPaymentsPort extends PaymentsPort {
  readonly kind: "test";
  signEvent(payload: string): Promise<string>;
  /** The test provider's hosted invoice page: the receipt of a paid invoice, or Pay for a failed one. */
  invoicePageUrl(invoiceId: string): string;
}

/** Webhook signatures older than this are refused (Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Either provider; `kind` tells them apart. */
export type Payments = StripePaymentsPort | TestPaymentsPort;
