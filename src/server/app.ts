/**
 * Builds the Fastify app from its plugins and feature routes. Tests call this with a fresh database;
 * start.ts calls it with the configured one.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { DestinationStream } from "pino";
import devToolsRoutes from "./dev/dev-tools-routes";
import testBillingPortalRoutes from "./dev/test-billing-portal-routes";
import testCheckoutRoutes from "./dev/test-checkout-routes";
import testInvoiceRoutes from "./dev/test-invoice-routes";
import { accountRoutes } from "./features/account/account-routes";
import languageRoutes from "./features/account/language-routes";
import supportViewsRoutes from "./features/account/support-views-routes";
import activityRoutes from "./features/activity/routes";
import attentionRoutes from "./features/admin/attention-routes";
import customersRoutes from "./features/admin/customers-routes";
import outboxRoutes from "./features/admin/failing-jobs-routes";
import viewAsRoutes from "./features/admin/view-as-routes";
import { recordAuditEvent } from "./features/audit";
import auditRoutes from "./features/audit/routes";
import closeLoginRoutes from "./features/auth/close-login-routes";
import googleRoutes from "./features/auth/google-routes";
import { mailRequestKind } from "./features/auth/mail-requests";
import passkeyRoutes from "./features/auth/passkey-routes";
import authRoutes from "./features/auth/routes";
import securityRoutes from "./features/auth/security-routes";
import billingRoutes from "./features/billing/routes";
import webhookRoutes from "./features/billing/webhook-routes";
import healthRoutes from "./features/health/routes";
import linkedinAccountsRoutes from "./features/linkedin-accounts/routes";
import myDataRoutes from "./features/my-data/routes";
import { notificationDigestKind } from "./features/notifications/digest";
import { createNotifier } from "./features/notifications/notifier";
import notificationsRoutes from "./features/notifications/routes";
import profileOptimizationsRoutes from "./features/profile-optimizations/routes";
import publicConfigRoutes from "./features/public-config/routes";
import replacementRequestsRoutes from "./features/replacement-requests/routes";
import shopRoutes from "./features/shop/routes";
import { loadFieldMap } from "./features/sync/field-map";
import syncRoutes from "./features/sync/routes";
import { createSyncService } from "./features/sync/sync-service";
import { type Adapters, createAdapters } from "./platform/adapters/create-adapters";
import type { Config } from "./platform/config";
import type { DatabaseHandle } from "./platform/db/database";
import { answerClientError, answerConnect, refuseMissingHost } from "./platform/http/client-error";
import type { EarlyListener } from "./platform/http/early-listener";
import { fastifyLoggerOptions, genReqId, OneLinePerRequest, prettyLogStream } from "./platform/logger";
import { mailKind, mailQueue } from "./platform/outbox/mail";
import { createOutbox, type Outbox } from "./platform/outbox/outbox";
import { clientDistDir } from "./platform/paths";
import apiReference from "./platform/plugins/api-reference";
import clientApp from "./platform/plugins/client-app";
import crossSiteGuard from "./platform/plugins/cross-site-guard";
import errorShape, { answerRouterError } from "./platform/plugins/error-shape";
import loopbackOnly from "./platform/plugins/loopback-only";
import metrics from "./platform/plugins/metrics";
import securityHeaders from "./platform/plugins/security-headers";
import session from "./platform/plugins/session";
import { Readiness } from "./platform/readiness";
import { openSecretBox } from "./platform/secrets/secret-box";

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** Where log lines go; standard output when absent. Tests pass a stream to read them back. */
  logStream?: DestinationStream;
  /** Outside services in place of the configured ones (a fake's client, a mail server that holds). */
  adapters?: Partial<Adapters>;
  /** The built client to serve; dist/client by default. */
  clientDir?: string;
  /** Whether the start has finished (start.ts moves it on); ready when absent, as in tests. */
  readiness?: Readiness;
  /** The server already listening (start.ts); without it Fastify makes its own, as tests use. */
  listener?: EarlyListener;
}

/**
 * Fastify refuses a bare hop count (it cannot tell a proxy from a client that sends enough hops);
 * the operator who sets one vouches that the nearest N addresses of the chain are their proxies.
 */
function trustProxyOption(trust: Config["trustProxy"]) {
  if (typeof trust !== "number") return trust;
  return (_address: string, hop: number) => hop < trust;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The durable background work: start.ts starts its timer, tests drain it. */
    outbox: Outbox;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const fieldMap = await loadFieldMap(config.airtableFieldMapPath);
  const logStream = deps.logStream ?? (config.logFormat === "pretty" ? await prettyLogStream() : undefined);
  const app = Fastify({
    ...(deps.listener && { serverFactory: deps.listener.adopt }),
    logger: fastifyLoggerOptions(config.logLevel, logStream),
    logController: new OneLinePerRequest(),
    genReqId,
    requestIdHeader: false,
    // Only as configured (TRUST_PROXY): a forwarded address from anyone else is a made-up one.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1_048_576,
    // Let in-flight requests finish on close but drop idle keep-alive sockets at once.
    forceCloseConnections: "idle",
    return503OnClosing: true,
    // Errors the router meets before any route runs (a malformed escape, an overlong parameter).
    frameworkErrors: answerRouterError,
    // Requests Node's HTTP parser refuses (431, 408, a malformed request line) in the same shape.
    clientErrorHandler: answerClientError,
    // Checked by the first hook instead, whose answer has the error shape (refuseMissingHost).
    http: { requireHostHeader: false },
    // Every route validates and serialises with zod (set below as well). Naming the compilers here
    // keeps fastify from loading its JSON-schema ones (ajv, fast-json-stringify) at start, which
    // nothing here would use (decision 059).
    schemaController: {
      compilersFactory: {
        buildValidator: () => validatorCompiler as never,
        buildSerializer: () => serializerCompiler as never,
      },
    },
  }).withTypeProvider<ZodTypeProvider>();
  const requestsMap = fieldMap.tables.replacementRequests;
  const adapters = createAdapters(config, database.db, {
    csvColumns: fieldMap.csv,
    csvWrittenTable: { table: requestsMap.table, fields: Object.values(requestsMap.fields) },
    log: app.log,
    overrides: deps.adapters,
  });

  // The early listener's server answers a CONNECT already.
  if (app.server.listenerCount("connect") === 0) app.server.on("connect", answerConnect);
  app.addHook("onRequest", refuseMissingHost);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON bodies are accepted: a form post from another site cannot reach a handler.
  app.removeContentTypeParser(["text/plain"]);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  await app.register(errorShape);
  await app.register(securityHeaders, { config });
  await app.register(loopbackOnly);
  await app.register(crossSiteGuard, { config });
  await app.register(session, {
    config,
    db: database.db,
    changes: database.changes,
    recordSignIn: (tx, { userId, provenBy, ipAddress }) =>
      recordAuditEvent(tx, {
        kind: "sign-in",
        actorUserId: userId,
        subjectUserId: userId,
        detail: provenBy,
        ipAddress,
      }),
  });
  await app.register(apiReference, { config });
  await app.register(metrics, { config, db: database.db, changes: database.changes });

  await app.register(healthRoutes, { database, readiness: deps.readiness ?? new Readiness() });
  await app.register(publicConfigRoutes, { config });
  // Opened once: the sync seals the secrets it imports, the accounts routes open the ones shown.
  const secretBox = await openSecretBox(config);
  // Mail and write-backs are jobs committed with the change that causes them (decision 025); closing
  // the app stops the worker and waits for the delivery under way.
  const outbox = createOutbox(database.db, app.log, { leaseSeconds: config.outboxLeaseSeconds });
  outbox.register(mailKind(adapters.mail, secretBox));
  const mail = mailQueue(outbox, secretBox);
  outbox.register(mailRequestKind({ db: database.db, config, secretBox, mail }));
  app.decorate("outbox", outbox);
  outbox.register(notificationDigestKind({ db: database.db, appUrl: config.appUrl, mail }));
  const notifier = createNotifier(outbox, { digestSeconds: config.notificationDigestSeconds });
  app.addHook("onClose", async () => outbox.close());
  const sync = await createSyncService(config, database.db, app.log, {
    secretBox,
    fieldMap,
    source: adapters.records,
    outbox,
    notifier,
  });
  app.decorate("sync", sync);
  // A stop lets a sync under way finish (hooks run last-added first, so this runs before the outbox's).
  app.addHook("onClose", async () => sync.drain());
  const signInOptions = { db: database.db, config, mail, outbox, secretBox, writeBack: sync.writeBack };
  await app.register(authRoutes, signInOptions);
  await app.register(accountRoutes, signInOptions);
  await app.register(googleRoutes, {
    db: database.db,
    config,
    identity: adapters.identity,
    secretBox,
    mail,
  });
  await app.register(securityRoutes, { db: database.db, config, mail, secretBox });
  await app.register(closeLoginRoutes, {
    db: database.db,
    config,
    mail,
    secretBox,
    writeBack: sync.writeBack,
  });
  await app.register(passkeyRoutes, { db: database.db, config, secretBox, mail });
  await app.register(supportViewsRoutes, { db: database.db, config });
  await app.register(languageRoutes, { db: database.db });
  await app.register(syncRoutes, { db: database.db, sync });
  await app.register(outboxRoutes, { db: database.db, outbox });
  await app.register(attentionRoutes, { db: database.db });
  await app.register(viewAsRoutes, { db: database.db, config });
  await app.register(customersRoutes, { db: database.db, config });
  await app.register(auditRoutes, { db: database.db });
  await app.register(linkedinAccountsRoutes, { db: database.db, secretBox, config });
  await app.register(activityRoutes, { db: database.db });
  await app.register(profileOptimizationsRoutes, { db: database.db });
  await app.register(replacementRequestsRoutes, { db: database.db, writeBack: sync.requestWriteBack });
  await app.register(shopRoutes, { db: database.db, config, payments: adapters.payments, secretBox });
  await app.register(webhookRoutes, {
    db: database.db,
    config,
    payments: adapters.payments,
    mail,
    notifier,
  });
  await app.register(billingRoutes, { db: database.db, config, payments: adapters.payments });
  await app.register(myDataRoutes, { db: database.db, secretBox, config });
  await app.register(notificationsRoutes, { db: database.db, config });
  if (!config.isProduction) {
    // The development extras hand out reset links and free payments: every route registered here
    // declares itself loopback-only, so they answer no one beyond this machine whatever HOST says,
    // and none of them answers a session viewing as a customer (decision 036).
    await app.register(async (extras) => {
      extras.addHook("onRoute", (route) => {
        route.config = { ...route.config, loopbackOnly: true, whileViewing: "refused" };
      });
      if (adapters.payments?.kind === "test") {
        await extras.register(testCheckoutRoutes, {
          db: database.db,
          config,
          payments: adapters.payments,
          secretBox,
        });
        await extras.register(testBillingPortalRoutes, { config });
        await extras.register(testInvoiceRoutes, { db: database.db, config, payments: adapters.payments });
      }
      await extras.register(devToolsRoutes, { db: database.db });
    });
  }

  await app.register(clientApp, { distDir: deps.clientDir ?? clientDistDir });
  return app;
}
