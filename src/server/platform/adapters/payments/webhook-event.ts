/**
 * A webhook's body as the portal reads it. The signature proves who sent the bytes, not that they
 * are an event the portal can act on: a signed body that is not one (a list, no `data`, a `created`
 * no date can hold, a NUL that PostgreSQL cannot store) is the sender's mistake and is refused with
 * 400 before anything is written. Left to fail deeper it would be a 500, and Stripe retries those
 * for days. Only what the shop and the ledger read is checked, for the types they handle; any other
 * type needs the envelope alone and is acknowledged.
 */
import { z } from "zod";
import { ERROR_PARTS_SEPARATOR, fieldMessage } from "../../../../shared/api/errors";
import { SUBSCRIPTION_STATUSES } from "../../../../shared/api/subscriptions";
import { singleLineText } from "../../../../shared/api/text";
import {
  type PaymentEvent,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookEventError,
  WebhookSignatureError,
} from "./port";
import { stripeSdk } from "./stripe-sdk";

/** The last second of the year 9999: any `created` up to it is a date JavaScript and PostgreSQL hold. */
const LATEST_CREATED = 253_402_300_799;

// PostgreSQL cannot store a NUL in text, and every string read here may be written to a row.
const text = z.string().refine((value) => !value.includes("\u0000"), "must not contain a NUL character");
const optionalText = text.nullish();
/** Cents, as Stripe sends them and the ledger's integer column holds them. */
const cents = z.number().int().min(0).max(2_147_483_647).nullish();
const fields = <Shape extends z.ZodRawShape>(shape: Shape) => z.looseObject(shape).nullish();

// Stripe names a customer (an invoice, a subscription) by id, or by the object when it is expanded.
const reference = z.union([text, z.looseObject({ id: text })]).nullish();
const customer = reference;
/** A time as Stripe sends it (seconds since 1970), that a date in JavaScript and PostgreSQL can hold. */
const seconds = () => z.number().int().min(0).max(LATEST_CREATED);
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
  // A subscription checkout's first invoice, whose receipt is the checkout's.
  invoice: reference,
  subscription: reference,
  client_reference_id: optionalText,
  customer,
  customer_email: optionalText,
  customer_details: contact,
  amount_total: cents,
  currency: optionalText,
  metadata,
});

const invoice = z.looseObject({
  id: optionalText,
  billing_reason: optionalText,
  customer,
  customer_email: optionalText,
  customer_name: optionalText,
  customer_phone: optionalText,
  customer_address: address,
  amount_paid: cents,
  amount_due: cents,
  subtotal: z.number().int().min(-2_147_483_648).max(2_147_483_647).nullish(),
  total: z.number().int().min(-2_147_483_648).max(2_147_483_647).nullish(),
  currency: optionalText,
  hosted_invoice_url: optionalText,
  description: optionalText,
  lines: fields({
    data: z
      .array(
        fields({
          description: optionalText,
          amount: z.number().int().min(-2_147_483_648).max(2_147_483_647).nullish(),
        }),
      )
      .nullish(),
  }),
  metadata,
  // Where the subscription's metadata sits, in older API versions and in newer ones.
  subscription: reference,
  subscription_details: fields({ metadata }),
  parent: fields({ subscription_details: fields({ metadata, subscription: reference }) }),
});

const paymentIntent = z.looseObject({
  customer,
  // Older API versions name the invoice a payment was for.
  invoice: reference,
  amount: cents,
  currency: optionalText,
  description: optionalText,
  receipt_email: optionalText,
  metadata,
  last_payment_error: fields({ payment_method: fields({ billing_details: contact }) }),
});

const charge = z.looseObject({
  customer,
  invoice: reference,
  amount: cents,
  amount_refunded: cents,
  refunded: z.boolean().nullish(),
  currency: optionalText,
  description: optionalText,
  receipt_email: optionalText,
  receipt_url: optionalText,
  billing_details: contact,
  metadata,
});

const price = fields({
  id: optionalText,
  unit_amount: cents,
  currency: optionalText,
  nickname: optionalText,
  lookup_key: optionalText,
  // The product by id, or expanded with its name.
  product: z.union([text, z.looseObject({ id: optionalText, name: optionalText })]).nullish(),
});
// A discount expanded with its coupon; as an id alone it says nothing of the amount.
const coupon = fields({ amount_off: cents, percent_off: z.number().min(0).max(100).nullish() });
const discount = z.union([text, z.looseObject({ coupon })]);

/** A subscription, in the API versions before and after its period moved onto the items. */
const subscription = z.looseObject({
  id: text.min(1),
  customer,
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancel_at_period_end: z.boolean().nullish(),
  cancel_at: seconds().nullish(),
  canceled_at: seconds().nullish(),
  ended_at: seconds().nullish(),
  current_period_end: seconds().nullish(),
  currency: optionalText,
  metadata,
  items: fields({
    data: z
      .array(
        z.looseObject({
          price,
          quantity: z.number().int().min(0).max(1_000_000).nullish(),
          current_period_end: seconds().nullish(),
        }),
      )
      .nullish(),
  }),
  discounts: z.array(discount).nullish(),
  discount: fields({ coupon }),
});

/** What `data.object` must be for each type the portal acts on. */
const OBJECT_OF_TYPE: Record<string, z.ZodType> = {
  "checkout.session.completed": checkoutSession,
  "checkout.session.expired": checkoutSession,
  "invoice.paid": invoice,
  "invoice.payment_failed": invoice,
  "payment_intent.payment_failed": paymentIntent,
  "charge.refunded": charge,
  "customer.subscription.created": subscription,
  "customer.subscription.updated": subscription,
  "customer.subscription.deleted": subscription,
};

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
