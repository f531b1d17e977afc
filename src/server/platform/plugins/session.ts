/**
 * Reads the session cookie and puts the signed-in user (or null) on the request, and enforces who
 * may call each route. Every route declares `config: { access: ... }` (the start fails otherwise),
 * and access is decided from the matched route's own declaration, never from the URL's text: the
 * router decodes a path, so `/%61pi/...` or an absolute-form target reaches the same route and the
 * same guard. A request that matched no route reaches only the not-found handler.
 *
 * A session that views the portal as a customer (decision 036) is served as that customer, read
 * only: `request.currentUser` is the customer, `request.viewingAdmin` the administrator, and a route
 * answers only if `whileViewing` (view-as-session.ts) lets it; admin routes never do.
 */

import cookie from "@fastify/cookie";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config";
import type { Database, DatabaseChanges } from "../db/database";
import { type SessionProof, type SessionRow, type UserRow, users } from "../db/schema";
import { adminMustEnrol, adminSecondFactorBody } from "../http/admin-second-factor";
import { errorTextFor, NOT_AUTHENTICATED } from "../http/errors";
import { createSession, findLiveSession, SessionChecks } from "../http/session-store";
import { answersWhileViewing, type WhileViewing } from "../http/view-as-session";
import { askedLanguage } from "../i18n/asked-language";
import { replyLanguage } from "../i18n/reply-language";
import { READ_ONLY_VIEWING } from "../i18n/shared-texts";

export type Access = "public" | "user" | "admin";

/**
 * Records a sign-in in the audit log, in the transaction that starts its session: the audit log is
 * a feature, which app.ts wires in here.
 */
export type RecordSignIn = (
  tx: Database,
  signIn: { userId: number; provenBy: SessionProof; ipAddress: string },
) => Promise<void>;

export interface DeclaredRoute {
  methods: string[];
  url: string;
  access: Access;
  crossSite: boolean;
  staticAsset: boolean;
  whileViewing: WhileViewing | undefined;
}

/** The answer of an admin route to a session that views as a customer. */
export const ADMIN_WHILE_VIEWING = /*i18n*/ {
  id: "error.view-as.admin-pages",
  message: "Stop viewing as a customer to use the admin pages",
};

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    crossSite?: boolean;
    /** A file of the built client: public, and served without a session look-up. */
    staticAsset?: boolean;
    /** Whether a session viewing as a customer may call the route (view-as-session.ts). */
    whileViewing?: WhileViewing;
  }
  interface FastifyRequest {
    /** Who the request is served as: the session's user, or the customer a session views as. */
    currentUser: UserRow | null;
    currentSession: SessionRow | null;
    /** The administrator whose session views the portal as `currentUser`, read only; else null. */
    viewingAdmin: UserRow | null;
  }
  interface FastifyInstance {
    /** Starts a new session for the user, proven as `provenBy` says, and sets its cookie on the reply. */
    startSession(reply: FastifyReply, user: UserRow, provenBy: SessionProof): Promise<SessionRow>;
    clearSessionCookie(reply: FastifyReply): void;
    /** Every route and its declared access, as registered (for the API reference and its tests). */
    declaredRoutes(): DeclaredRoute[];
  }
}

/** Whether a request of this method may write (HTTP's safe methods only read). */
const mayWrite = (method: string) => method !== "GET" && method !== "HEAD" && method !== "OPTIONS";

export default fp(
  async function session(
    app: FastifyInstance,
    opts: { config: Config; db: Database; changes: DatabaseChanges; recordSignIn: RecordSignIn },
  ) {
    const { config, db, changes, recordSignIn } = opts;
    const policy = config.session;
    const checks = new SessionChecks(db, changes);
    const cookieOptions = {
      path: "/",
      httpOnly: true,
      sameSite: "lax" as const,
      secure: policy.secureCookie,
    };

    await app.register(cookie);
    app.decorateRequest("currentUser", null);
    app.decorateRequest("currentSession", null);
    app.decorateRequest("viewingAdmin", null);
    app.decorateRequest("sessionListVersions", null);

    app.decorate("startSession", async (reply: FastifyReply, user: UserRow, provenBy: SessionProof) => {
      const request = reply.request;
      const { token, session } = await db.transaction(async (tx) => {
        const started = await createSession(tx, policy, user.id, {
          userAgent: request.headers["user-agent"],
          ipAddress: request.ip,
          provenBy,
        });
        // What the browser asks for is what the portal's mails speak until a language is chosen.
        const asked = askedLanguage(request);
        if (asked && asked !== user.browserLanguage) {
          await tx.update(users).set({ browserLanguage: asked }).where(eq(users.id, user.id));
        }
        // Every sign-in is in the audit log with its proof; Google's records itself with its own kinds.
        if (provenBy !== "google") {
          await recordSignIn(tx, { userId: user.id, provenBy, ipAddress: request.ip });
        }
        return started;
      });
      reply.setCookie(policy.cookieName, token, {
        ...cookieOptions,
        maxAge: Math.floor(policy.maxAgeMs / 1000),
      });
      return session;
    });
    app.decorate("clearSessionCookie", (reply: FastifyReply) => {
      reply.clearCookie(policy.cookieName, cookieOptions);
    });

    // Checked once every plugin has had its say: the client's file routes are declared by the
    // client-app plugin's own onRoute hook, which runs after this one.
    const routes: RouteOptions[] = [];
    app.addHook("onRoute", (route) => {
      routes.push(route);
    });
    app.addHook("onReady", async () => {
      const undeclared = routes.filter((route) => !route.config?.access);
      if (undeclared.length > 0) {
        const names = undeclared.map((route) => `${String(route.method)} ${route.url}`).join(", ");
        throw new Error(`Routes must declare their access: ${names}`);
      }
    });
    app.decorate("declaredRoutes", () =>
      routes.map((route) => ({
        methods: ([] as string[]).concat(route.method),
        url: route.url,
        access: route.config?.access ?? "public",
        crossSite: route.config?.crossSite === true,
        staticAsset: route.config?.staticAsset === true,
        whileViewing: route.config?.whileViewing,
      })),
    );

    // The explicit invalidation of kept session checks where the portal writes: a request that may
    // write moves the database's generation on when it arrives and again before its answer leaves,
    // so the next request never reads a check kept from before its change, even on a server whose
    // notification of the change has not come back yet (decision 081).
    app.addHook("onRequest", async (request) => {
      if (mayWrite(request.method)) changes.noteWrite();
    });
    app.addHook("onSend", async (request, _reply, payload) => {
      if (mayWrite(request.method)) changes.noteWrite();
      return payload;
    });

    // preValidation, so that a caller without access learns nothing from validation messages.
    app.addHook("preValidation", async (request, reply) => {
      const { access, staticAsset, whileViewing } = request.routeOptions.config;
      // No declaration means no route matched: only the not-found handler runs, and it reads no session.
      if (access === undefined || staticAsset) return;
      const token = request.cookies[policy.cookieName];
      if (token) {
        const live = await findLiveSession(checks, policy, token);
        if (live) {
          request.currentSession = live.session;
          request.currentUser = live.viewing ?? live.user;
          request.sessionListVersions = { userId: live.user.id, versions: live.listVersions };
          if (live.viewing) request.viewingAdmin = live.user;
        } else {
          app.clearSessionCookie(reply);
        }
      }
      if (request.viewingAdmin) {
        // Whatever the customer's own role: the administrator's powers wait until they stop viewing.
        if (access === "admin")
          return reply.code(403).send({ error: errorTextFor(request, ADMIN_WHILE_VIEWING) });
        if (!answersWhileViewing(request.method, whileViewing)) {
          return reply.code(403).send({ error: errorTextFor(request, READ_ONLY_VIEWING) });
        }
      }
      if (access === "public") return;
      if (!request.currentUser)
        return reply.code(401).send({ error: errorTextFor(request, NOT_AUTHENTICATED) });
      if (access === "admin" && request.currentUser.role !== "admin") {
        return reply.code(403).send({
          error: errorTextFor(
            request,
            /*i18n*/ { id: "error.admin-required", message: "Admin access required" },
          ),
        });
      }
      if (access === "admin" && (await adminMustEnrol(db, config, request.currentUser))) {
        return reply
          .code(403)
          .type("application/json; charset=utf-8")
          .send(adminSecondFactorBody(replyLanguage(request)));
      }
    });
  },
  { name: "session" },
);
