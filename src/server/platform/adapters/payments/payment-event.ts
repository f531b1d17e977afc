/**
 * A payment provider's event, read once at the edge into what billing acts on. The signature
 * (webhook-event.ts) proves who sent the bytes, not that they are an event the portal can act on: a
 * signed body that is not one (a list, no `data`, a `created` no date can hold, a NUL that
 * PostgreSQL cannot store) is the sender's mistake and is refused with 400 before anything is
 * written. Left to fail deeper it would be a 500, and Stripe retries those for days.
 *
 * Each type the portal handles becomes a member of `PaymentEvent` with its object typed, so billing
 * switches on `kind` once and reads typed fields; any other type needs the envelope alone, is
 * `kind: "other"`, and is acknowledged.
 */
import { z } from "zod";
import { ERROR_PARTS_SEPARATOR, fieldMessage } from "../../../../shared/api/errors";
import { SUBSCRIPTION_STATUSES } from "../../../../shared/api/subscriptions";
import { singleLineText } from "../../../../shared/api/text";

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
  id: optionalText,
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
const OBJECT_OF_TYPE = {
  "checkout.session.completed": checkoutSession,
  "checkout.session.expired": checkoutSession,
  "invoice.paid": invoice,
  "invoice.payment_failed": invoice,
  "payment_intent.payment_failed": paymentIntent,
  "charge.refunded": charge,
  "customer.subscription.created": subscription,
  "customer.subscription.updated": subscription,
  "customer.subscription.deleted": subscription,
} as const;

const envelopeSchema = z.object({
  id: singleLineText().min(1).max(255),
  type: singleLineText().min(1).max(255),
  created: z.number().int().min(0).max(LATEST_CREATED),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

type HandledType = keyof typeof OBJECT_OF_TYPE;

/** What every event has: its id, Stripe's type, and when it happened (seconds since 1970). */
interface Envelope {
  id: string;
  type: string;
  created: number;
}

export type CheckoutSessionObject = z.infer<typeof checkoutSession>;
export type ChargeObject = z.infer<typeof charge>;
/** Where an object names a customer, an invoice or a subscription: by id, or expanded. */
export type ObjectReference = z.infer<typeof reference>;
export type ObjectMetadata = z.infer<typeof metadata>;
export type ObjectAddress = z.infer<typeof address>;

export type PaymentEvent =
  | {
      [K in HandledType]: Envelope & { kind: K; object: z.infer<(typeof OBJECT_OF_TYPE)[K]> };
    }[HandledType]
  | (Envelope & { kind: "other" });

/** A correctly signed webhook whose body is not an event the portal can read; `message` says why. */
export class WebhookEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookEventError";
  }
}

function refused(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): never {
  const problems = issues.slice(0, 5).map((issue) => {
    const field = [...prefix, ...issue.path].map(String).join(".");
    return field ? fieldMessage(field, issue.message) : issue.message;
  });
  throw new WebhookEventError(`Not a payment event: ${problems.join(ERROR_PARTS_SEPARATOR)}`);
}

const isHandled = (type: string): type is HandledType => Object.hasOwn(OBJECT_OF_TYPE, type);

/** The event in a body already known to be signed, or WebhookEventError saying what is wrong. */
export function parsePaymentEvent(body: unknown): PaymentEvent {
  const parsed = envelopeSchema.safeParse(body);
  if (!parsed.success) refused(parsed.error.issues);
  const { id, type, created, data } = parsed.data;
  if (!isHandled(type)) return { id, type, created, kind: "other" };
  const object = OBJECT_OF_TYPE[type].safeParse(data.object);
  if (!object.success) refused(object.error.issues, ["data", "object"]);
  // The schema is the one of this type, so the object is this type's; TypeScript cannot follow
  // the pairing through the lookup.
  return { id, type, created, kind: type, object: object.data } as PaymentEvent;
}
