/**
 * A customer's orders: the list, an order looked up by its checkout or cancel link while its
 * payment is confirmed, and continuing or cancelling an open one.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  cancelLinkParamsSchema,
  continuePaymentAnswerSchema,
  heldOrderSchema,
  type OrderList,
  orderIdParamsSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSummarySchema,
  sessionIdParamsSchema,
} from "../../../shared/api/shop";
import type { OrderRow } from "../../platform/db/schema";
import { badRequest, notFound } from "../../platform/http/errors";
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
import { orderIdOfCancelLink } from "./cancel-link";
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
import type { ShopRoutesOptions } from "./shop-routes-options";

const HOUR = 60 * 60 * 1000;

/**
 * How often one address may look up orders it does not own by their session id or cancel link: the
 * success page asks every 2 s for up to a minute while a payment is confirmed, and several payers
 * may share an address; guessing a session id (Stripe's are long and random) gets nowhere near.
 */
const HELD_ORDER_LOOKUPS_PER_HOUR = 300;

export const orderRoutes: FastifyPluginAsyncZod<ShopRoutesOptions> = async (
  app,
  { db, payments, secretBox },
) => {
  // Pages of the orders list, by customer and list version (decision 043).
  const orderPages = createVersionedPages("ord1");

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
