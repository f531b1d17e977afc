/**
 * The local test provider's billing page (decision R13): where Stripe's billing portal would let a
 * customer manage subscriptions and cards, this page says what it would offer, and leads back.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../platform/config";

function billingPortalPage(returnUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test billing portal</title>
<style>
body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#111;background:#fff}
a{color:#1d4ed8}
</style>
</head>
<body>
<main>
<h1>Test billing portal</h1>
<p>Payments here go through the portal's test checkout, so there is no Stripe account to manage.
With Stripe configured, this button opens Stripe's billing portal, where you can:</p>
<ul>
<li>see your subscriptions and cancel or change them;</li>
<li>add, replace or remove the card you pay with;</li>
<li>download your invoices and receipts;</li>
<li>update your billing address and email.</li>
</ul>
<p><a href="${returnUrl}">Return to Transaction History</a></p>
</main>
</body>
</html>`;
}

const testBillingPortalRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  // The page shows nothing of anyone's: no query parameter reaches it.
  const page = billingPortalPage(`${config.appUrl}/billing/transactions`);
  app.get("/test-billing-portal", { config: { access: "public" } }, async (_request, reply) =>
    reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(page),
  );
};

export default testBillingPortalRoutes;
