import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../shared/api/errors";
import {
  cartCheckoutSchema,
  catalogueSchema,
  checkoutSessionAnswerSchema,
  orderSchema,
  payAnswerSchema,
  payBodySchema,
  type SavedOrderCheckout,
  savedOrderCheckoutSchema,
  sessionIdParamsSchema,
} from "../../../shared/api/shop";
import { type PaymentsPort, WebhookEventError, WebhookSignatureError } from "../../adapters/payments/port";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { badRequest, forbidden, notFound } from "../../http/errors";
import { hit } from "../../http/rate-limiter";
import { requireUser } from "../../http/require-user";
import type { MailQueue } from "../../outbox/mail";
import {
  catalogueFor,
  type ShopContext,
  startCheckout,
  startPayLink,
  type WantedItem,
} from "./checkout-service";
import { findOrderBySession, orderDto, paidOrderCount } from "./orders-repo";
import { handlePaymentEvent } from "./payment-events";

const HOUR = 60 * 60 * 1000;

/** What the webhook's body is, for the reference: the route reads the bytes itself, to check their signature. */
const paymentEventBodySchema = z
  .looseObject({
    id: z.string(),
    type: z.string(),
    data: z.looseObject({ object: z.looseObject({}) }),
  })
  .describe("A Stripe event, exactly as Stripe signed it (the `Stripe-Signature` header).");
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
      if (seen.has(id)) throw badRequest(`"${id}" is listed twice`);
      seen.add(id);
      const quantity = quantities[id];
      if (quantity === undefined) throw badRequest(`${id}: a quantity from 1 to 100 is required`);
      wanted.push({ key: id, quantity, as });
    }
  }
  return wanted;
}

export interface ShopRoutesOptions {
  db: Database;
  config: Config;
  payments: PaymentsPort | undefined;
  /** Receipts and failed-payment notices from the webhook's events. */
  mail?: MailQueue;
}

const shopRoutes: FastifyPluginAsyncZod<ShopRoutesOptions> = async (app, { db, config, payments, mail }) => {
  const context = (log: ShopContext["log"]): ShopContext => ({ db, config, payments, log });
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
        throw forbidden("You can only check out for yourself");
      }
      const wanted = request.body.items.map(({ priceId, quantity }) => {
        const key = keyOfPriceId.get(priceId);
        if (!key) throw badRequest(`"${priceId}" is not a price on sale`);
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
          "A payment link: starts a one-product payment for the customer with this uid. The payment page shows the customer's details only when the caller is signed in as that customer. A customer has at most 10 unpaid checkouts open; a new one expires the oldest.",
        body: payBodySchema,
        response: { 200: payAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await hit(db, [{ key: `pay-ip:${request.ip}`, limit: 20, windowMs: HOUR }]);
      const session = await startPayLink(context(request.log), request.currentUser, request.body);
      return { redirectUrl: session.url };
    },
  );

  app.get(
    "/api/orders/by-session/:sessionId",
    {
      config: { access: "user" },
      schema: {
        summary: "The order behind a payment session",
        description: "The caller's own order behind a payment session, and where its payment stands.",
        params: sessionIdParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const order = await findOrderBySession(db, request.params.sessionId);
      // Another customer's order is as unknown as one that does not exist.
      if (!order || order.userId !== me.id) throw notFound("No order of yours has this payment session");
      reply.header("cache-control", "no-store");
      const paid = order.status === "paid" ? await paidOrderCount(db, me.id) : 0;
      return orderDto(order, paid === 1);
    },
  );

  // The webhook reads its body as bytes: the signature is over exactly what Stripe sent.
  await app.register(async (raw) => {
    raw.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => {
      done(null, body);
    });
    raw.post(
      "/api/stripe/webhook",
      {
        config: { access: "public", crossSite: true, documented: { body: paymentEventBodySchema } },
        schema: {
          summary: "Receive the payment provider's events",
          description: "Stripe's signed events (Stripe-Signature over the raw body, 300 s tolerance).",
          response: {
            200: z.object({ received: z.literal(true) }),
            400: errorBodySchema,
            503: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        if (!payments) return reply.code(503).send({ error: "Payments are not configured" });
        const body = request.body;
        if (!Buffer.isBuffer(body)) throw badRequest("The body must be Stripe's JSON event");
        const signature = request.headers["stripe-signature"];
        let event: Awaited<ReturnType<PaymentsPort["parseWebhook"]>>;
        try {
          event = await payments.parseWebhook(body, typeof signature === "string" ? signature : undefined);
        } catch (error) {
          // A forged, stale or malformed event is the sender's mistake: 400, which Stripe does not
          // retry as it retries a 5xx.
          if (error instanceof WebhookSignatureError || error instanceof WebhookEventError) {
            throw badRequest(error.message);
          }
          throw error;
        }
        const outcome = await handlePaymentEvent(db, request.log, event, payments.kind, {
          config,
          payments,
          mail,
        });
        request.log.info({ eventId: event.id, type: event.type, outcome }, "payment event");
        return { received: true as const };
      },
    );
  });
};

export default shopRoutes;
