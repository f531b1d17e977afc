/**
 * Payments as the buying and billing features will see them: Stripe where `STRIPE_SECRET_KEY` is
 * set, the local test checkout (decision R13) elsewhere. The implementations arrive with those
 * features; this fixes the shape both must offer.
 */
export interface CheckoutLine {
  /** The catalogue's product key (decision R4). */
  productKey: string;
  name: string;
  quantity: number;
  /** Monthly price of one, in cents. */
  unitAmountCents: number;
}

export interface PaymentsPort {
  readonly kind: "stripe" | "test";
  /** Starts a hosted checkout and returns where to send the browser. */
  createCheckoutSession(input: {
    customerUid: string;
    customerEmail: string;
    lines: CheckoutLine[];
    discountPercent: number;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ sessionId: string; url: string }>;
}
