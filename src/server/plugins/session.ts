/**
 * Reads the session cookie on API requests and puts the signed-in user (or null) on the request.
 * Also declares who may call each route: every /api route must say `config: { access: ... }`, and
 * the guard here enforces it before the handler runs.
 */
import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { SessionRow, UserRow } from "../db/schema";
import { createSession, findLiveSession } from "./session-store";

export type Access = "public" | "user" | "admin";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    crossSite?: boolean;
  }
  interface FastifyRequest {
    currentUser: UserRow | null;
    currentSession: SessionRow | null;
  }
  interface FastifyInstance {
    /** Starts a new session for the user and sets its cookie on the reply. */
    startSession(reply: FastifyReply, user: UserRow): Promise<SessionRow>;
    clearSessionCookie(reply: FastifyReply): void;
  }
}

export default fp(
  async function session(app: FastifyInstance, opts: { config: Config; db: Database }) {
    const { config, db } = opts;
    const policy = config.session;
    const cookieOptions = {
      path: "/",
      httpOnly: true,
      sameSite: "lax" as const,
      secure: policy.secureCookie,
    };

    await app.register(cookie);
    app.decorateRequest("currentUser", null);
    app.decorateRequest("currentSession", null);

    app.decorate("startSession", async (reply: FastifyReply, user: UserRow) => {
      const request = reply.request;
      const { token, session } = await createSession(db, policy, user.id, {
        userAgent: request.headers["user-agent"],
        ipAddress: request.ip,
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

    app.addHook("onRoute", (route) => {
      if (route.url.startsWith("/api/") && !route.config?.access) {
        throw new Error(`Route ${route.method} ${route.url} does not declare its access`);
      }
    });

    // preValidation, so that a caller without access learns nothing from validation messages.
    app.addHook("preValidation", async (request, reply) => {
      if (!request.url.startsWith("/api/")) return;
      const token = request.cookies[policy.cookieName];
      if (token) {
        const live = await findLiveSession(db, policy, token);
        if (live) {
          request.currentUser = live.user;
          request.currentSession = live.session;
        } else {
          app.clearSessionCookie(reply);
        }
      }
      const access = request.routeOptions.config.access;
      if (access === "public" || access === undefined) return;
      if (!request.currentUser) return reply.code(401).send({ error: "Not authenticated" });
      if (access === "admin" && request.currentUser.role !== "admin") {
        return reply.code(403).send({ error: "Admin access required" });
      }
    });
  },
  { name: "session" },
);
