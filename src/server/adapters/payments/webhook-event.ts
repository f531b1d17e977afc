/**
 * A webhook's body as the portal reads it. The signature proves who sent the bytes, not that they
 * are an event the portal can act on: a signed body that is not one (a list, no `data`, a `created`
 * no date can hold, a NUL that PostgreSQL cannot store) is the sender's mistake and is refused with
 * 400 before anything is written. Left to fail deeper it would be a 500, and Stripe retries those
 * for days. Only what the shop and the ledger read is checked, for the types they handle; any other
 * type needs the envelope alone and is acknowledged.
 */
import { z } from "zod";
import { ERROR_PARTS_SEPARATOR, fieldMessage } from "../../../shared/api/errors";
import { singleLineText } from "../../../shared/api/text";
import {
  type PaymentEvent,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookEventError,
  WebhookSignatureError,
} from "./port";
import { stripeSdk } from "./stripe-sdk";

// PostgreSQL cannot store a NUL in text, and every string read here may be written to a row.
const text = z.string().refine((value) => !value.includes("\u0000"), "must not contain a NUL character");
const optionalText = text.nullish();
/** Cents, as Stripe sends them and the ledger's integer column holds them. */
const cents = z.number().int().min(0).max(2_147_483_647).nullish();
const fields = <Shape extends z.ZodRawShape>(shape: Shape) => z.looseObject(shape).nullish();

// Stripe names a customer by id, or by the object when it is expanded.
const customer = z.union([text, z.looseObject({ id: text })]).nullish();
const address = fields({
  line1: optionalText,
  line2: optionalText,
  city: optionalText,
  postal_code: optionalText,
  country: optionalText,
});
const contact = fields({ email: optionalText, name: optionalText, phone: optionalText, address });
// Metadata values are always strings at Stripe; the portal reads these three of them.
const metadata = fields({ order_id: optionalText, customer_uid: optionalText, product: optionalText });

const checkoutSession = z.looseObject({
  id: optionalText,
  client_reference_id: optionalText,
  customer,
  customer_email: optionalText,
  customer_details: contact,
  amount_total: cents,
  currency: optionalText,
  metadata,
});

const invoice = z.looseObject({
  customer,
  customer_email: optionalText,
  customer_name: optionalText,
  customer_phone: optionalText,
  customer_address: address,
  amount_paid: cents,
  amount_due: cents,
  currency: optionalText,
  hosted_invoice_url: optionalText,
  description: optionalText,
  lines: fields({ data: z.array(fields({ description: optionalText })).nullish() }),
  metadata,
  // Where the subscription's metadata sits, in older API versions and in newer ones.
  subscription_details: fields({ metadata }),
  parent: fields({ subscription_details: fields({ metadata }) }),
});

const paymentIntent = z.looseObject({
  customer,
  amount: cents,
  currency: optionalText,
  description: optionalText,
  receipt_email: optionalText,
  metadata,
  last_payment_error: fields({ payment_method: fields({ billing_details: contact }) }),
});

const charge = z.looseObject({
  customer,
  amount_refunded: cents,
  currency: optionalText,
  description: optionalText,
  receipt_email: optionalText,
  receipt_url: optionalText,
  billing_details: contact,
  metadata,
});

/** What `data.object` must be for each type the portal acts on. */
const OBJECT_OF_TYPE: Record<string, z.ZodType> = {
  "checkout.session.completed": checkoutSession,
  "checkout.session.expired": checkoutSession,
  "invoice.paid": invoice,
  "invoice.payment_failed": invoice,
  "payment_intent.payment_failed": paymentIntent,
  "charge.refunded": charge,
};

/** The last second of the year 9999: any `created` up to it is a date JavaScript and PostgreSQL hold. */
const LATEST_CREATED = 253_402_300_799;

export const paymentEventSchema = z
  .object({
    id: singleLineText().min(1).max(255),
    type: singleLineText().min(1).max(255),
    created: z.number().int().min(0).max(LATEST_CREATED),
    data: z.object({ object: z.record(z.string(), z.unknown()) }),
  })
  .superRefine((event, ctx) => {
    const schema = OBJECT_OF_TYPE[event.type];
    const parsed = schema?.safeParse(event.data.object);
    for (const issue of parsed?.error?.issues ?? []) {
      ctx.addIssue({ code: "custom", message: issue.message, path: ["data", "object", ...issue.path] });
    }
  });

/** The event in a body already known to be signed, or WebhookEventError saying what is wrong. */
export function parsePaymentEvent(body: unknown): PaymentEvent {
  const parsed = paymentEventSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.slice(0, 5).map((issue) => {
    const field = issue.path.map(String).join(".");
    return field ? fieldMessage(field, issue.message) : issue.message;
  });
  throw new WebhookEventError(`Not a payment event: ${problems.join(ERROR_PARTS_SEPARATOR)}`);
}

/**
 * Verifies the `Stripe-Signature` header over the raw body with the endpoint's secret (Stripe's own
 * check, 300 s tolerance), then reads the event. Both payment providers take this one path.
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
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString("utf8"));
  } catch {
    throw new WebhookEventError("The body is not valid JSON");
  }
  return parsePaymentEvent(body);
}
