/**
 * The payment provider's webhook: Stripe's signed events, read as bytes (the signature is over
 * exactly what Stripe sent), checked, and handed to the payment events' handler, which writes the
 * ledger, closes or reopens the order, mails the receipt and notifies the customer.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../shared/api/errors";
import {
  type PaymentsPort,
  WebhookEventError,
  WebhookSignatureError,
} from "../../platform/adapters/payments/port";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { badRequest, errorTextFor } from "../../platform/http/errors";
import { verbatim } from "../../platform/i18n/message";
import type { MailQueue } from "../../platform/outbox/mail";
import type { Notifier } from "../notifications";
import { handlePaymentEvent } from "./payment-events";

/** What the webhook's body is, for the reference: the route reads the bytes itself, to check their signature. */
const paymentEventBodySchema = z
  .looseObject({
    id: z.string(),
    type: z.string(),
    data: z.looseObject({ object: z.looseObject({}) }),
  })
  .describe("A Stripe event, exactly as Stripe signed it (the `Stripe-Signature` header).");

export interface WebhookRoutesOptions {
  db: Database;
  config: Config;
  payments: PaymentsPort | undefined;
  /** Receipts and failed-payment notices from the webhook's events. */
  mail?: MailQueue;
  /** Failed payments and refunds become notifications. */
  notifier?: Notifier;
}

const webhookRoutes: FastifyPluginAsyncZod<WebhookRoutesOptions> = async (
  app,
  { db, config, payments, mail, notifier },
) => {
  // Read as bytes: the signature is over exactly what Stripe sent.
  await app.register(async (raw) => {
    raw.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => {
      done(null, body);
    });
    raw.post(
      "/api/stripe/webhook",
      {
        config: {
          access: "public",
          crossSite: true,
          // Stripe calls it, with no session: no one's viewing has anything to do with it.
          whileViewing: "allowed",
          documented: { body: paymentEventBodySchema },
        },
        schema: {
          summary: "Receive the payment provider's events",
          description:
            "Stripe's signed events (Stripe-Signature over the raw body, timestamped within 300 s either way).",
          response: {
            200: z.object({ received: z.literal(true) }),
            400: errorBodySchema,
            503: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        if (!payments) {
          return reply.code(503).send({
            error: errorTextFor(
              request,
              /*i18n*/ { id: "error.payments-not-configured", message: "Payments are not configured" },
            ),
          });
        }
        const body = request.body;
        if (!Buffer.isBuffer(body))
          throw badRequest(
            /*i18n*/ {
              id: "error.webhook.not-stripe-event",
              message: "The body must be Stripe's JSON event",
            },
          );
        const signature = request.headers["stripe-signature"];
        let event: Awaited<ReturnType<PaymentsPort["parseWebhook"]>>;
        try {
          event = await payments.parseWebhook(body, typeof signature === "string" ? signature : undefined);
        } catch (error) {
          // A forged, stale or malformed event is the sender's mistake: 400, which Stripe does not
          // retry as it retries a 5xx.
          if (error instanceof WebhookSignatureError || error instanceof WebhookEventError) {
            app.metrics.webhookEvents.inc({ type: "(unread)", result: "refused" });
            throw badRequest(verbatim(error.message));
          }
          throw error;
        }
        const outcome = await handlePaymentEvent(db, request.log, event, payments.kind, {
          config,
          payments,
          mail,
          notifier,
        }).catch((error: unknown) => {
          app.metrics.webhookEvents.inc({ type: event.type, result: "failed" });
          throw error;
        });
        request.log.info({ eventId: event.id, type: event.type, outcome }, "payment event");
        app.metrics.webhookEvents.inc({ type: event.type, result: outcome });
        return { received: true as const };
      },
    );
  });
};

export default webhookRoutes;
