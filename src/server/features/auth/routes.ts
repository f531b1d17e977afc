/**
 * Sign-in's routes, one file per part (passkeys, Google, closing a login and the security settings
 * are registered by app.ts; the account's own settings are features/account).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
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
};

export default authRoutes;
