/**
 * The shop's API contract: the catalogue, the two checkout calls of decision R9, payment links,
 * and an order as its owner may read it back. The server reads product keys and quantities only;
 * every price and total is its own.
 */
import { z } from "zod";
import { PAY_PRODUCT_KEYS, PRODUCT_KEYS } from "../shop/catalogue";
import { singleLineText, uidSchema } from "./text";
import { ORDER_STATUSES } from "./values";

export const MAX_QUANTITY = 100;

const productKeySchema = z.enum(PRODUCT_KEYS, { error: "Unknown product" });
const quantitySchema = z
  .number({ error: "Quantity must be a whole number" })
  .int("Quantity must be a whole number")
  .min(1, "Quantity must be at least 1")
  .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY}`);

export const catalogueItemSchema = z.object({
  key: productKeySchema,
  kind: z.enum(["plan", "addon"]),
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  popular: z.boolean(),
  features: z.array(z.string()),
  /** The Stripe price configured for it, or the product key when prices are sent inline (R10). */
  priceId: z.string(),
});
export type CatalogueItemDto = z.infer<typeof catalogueItemSchema>;

export const catalogueSchema = z.object({
  currency: z.literal("usd"),
  items: z.array(catalogueItemSchema),
  volumeTiers: z.array(z.object({ minAccounts: z.number().int(), percent: z.number().int() })),
});
export type Catalogue = z.infer<typeof catalogueSchema>;

/** An entry of the saved order's selected plans or add-ons: only its id is read. */
const selectedItemSchema = z.object({ id: productKeySchema });
const quantitiesSchema = z.record(z.string().max(40), quantitySchema);

/** `POST /api/create-checkout-session`: the saved checkout order (R9) as the browser keeps it. */
export const savedOrderCheckoutSchema = z.object({
  selectedPlans: z.array(selectedItemSchema).max(20),
  planQuantities: quantitiesSchema,
  selectedAddOns: z.array(selectedItemSchema).max(20),
  addOnQuantities: quantitiesSchema,
});
export type SavedOrderCheckout = z.infer<typeof savedOrderCheckoutSchema>;

/** `POST /api/stripe/create-checkout-session`: cart items by price id, for API clients (R9). */
export const cartCheckoutSchema = z.object({
  items: z
    .array(z.object({ priceId: singleLineText().min(1, "Required").max(100), quantity: quantitySchema }))
    .max(20),
  uid: uidSchema.optional(),
  // Accepted for the spec's callers and ignored: the customer and the return URLs are the server's.
  email: z.string().max(255).optional(),
  successUrl: z.string().max(2000).optional(),
  cancelUrl: z.string().max(2000).optional(),
});

export const checkoutSessionAnswerSchema = z.object({ url: z.string(), sessionId: z.string() });
export type CheckoutSessionAnswer = z.infer<typeof checkoutSessionAnswerSchema>;

/** `POST /api/pay`: a payment link's one product for one customer. */
export const payBodySchema = z.object({
  uid: uidSchema,
  product: z.enum(PAY_PRODUCT_KEYS, {
    error: `Invalid product key. Must be one of: ${PAY_PRODUCT_KEYS.join(", ")}`,
  }),
});
export const payAnswerSchema = z.object({ redirectUrl: z.string() });

// The list lives with the API's other plain enumerations, so the dashboard's first load can read it without zod.
export { ORDER_STATUSES };
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orderLineSchema = z.object({
  key: productKeySchema,
  name: z.string(),
  quantity: z.number().int(),
  unitCents: z.number().int(),
  totalCents: z.number().int(),
});

/** `GET /api/orders/by-session/{sessionId}`: the caller's own order behind a payment session. */
export const orderSchema = z.object({
  id: z.number().int(),
  sessionId: z.string(),
  status: z.enum(ORDER_STATUSES),
  lines: z.array(orderLineSchema),
  subtotalCents: z.number().int(),
  discountPercent: z.number().int(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Whether this is the customer's first paid order (the success page offers onboarding then). */
  firstPaidOrder: z.boolean(),
});
export type OrderDto = z.infer<typeof orderSchema>;

export const sessionIdParamsSchema = z.object({
  sessionId: singleLineText().min(1, "Required").max(200),
});
