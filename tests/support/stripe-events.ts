/**
 * Stripe's webhook calls as Stripe makes them: the event's JSON, signed with the endpoint's secret
 * (Stripe's own test signer), posted with no Origin and no cookie.
 */
import type { FastifyInstance } from "fastify";
import Stripe from "stripe";

export interface SignedStripeEvent {
  payload: string;
  signature: string;
}

/** An event signed as Stripe signs it; `timestamp` (seconds) for a signature from another time. */
export function signStripeEvent(event: object, secret: string, timestamp?: number): SignedStripeEvent {
  const payload = JSON.stringify(event);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) };
}

/** Posts a signed event (or a body without a signature) to the portal's Stripe webhook. */
export function postStripeEvent(app: FastifyInstance, payload: string, signature?: string) {
  return app.inject({
    method: "POST",
    url: "/api/stripe/webhook",
    payload,
    headers: {
      "content-type": "application/json",
      ...(signature ? { "stripe-signature": signature } : {}),
    },
  });
}

/** Signs an event and delivers it, as Stripe does. */
export function deliverStripeEvent(app: FastifyInstance, event: object, secret: string) {
  const { payload, signature } = signStripeEvent(event, secret);
  return postStripeEvent(app, payload, signature);
}
