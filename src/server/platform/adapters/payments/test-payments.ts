/**
 * The local test checkout of decision R13, for development and tests without Stripe credentials:
 * the payment page is the portal's own `/test-checkout/{sessionId}`, and its Pay button produces
 * the event Stripe would send, signed the way Stripe signs it, for the same webhook code path. Its
 * billing portal is the portal's own `/test-billing-portal`, and its hosted invoice pages (receipts,
 * and Pay for a failed payment) are the portal's own `/test-invoice/{invoiceId}`.
 */
import { randomBytes } from "node:crypto";
import type { CheckoutRequest, TestPaymentsPort } from "./port";
import { stripeSdk } from "./stripe-sdk";
import { verifiedPaymentEvent } from "./webhook-event";

export function testPayments(options: { appUrl: string; webhookSecret?: string }): TestPaymentsPort {
  // Events are signed and verified inside this process, so a secret of its own is enough.
  const secret = options.webhookSecret ?? `whsec_local_${randomBytes(24).toString("base64url")}`;
  return {
    kind: "test",

    priceIdOf: (key) => key,

    async createCheckoutSession(_request: CheckoutRequest) {
      const sessionId = `cs_local_${randomBytes(18).toString("base64url")}`;
      return { sessionId, url: `${options.appUrl}/test-checkout/${sessionId}` };
    },

    // The test checkout's state is its order's: the page takes payment only while the order is open,
    // so a session is payable at its page, and closing the order closes the session.
    async retrieveCheckoutSession(sessionId) {
      return { status: "open", url: `${options.appUrl}/test-checkout/${sessionId}` };
    },

    async expireCheckoutSession() {
      return { status: "expired", url: null };
    },

    // Stripe's billing portal has no local stand-in to manage: a page of the portal's own says what it would offer.
    async createBillingPortalSession({ customerId }) {
      return { url: `${options.appUrl}/test-billing-portal?customer=${encodeURIComponent(customerId)}` };
    },

    parseWebhook: (rawBody, signature) => verifiedPaymentEvent(rawBody, signature, secret),

    // The test provider keeps no sessions of its own beyond the portal's orders: none from before.
    customerOfCheckoutSession: async () => null,

    invoicePageUrl: (invoiceId) => `${options.appUrl}/test-invoice/${encodeURIComponent(invoiceId)}`,

    signEvent: async (payload) => (await stripeSdk()).webhooks.generateTestHeaderString({ payload, secret }),
  };
}
