/**
 * Sign-in and the account's own settings: the routes of this feature, one file per part (the second
 * factors, passkeys, Google and closing a login register their own in app.ts).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { accountRoutes } from "./account-routes";
import notMeRoutes from "./not-me-routes";
import { passwordResetRoutes } from "./password-reset-routes";
import type { AuthRoutesOptions } from "./service";
import { signInRoutes } from "./sign-in-routes";
import twoFactorRoutes from "./two-factor-routes";

const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  await app.register(twoFactorRoutes, {
    db: opts.db,
    config: opts.config,
    secretBox: opts.secretBox,
    mail: opts.mail,
  });
  await app.register(notMeRoutes, opts);
  await app.register(signInRoutes, opts);
  await app.register(passwordResetRoutes, opts);
  await app.register(accountRoutes, opts);
};

export default authRoutes;
