/**
 * The shop's API contract: the catalogue, the two checkout calls of decision R9, payment links,
 * an order as whoever returns from its checkout may read it back, and the customer's orders. The server reads product keys and quantities only;
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

/** What an order was for and where its payment stands: its lines and figures, nothing of its customer. */
const orderFiguresSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  lines: z.array(orderLineSchema),
  subtotalCents: z.number().int(),
  discountPercent: z.number().int(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});

/**
 * `GET /api/orders/by-session/{sessionId}` and `GET /api/orders/by-cancel-link/{ref}`: an order as
 * whoever returns from its checkout sees it. The session id (or the cancel link) is the capability:
 * anyone holding it sees what was bought and the amounts, never who bought it (decision 029).
 */
export const heldOrderSchema = orderFiguresSchema.extend({
  /** Whether the caller is signed in as the customer whose order it is. */
  yours: z.boolean(),
  /**
   * For the customer: whether this payment is their first (no other payment in their ledger, from the
   * operator's base or the portal), when the success page offers onboarding. Always false for anyone else.
   */
  firstPaidOrder: z.boolean(),
});
export type HeldOrder = z.infer<typeof heldOrderSchema>;

/** One of the customer's orders on `/billing/orders`. */
export const orderSummarySchema = orderFiguresSchema.extend({
  id: z.number().int(),
  /** The payment's receipt (Stripe's receipt or invoice page, or the test provider's), once there is one. */
  receiptUrl: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const ORDER_PAGE_DEFAULT = 20;
export const ORDER_PAGE_MAX = 100;

/** `GET /api/orders`: a page of the customer's orders, newest first. */
export const orderListQuerySchema = z.object({
  /** `nextCursor` of the page before; none for the first page. */
  cursor: singleLineText().max(100).optional(),
  limit: z.coerce
    .number({ error: "limit must be a whole number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(ORDER_PAGE_MAX, `limit must be at most ${ORDER_PAGE_MAX}`)
    .default(ORDER_PAGE_DEFAULT),
  /** Only the orders in this state. */
  status: z.enum(ORDER_STATUSES, { error: `status must be one of: ${ORDER_STATUSES.join(", ")}` }).optional(),
});

export const orderListSchema = z.object({
  orders: z.array(orderSummarySchema),
  /** The cursor of the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type OrderList = z.infer<typeof orderListSchema>;

export const orderIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: "id must be an order number" })
    .int("id must be an order number")
    .positive("id must be an order number")
    .max(2_147_483_647, "id must be an order number"),
});

/** `POST /api/orders/{id}/continue`: where to pay the open order. */
export const continuePaymentAnswerSchema = z.object({ url: z.string() });

/** `GET /api/orders/by-cancel-link/{ref}`: the `ref` of the cancel link the checkout returns to. */
export const cancelLinkParamsSchema = z.object({
  ref: singleLineText().min(1, "Required").max(400),
});

export const sessionIdParamsSchema = z.object({
  sessionId: singleLineText().min(1, "Required").max(200),
});
