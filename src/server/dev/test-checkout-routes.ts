/**
 * The local test checkout's payment page (decision R13), outside production and only without Stripe:
 * `/test-checkout/{sessionId}` shows the order, its lines and total, with Pay and Cancel. Pay sends
 * the signed `checkout.session.completed` Stripe would send through the portal's own webhook route,
 * so a test payment takes exactly the path a real one takes. What Pay and Cancel change, and that a
 * checkout completes only once, is in test-checkout.ts.
 */
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sessionIdParamsSchema } from "../../shared/api/shop";
import { formatCents } from "../../shared/shop/pricing";
import {
  cancelUrl,
  findOrderBySession,
  ORDER_LINES_STYLE,
  orderLinesTable,
  successUrl,
} from "../features/shop";
import type { TestPaymentsPort } from "../platform/adapters/payments/port";
import type { Config } from "../platform/config";
import type { Database } from "../platform/db/database";
import type { OrderRow } from "../platform/db/schema";
import { escapeHtml } from "../platform/http/escape-html";
import type { SecretBox } from "../platform/secrets/secret-box";
import { cancelTestCheckout, payTestCheckout, type TestCheckoutOutcome } from "./test-checkout";

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.25rem;margin:0 0 .25rem}p{margin:.25rem 0 1rem;color:#52525b}caption{text-align:left}th.n{text-align:right}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:1px solid #d4d4d8;background:#fff;cursor:pointer}
button.pay{background:#1d4ed8;border-color:#1d4ed8;color:#fff}.note{font-size:.875rem}
@media (prefers-color-scheme:dark){body{background:#09090b;color:#fafafa}main{background:#18181b}p{color:#a1a1aa}button{background:#27272a;color:#fafafa;border-color:#3f3f46}}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}
${ORDER_LINES_STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function orderPage(order: OrderRow, sessionId: string): string {
  const action = (verb: string) => `/test-checkout/${encodeURIComponent(sessionId)}/${verb}`;
  const open = order.status === "open";
  return page(
    "Test checkout",
    `<h1>Test checkout</h1>
<p>No card is charged: this page stands in for Stripe's checkout while the portal runs without Stripe.</p>
${orderLinesTable(order, "Monthly subscription")}
${
  open
    ? `<div class="actions"><form method="post" action="${action("pay")}"><button class="pay" type="submit">Pay ${escapeHtml(formatCents(order.totalCents))}</button></form>
<form method="post" action="${action("cancel")}"><button type="submit">Cancel</button></form></div>`
    : `<p role="status">This checkout is ${escapeHtml(order.status)}.</p>`
}`,
  );
}

const notFoundPage = page(
  "Checkout not found",
  "<h1>Checkout not found</h1><p>This checkout does not exist.</p>",
);

const testCheckoutRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  payments: TestPaymentsPort;
  secretBox: SecretBox;
}> = async (app, { db, config, payments, secretBox }) => {
  const params = { params: sessionIdParamsSchema };
  // Pay and Cancel are plain HTML forms with no fields; in this plugin only, their form body is
  // accepted and ignored. The cross-site guard still wants the portal's own Origin on them.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_request, _body, done) => {
      done(null, {});
    },
  );

  app.get(
    "/test-checkout/:sessionId",
    { config: { access: "public" }, schema: params },
    async (request, reply) => {
      const order = await findOrderBySession(db, request.params.sessionId);
      reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
      if (!order) return reply.code(404).send(notFoundPage);
      return orderPage(order, request.params.sessionId);
    },
  );

  /** The answer to Pay or Cancel when it did not do what it was asked: the order as it stands. */
  const notDone = (reply: FastifyReply, outcome: TestCheckoutOutcome, sessionId: string) => {
    reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
    if (outcome.kind === "not-found") return reply.code(404).send(notFoundPage);
    if (outcome.kind === "already-completed") {
      // A checkout completes once; the page says how this one did.
      return reply.code(409).send(orderPage(outcome.order, sessionId));
    }
    return reply
      .code(502)
      .send(page("Payment failed", "<h1>Payment failed</h1><p>The payment event was refused.</p>"));
  };

  app.post(
    "/test-checkout/:sessionId/pay",
    { config: { access: "public" }, schema: params },
    async (request, reply) => {
      const { sessionId } = request.params;
      const deliver = async (payload: string, signature: string) => {
        const delivered = await app.inject({
          method: "POST",
          url: "/api/stripe/webhook",
          headers: { "content-type": "application/json", "stripe-signature": signature },
          payload,
        });
        return delivered.statusCode;
      };
      const outcome = await payTestCheckout(db, payments, deliver, sessionId);
      if (outcome.kind === "refused") {
        request.log.error({ status: outcome.status }, "the test checkout's event was refused");
      }
      if (outcome.kind !== "paid") return notDone(reply, outcome, sessionId);
      return reply.redirect(
        successUrl(config).replace("{CHECKOUT_SESSION_ID}", encodeURIComponent(sessionId)),
        303,
      );
    },
  );

  app.post(
    "/test-checkout/:sessionId/cancel",
    { config: { access: "public" }, schema: params },
    async (request, reply) => {
      const { sessionId } = request.params;
      const outcome = await cancelTestCheckout(db, sessionId);
      if (outcome.kind !== "cancelled") return notDone(reply, outcome, sessionId);
      // As Stripe's back link does: to the cancel page of this order, which keeps the cart.
      const order = await findOrderBySession(db, sessionId);
      return reply.redirect(order ? cancelUrl(config, secretBox, order.id) : `${config.appUrl}/orders`, 303);
    },
  );
};

export default testCheckoutRoutes;
