/**
 * Starting a payment: the catalogue, a checkout for the cart or a saved order, and a payment link
 * (`/pay`) that anyone may open for the customer it names.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "../../../shared/api/errors";
import {
  cartCheckoutSchema,
  catalogueSchema,
  checkoutSessionAnswerSchema,
  payAnswerSchema,
  payBodySchema,
  type SavedOrderCheckout,
  savedOrderCheckoutSchema,
} from "../../../shared/api/shop";
import { badRequest, forbidden } from "../../platform/http/errors";
import { hit } from "../../platform/http/rate-limiter";
import { requireUser } from "../../platform/http/require-user";
import { errorResponses } from "../../platform/http/responses";
import { fieldError } from "../../platform/i18n/message";
import {
  catalogueFor,
  type ShopContext,
  startCheckout,
  startPayLink,
  type WantedItem,
} from "./checkout-service";
import type { ShopRoutesOptions } from "./shop-routes-options";

const HOUR = 60 * 60 * 1000;

const errors = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  429: errorBodySchema,
  502: errorBodySchema,
  503: errorBodySchema,
};

/** The saved order's two lists and their quantities, as product keys and quantities only. */
function wantedFromSavedOrder(body: SavedOrderCheckout): WantedItem[] {
  const wanted: WantedItem[] = [];
  const lists = [
    [body.selectedPlans, body.planQuantities, "plan"],
    [body.selectedAddOns, body.addOnQuantities, "addon"],
  ] as const;
  for (const [selected, quantities, as] of lists) {
    const seen = new Set<string>();
    for (const { id } of selected) {
      if (seen.has(id))
        throw badRequest(
          /*i18n*/ { id: "error.shop.listed-twice", message: '"{key}" is listed twice', values: { key: id } },
        );
      seen.add(id);
      const quantity = quantities[id];
      if (quantity === undefined)
        throw badRequest(
          fieldError(
            id,
            /*i18n*/ { id: "error.shop.quantity-required", message: "a quantity from 1 to 100 is required" },
          ),
        );
      wanted.push({ key: id, quantity, as });
    }
  }
  return wanted;
}

/**
 * How many payment links' checkouts one address may start an hour, and how many anyone but the
 * customer may start for one uid: a stranger repeating a link gets no further than this, and the
 * customer, signed in, counts against their own checkout limit instead.
 */
const PAY_LINKS_PER_HOUR = 20;

export const checkoutRoutes: FastifyPluginAsyncZod<ShopRoutesOptions> = async (
  app,
  { db, config, payments, secretBox },
) => {
  const context = (log: ShopContext["log"]): ShopContext => ({ db, config, payments, secretBox, log });
  const checkoutLimit = (userId: number) => ({ key: `checkout-user:${userId}`, limit: 30, windowMs: HOUR });
  // The same for the life of the process: it depends on configuration only.
  const catalogue = catalogueFor({ config, payments });
  const keyOfPriceId = new Map(catalogue.items.map((item) => [item.priceId, item.key]));

  app.get(
    "/api/catalogue",
    {
      config: { access: "public" },
      schema: {
        summary: "The plans and add-ons on sale",
        description: "The plans and add-ons on sale, their prices and the volume discount tiers.",
        response: { 200: catalogueSchema },
      },
    },
    async () => catalogue,
  );

  app.post(
    "/api/create-checkout-session",
    {
      config: { access: "user" },
      schema: {
        summary: "Pay for the saved order",
        description: "Starts a payment for the saved checkout order; prices and totals are the server's.",
        body: savedOrderCheckoutSchema,
        response: { 200: checkoutSessionAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const wanted = wantedFromSavedOrder(request.body);
      await hit(db, [checkoutLimit(me.id)]);
      return startCheckout(context(request.log), me, wanted, "checkout", "the-customer");
    },
  );

  app.post(
    "/api/stripe/create-checkout-session",
    {
      config: { access: "user" },
      schema: {
        summary: "Pay for cart items by price id",
        description:
          "Starts a payment for cart items by price id (for API clients); the customer is the caller.",
        body: cartCheckoutSchema,
        response: { 200: checkoutSessionAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const me = requireUser(request);
      if (request.body.uid !== undefined && request.body.uid !== me.uid) {
        throw forbidden(
          /*i18n*/ {
            id: "error.shop.own-only",
            message: "You can only check out for yourself",
          },
        );
      }
      const wanted = request.body.items.map(({ priceId, quantity }) => {
        const key = keyOfPriceId.get(priceId);
        if (!key)
          throw badRequest(
            /*i18n*/ {
              id: "error.shop.price-not-on-sale",
              message: '"{price}" is not a price on sale',
              values: { price: priceId },
            },
          );
        return { key, quantity };
      });
      await hit(db, [checkoutLimit(me.id)]);
      return startCheckout(context(request.log), me, wanted, "cart", "the-customer");
    },
  );

  app.post(
    "/api/pay",
    {
      config: { access: "public" },
      schema: {
        summary: "Start a payment link's payment",
        description:
          "A payment link: starts a one-product payment for the customer with this uid. The payment page shows the customer's details only when the caller is signed in as that customer. An order started by anyone else is in the customer's list only once it is paid; of those, at most 10 unpaid are open, and a new one expires the oldest (the customer's own count apart). A uid that names no customer answers the same, with a payment page that takes no payment. Limited per address, and per uid for callers who are not that customer.",
        body: payBodySchema,
        response: { 200: payAnswerSchema, ...errorResponses(400, 403, 429, 502, 503) },
      },
    },
    async (request) => {
      const me = request.currentUser;
      const uid = request.body.uid;
      // Counted the same for a uid that names a customer and one that does not (decision 066).
      await hit(db, [
        { key: `pay-ip:${request.ip}`, limit: PAY_LINKS_PER_HOUR, windowMs: HOUR },
        me?.uid === uid
          ? checkoutLimit(me.id)
          : { key: `pay-uid:${uid}`, limit: PAY_LINKS_PER_HOUR, windowMs: HOUR },
      ]);
      const session = await startPayLink(context(request.log), me, request.body);
      return { redirectUrl: session.url };
    },
  );
};
