import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../shared/api/errors";
import {
  cancelLinkParamsSchema,
  cartCheckoutSchema,
  catalogueSchema,
  checkoutSessionAnswerSchema,
  continuePaymentAnswerSchema,
  heldOrderSchema,
  type OrderList,
  orderIdParamsSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSummarySchema,
  payAnswerSchema,
  payBodySchema,
  type SavedOrderCheckout,
  savedOrderCheckoutSchema,
  sessionIdParamsSchema,
} from "../../../shared/api/shop";
import type { PaymentsPort } from "../../platform/adapters/payments/port";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import type { OrderRow } from "../../platform/db/schema";
import { badRequest, forbidden, notFound } from "../../platform/http/errors";
import { hit } from "../../platform/http/rate-limiter";
import { requireUser } from "../../platform/http/require-user";
import { errorResponses, notModifiedResponse } from "../../platform/http/responses";
import { fieldError, type ServerMessage } from "../../platform/i18n/message";
import {
  answeredNotModified,
  createVersionedPages,
  listVersionOf,
  sendCachedPage,
} from "../../platform/kept-reads";
import type { SecretBox } from "../../platform/secrets/secret-box";
import { orderIdOfCancelLink } from "./cancel-link";
import {
  catalogueFor,
  type ShopContext,
  startCheckout,
  startPayLink,
  type WantedItem,
} from "./checkout-service";
import { cancelOrder, continuePayment } from "./order-actions";
import {
  decodeOrderCursor,
  findOrderById,
  findOrderBySession,
  heldOrderDto,
  orderSummaryDto,
  pageOfOrders,
  paidBefore,
} from "./orders-repo";

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

export interface ShopRoutesOptions {
  db: Database;
  config: Config;
  payments: PaymentsPort | undefined;
  secretBox: SecretBox;
}

/**
 * How often one address may look up orders it does not own by their session id or cancel link: the
 * success page asks every 2 s for up to a minute while a payment is confirmed, and several payers
 * may share an address; guessing a session id (Stripe's are long and random) gets nowhere near.
 */
const HELD_ORDER_LOOKUPS_PER_HOUR = 300;

/**
 * How many payment links' checkouts one address may start an hour, and how many anyone but the
 * customer may start for one uid: a stranger repeating a link gets no further than this, and the
 * customer, signed in, counts against their own checkout limit instead.
 */
const PAY_LINKS_PER_HOUR = 20;

const shopRoutes: FastifyPluginAsyncZod<ShopRoutesOptions> = async (
  app,
  { db, config, payments, secretBox },
) => {
  const context = (log: ShopContext["log"]): ShopContext => ({ db, config, payments, secretBox, log });
  const checkoutLimit = (userId: number) => ({ key: `checkout-user:${userId}`, limit: 30, windowMs: HOUR });
  // The same for the life of the process: it depends on configuration only.
  const catalogue = catalogueFor({ config, payments });
  const keyOfPriceId = new Map(catalogue.items.map((item) => [item.priceId, item.key]));
  // Pages of the orders list, by customer and list version (decision 043).
  const orderPages = createVersionedPages("ord1");

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

  /**
   * The order behind a checkout, for whoever returns from it: its owner, signed in, also learns
   * whether it was their first payment; anyone else sees the order and nothing of its customer.
   * Lookups by anyone but the owner count against their address, found or not.
   */
  async function heldOrder(
    request: FastifyRequest,
    reply: FastifyReply,
    order: OrderRow | undefined,
    unknown: ServerMessage,
  ) {
    const me = request.currentUser;
    const yours = Boolean(me && order && order.userId === me.id);
    if (!yours) {
      await hit(db, [
        { key: `held-order-ip:${request.ip}`, limit: HELD_ORDER_LOOKUPS_PER_HOUR, windowMs: HOUR },
      ]);
    }
    if (!order) throw notFound(unknown);
    reply.header("cache-control", "no-store");
    const first = me && yours && order.status === "paid" ? !(await paidBefore(db, me.id, order)) : false;
    return heldOrderDto(order, yours, first);
  }

  app.get(
    "/api/orders/by-session/:sessionId",
    {
      config: { access: "public" },
      schema: {
        summary: "The order behind a payment session",
        description:
          "The order behind a payment session, for whoever returns from its checkout, signed in or not: the session id is the capability. It shows what was bought and where its payment stands, never who bought it; `yours` and `firstPaidOrder` speak to the customer alone. Lookups of orders not the caller's own are limited per address.",
        params: sessionIdParamsSchema,
        response: { 200: heldOrderSchema, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) =>
      heldOrder(
        request,
        reply,
        await findOrderBySession(db, request.params.sessionId),
        /*i18n*/ { id: "error.order.no-session", message: "No order has this payment session" },
      ),
  );

  app.get(
    "/api/orders/by-cancel-link/:ref",
    {
      config: { access: "public" },
      schema: {
        summary: "The order behind a cancelled checkout",
        description:
          "The order a checkout's cancel link names (`ref`, sealed by the server), for whoever the payment page sent back: the same view as by session id. A forged or damaged `ref` is unknown (404).",
        params: cancelLinkParamsSchema,
        response: { 200: heldOrderSchema, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const orderId = orderIdOfCancelLink(secretBox, request.params.ref);
      const order = orderId === null ? undefined : await findOrderById(db, orderId);
      return heldOrder(
        request,
        reply,
        order,
        /*i18n*/ { id: "error.order.no-cancel-link", message: "No order has this cancel link" },
      );
    },
  );

  app.get(
    "/api/orders",
    {
      config: { access: "user" },
      schema: {
        summary: "The signed-in customer's orders",
        description:
          "The caller's own orders, newest first, a page at a time: `limit` of them (20 unless asked, at most 100) after `cursor` (the `nextCursor` of the page before), only those in `status` if given. Each has its lines, amounts, state and its payment's receipt once the ledger has one. Sent with an ETag: an unchanged page answers 304.",
        querystring: orderListQuerySchema,
        response: { 200: orderListSchema, 304: notModifiedResponse, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const { cursor, limit, status } = request.query;
      const after = cursor === undefined ? null : decodeOrderCursor(cursor);
      if (cursor !== undefined && !after) {
        throw badRequest(
          fieldError(
            "cursor",
            /*i18n*/ {
              id: "error.cursor.not-a-position",
              message: "not a position in this list; ask for the first page without one",
            },
          ),
        );
      }
      const key = JSON.stringify([after ? cursor : "", limit, status ?? ""]);
      // The version first: what is read after it is at least as new, so a page is never older than its tag.
      const version = await listVersionOf(request, db, "orders", me.id);
      if (answeredNotModified(request, reply, orderPages.etagOf(version, key))) return reply;
      const cached = orderPages.get(me.id, version, key);
      if (cached) return sendCachedPage(request, reply, cached);
      const { rows, nextCursor } = await pageOfOrders(db, me.id, { after, limit, status });
      const list: OrderList = {
        orders: rows.map(({ order, receiptUrl }) => orderSummaryDto(order, receiptUrl)),
        nextCursor,
      };
      return sendCachedPage(request, reply, orderPages.put(me.id, version, key, JSON.stringify(list)));
    },
  );

  const orderActionLimit = (userId: number) => ({
    key: `order-action-user:${userId}`,
    limit: 60,
    windowMs: HOUR,
  });

  app.post(
    "/api/orders/:id/continue",
    {
      config: { access: "user" },
      schema: {
        summary: "Continue paying an open order",
        description:
          "The payment page of the caller's own open order (Stripe's checkout while its session is open, or the local test checkout), to pay it after all. Another customer's order is unknown (404); an order that is not open, or whose checkout has expired, is a conflict (409).",
        params: orderIdParamsSchema,
        body: z.strictObject({}).optional(),
        response: {
          200: continuePaymentAnswerSchema,
          ...errorResponses(404, 409, 429, 502, 503),
        },
      },
    },
    async (request) => {
      const me = requireUser(request);
      await hit(db, [orderActionLimit(me.id)]);
      return continuePayment({ db, payments }, me.id, request.params.id);
    },
  );

  app.post(
    "/api/orders/:id/cancel",
    {
      config: { access: "user" },
      schema: {
        summary: "Cancel an open order",
        description:
          "Cancels the caller's own open order: with Stripe its checkout session is expired first, so it can no longer be paid. Answers the cancelled order. Another customer's order is unknown (404); an order that is no longer open (paid, cancelled already, expired) is a conflict (409).",
        params: orderIdParamsSchema,
        body: z.strictObject({}).optional(),
        response: { 200: orderSummarySchema, ...errorResponses(404, 409, 429, 502) },
      },
    },
    async (request) => {
      const me = requireUser(request);
      await hit(db, [orderActionLimit(me.id)]);
      return cancelOrder({ db, payments }, me.id, request.params.id);
    },
  );
};

export default shopRoutes;
