/**
 * Builds the Fastify app from its plugins and feature routes. Tests call this with a fresh database;
 * main.ts calls it with the configured one.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { DestinationStream } from "pino";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/client";
import authRoutes from "./features/auth/routes";
import devToolsRoutes from "./features/dev-tools/routes";
import healthRoutes from "./features/health/routes";
import linkedinAccountsRoutes from "./features/linkedin-accounts/routes";
import publicConfigRoutes from "./features/public-config/routes";
import syncRoutes from "./features/sync/routes";
import type { RecordSource } from "./features/sync/sources/record-source";
import { createSyncService } from "./features/sync/sync-service";
import { fastifyLoggerOptions, genReqId } from "./logger";
import { createMailer, type Mailer } from "./mail/mailer";
import { clientDistDir } from "./paths";
import clientApp from "./plugins/client-app";
import crossSiteGuard from "./plugins/cross-site-guard";
import errorShape from "./plugins/error-shape";
import securityHeaders from "./plugins/security-headers";
import session from "./plugins/session";
import { openSecretBox } from "./secrets/secret-box";

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** Where log lines go; standard output when absent. Tests pass a stream to read them back. */
  logStream?: DestinationStream;
  /** Outgoing mail; by default SMTP or the development mailbox, as configured. */
  mailer?: Mailer;
  /** The built client to serve; dist/client by default. */
  clientDir?: string;
  /** Where the sync reads records; by default the configured Airtable base or CSV folder. */
  syncSource?: RecordSource;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const mailer = deps.mailer ?? createMailer(config, database.db);
  const app = Fastify({
    logger: fastifyLoggerOptions(config.logLevel, deps.logStream),
    genReqId,
    requestIdHeader: false,
    trustProxy: config.isProduction,
    bodyLimit: 1_048_576,
    // Let in-flight requests finish on close but drop idle keep-alive sockets at once.
    forceCloseConnections: "idle",
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON bodies are accepted: a form post from another site cannot reach a handler.
  app.removeContentTypeParser(["text/plain"]);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  await app.register(errorShape);
  await app.register(securityHeaders, { config });
  await app.register(crossSiteGuard, { config });
  await app.register(session, { config, db: database.db });

  await app.register(healthRoutes, { database });
  await app.register(publicConfigRoutes, { config });
  // Opened once: the sync seals the secrets it imports, the accounts routes open the ones shown.
  const secretBox = await openSecretBox(config);
  const sync = await createSyncService(config, database.db, app.log, { secretBox, source: deps.syncSource });
  app.decorate("sync", sync);
  await app.register(authRoutes, { db: database.db, config, mailer, writeBack: sync.writeBack });
  await app.register(syncRoutes, { db: database.db, sync });
  await app.register(linkedinAccountsRoutes, { db: database.db, secretBox });
  if (!config.isProduction) await app.register(devToolsRoutes, { db: database.db });

  await app.register(clientApp, { distDir: deps.clientDir ?? clientDistDir });
  return app;
}
