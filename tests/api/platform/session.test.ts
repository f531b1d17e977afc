import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../../src/server/platform/db/schema";
import { findLiveSession, SessionChecks } from "../../../src/server/platform/http/session-store";
import { hashSecretToken } from "../../../src/server/platform/secrets/secret-token";
import { currentUserSchema } from "../../../src/shared/api/user";
import { createTestApp, sameOrigin, type TestApp } from "../../support/test-app";
import { signedInUser } from "../../support/users";

describe("sessions and GET /api/user", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_IDLE_MINUTES: "30", SESSION_MAX_AGE_HOURS: "24" } });
  });
  afterAll(() => t.close());

  it("answers 401 with no cookie or an unknown token", async () => {
    const none = await t.app.inject({ method: "GET", url: "/api/user" });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: "Not authenticated" });
    const unknown = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { cookie: "portal_session=forged" },
    });
    expect(unknown.statusCode).toBe(401);
  });

  it("returns the signed-in user without internal columns", async () => {
    const { user, cookie } = await signedInUser(t.database.db, t.config, {
      passwordHash: "$argon2id$not-for-clients",
    });
    const res = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = currentUserSchema.strict().parse(res.json());
    expect(body).toMatchObject({ id: user.id, uid: user.uid, email: user.email, role: "customer" });
    expect(res.body).not.toContain("argon2");
  });

  it("stores only a hash of the token", async () => {
    const { token, user } = await signedInUser(t.database.db, t.config);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashSecretToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("ends a session that has been idle longer than the idle timeout", async () => {
    const { cookie, user } = await signedInUser(t.database.db, t.config);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.userId, user.id));
    const res = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    expect(res.statusCode).toBe(401);
    expect(res.headers["set-cookie"]).toMatch(/portal_session=;/);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it("ends a session past its absolute lifetime even when it is in use", async () => {
    const { token, user } = await signedInUser(t.database.db, t.config);
    const policy = t.config.session;
    const later = new Date(Date.now() + policy.maxAgeMs + 1_000);
    // Kept active right up to the end, so only the absolute lifetime can end it.
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(later.getTime() - 1_000) })
      .where(eq(sessions.userId, user.id));
    expect(
      await findLiveSession(new SessionChecks(t.database.db, t.database.changes), policy, token, later),
    ).toBeNull();
  });

  it("keeps an active session alive by moving its last-seen time", async () => {
    const { token, user } = await signedInUser(t.database.db, t.config);
    const in20Minutes = new Date(Date.now() + 20 * 60_000);
    expect(
      await findLiveSession(
        new SessionChecks(t.database.db, t.database.changes),
        t.config.session,
        token,
        in20Minutes,
      ),
    ).not.toBeNull();
    const in45Minutes = new Date(Date.now() + 45 * 60_000);
    // 25 idle minutes since the last touch: still inside the 30-minute idle window.
    expect(
      await findLiveSession(
        new SessionChecks(t.database.db, t.database.changes),
        t.config.session,
        token,
        in45Minutes,
      ),
    ).not.toBeNull();
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.lastSeenAt.getTime()).toBe(in45Minutes.getTime());
  });

  it("signs out: ends the session on the server and clears the cookie", async () => {
    const { cookie, user } = await signedInUser(t.database.db, t.config);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { ...sameOrigin, cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers["set-cookie"]).toMatch(/portal_session=;.*HttpOnly.*SameSite=Lax/);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const after = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it("signing out one session leaves the user's other sessions alone", async () => {
    const first = await signedInUser(t.database.db, t.config);
    const { createSession } = await import("../../../src/server/platform/http/session-store");
    const second = await createSession(t.database.db, t.config.session, first.user.id);
    await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { ...sameOrigin, cookie: first.cookie },
      payload: {},
    });
    const res = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { cookie: `${t.config.session.cookieName}=${second.token}` },
    });
    expect(res.statusCode).toBe(200);
  });
});
