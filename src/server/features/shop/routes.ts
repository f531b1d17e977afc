/** The shop's routes: starting a payment (checkout-routes.ts) and the orders (order-routes.ts). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { checkoutRoutes } from "./checkout-routes";
import { orderRoutes } from "./order-routes";
import type { ShopRoutesOptions } from "./shop-routes-options";

const shopRoutes: FastifyPluginAsyncZod<ShopRoutesOptions> = async (app, options) => {
  await app.register(checkoutRoutes, options);
  await app.register(orderRoutes, options);
};

export default shopRoutes;
