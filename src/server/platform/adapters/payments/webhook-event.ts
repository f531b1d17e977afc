/**
 * A webhook's signature, checked over the raw body before anything in it is read; then the body is
 * read once into the event billing acts on (payment-event.ts).
 */
import { type PaymentEvent, parsePaymentEvent, WebhookEventError } from "./payment-event";
import { WEBHOOK_TOLERANCE_SECONDS, WebhookSignatureError } from "./port";
import { stripeSdk } from "./stripe-sdk";

/**
 * The `t=` of a `Stripe-Signature` header already verified (the signature covers it), in seconds.
 * Stripe's check refuses a timestamp older than its tolerance but takes any in the future, so a
 * signature made for an hour ahead would stay good for an hour and five minutes.
 */
function signedAtSeconds(signature: string): number | undefined {
  for (const part of signature.split(",")) {
    const [key, value] = part.split("=");
    if (key?.trim() === "t" && value !== undefined && /^\d+$/.test(value.trim())) return Number(value);
  }
  return undefined;
}

/**
 * Verifies the `Stripe-Signature` header over the raw body with the endpoint's secret (Stripe's own
 * check, 300 s tolerance), refuses a timestamp more than the same 300 s ahead of this server's
 * clock, then reads the event. Both payment providers take this one path.
 */
export async function verifiedPaymentEvent(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): Promise<PaymentEvent> {
  if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header");
  const verifier = (await stripeSdk()).webhooks.signature;
  if (!verifier) throw new Error("The Stripe SDK has no webhook signature helper");
  try {
    verifier.verifyHeader(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw new WebhookSignatureError("The webhook signature does not match");
  }
  const signedAt = signedAtSeconds(signature);
  if (signedAt === undefined || signedAt - Date.now() / 1000 > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError("The webhook signature is timestamped in the future");
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString("utf8"));
  } catch {
    throw new WebhookEventError("The body is not valid JSON");
  }
  return parsePaymentEvent(body);
}
