/**
 * Viewing the portal as a customer, read only (decision 036): an administrator's session starts it
 * with a reason and is then served as the customer; every route that changes anything, hands
 * something out or belongs to the admin pages answers 403, reads answer the customer's data; stop
 * and sign-out end it; start and stop are in the audit log with the reason, and the customer sees in
 * their own settings that support looked, and when, never who, from where or why.
 */
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runHousekeeping } from "../../../src/server/housekeeping";
import { auditEvents, linkedinAccounts, sessions, users } from "../../../src/server/platform/db/schema";
import { STEP_UP_REQUIRED_MESSAGE } from "../../../src/server/platform/http/fresh-proof";
import { createSession, deleteUserSessions } from "../../../src/server/platform/http/session-store";
import { ADMIN_WHILE_VIEWING, type DeclaredRoute } from "../../../src/server/platform/plugins/session";
import { hashSecretToken } from "../../../src/server/platform/secrets/secret-token";
import { READ_ONLY_WHILE_VIEWING } from "../../../src/shared/api/view-as";
import { AUDIT_EVENT_KIND_NAMES } from "../../../src/shared/audit/audit-kinds";
import { insertAccount, secretsFor } from "../../support/linkedin-accounts";
import { createTestApp, sameOrigin, type TestApp } from "../../support/test-app";
import { insertUser, type SignedInUser, signedInUser } from "../../support/users";

const REASON = "Ticket 4711: customer says the accounts list is empty";
const ADMIN_IP = "127.0.0.77";

/** Routes a viewing session may change something through: ending the viewing, and Stripe's calls. */
const ALLOWED_CHANGES = ["DELETE /api/view-as", "POST /api/logout", "POST /api/stripe/webhook"];
/** Reads that hand something out or start something: refused while viewing. */
const REFUSED_READS = [
  "GET /api/me/data-export",
  "GET /api/transactions/export.csv",
  "GET /api/auth/google",
  "GET /api/auth/google/callback",
  "GET /api/dev/mailbox",
  "GET /dev/mailbox",
  "GET /test-checkout/:sessionId",
  "GET /test-billing-portal",
  "GET /test-invoice/:invoiceId",
];

const isRead = (method: string) => method === "GET" || method === "HEAD";
const concretePath = (url: string, uid: string) =>
  url.replace(/:uid/g, uid).replace(/:id/g, "1").replace(/:\w+/g, "x");

describe("viewing as a customer", () => {
  let t: TestApp;
  let admin: SignedInUser;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let accountId: number;

  const startViewing = (uid: string, body: object = { reason: REASON }, cookie = admin.cookie) =>
    t.post(`/api/admin/customers/${uid}/view-as`, body, { headers: { cookie }, ip: ADMIN_IP });
  const stopViewing = (cookie = admin.cookie) =>
    t.app.inject({
      method: "DELETE",
      url: "/api/view-as",
      payload: {},
      headers: { ...sameOrigin, cookie },
      remoteAddress: ADMIN_IP,
    });
  const get = (url: string, cookie = admin.cookie) =>
    t.app.inject({ method: "GET", url, headers: { cookie } });
  const viewingColumns = async () => {
    const [row] = await t.database.db
      .select({ id: sessions.viewingUserId, reason: sessions.viewingReason, since: sessions.viewingSince })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSecretToken(admin.token)));
    return row;
  };
  const viewAsEvents = (subject: number) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.subjectUserId, subject),
          inArray(auditEvents.kind, ["view-as-started", "view-as-stopped"]),
        ),
      )
      .orderBy(auditEvents.id);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t.database.db, t.config, { role: "admin", name: "Ada Operator" });
    alice = await signedInUser(t.database.db, t.config, { name: "Alice Viewed" });
    bob = await signedInUser(t.database.db, t.config);
    accountId = (await insertAccount(t.database.db, alice.user, secretsFor(1))).id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await stopViewing();
  });

  it("starts with a reason: the session serves the customer, the banner's facts and the audit say who and why", async () => {
    const res = await startViewing(alice.user.uid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      customer: { uid: alice.user.uid, name: "Alice Viewed", email: alice.user.email },
      viewing: {
        admin: { name: "Ada Operator", email: admin.user.email },
        since: expect.any(String),
        reason: REASON,
      },
    });
    expect(await viewingColumns()).toEqual({ id: alice.user.id, reason: REASON, since: expect.any(Date) });

    const session = await get("/api/session");
    expect(session.json()).toEqual({
      user: expect.objectContaining({ id: alice.user.id, uid: alice.user.uid, role: "customer" }),
      viewing: {
        admin: { name: "Ada Operator", email: admin.user.email },
        since: expect.any(String),
        reason: REASON,
      },
    });
    expect((await get("/api/user")).json()).toMatchObject({ id: alice.user.id, email: alice.user.email });

    const events = await viewAsEvents(alice.user.id);
    // A kind the admin's audit log can filter by.
    expect(AUDIT_EVENT_KIND_NAMES).toContain("view-as-started");
    expect(events.at(-1)).toMatchObject({
      kind: "view-as-started",
      actorUserId: admin.user.id,
      subjectUserId: alice.user.id,
      detail: REASON,
      ipAddress: ADMIN_IP,
    });
    // The customer's own session is untouched.
    expect((await get("/api/session", alice.cookie)).json()).toMatchObject({
      user: { id: alice.user.id },
      viewing: null,
    });
  });

  it("answers reads with the customer's data, never the admin's", async () => {
    await startViewing(alice.user.uid);
    const accounts = await get(`/api/accounts/linkedin/user/${alice.user.uid}`);
    expect(accounts.statusCode).toBe(200);
    expect(accounts.body).toContain(`"id":${accountId}`);
    // The list carries no secret (decision D7), viewing or not.
    expect(accounts.body).not.toContain(secretsFor(1).password);
    // The admin's power to read anyone's data waits: the session is the customer now.
    expect((await get(`/api/accounts/linkedin/user/${bob.user.uid}`)).statusCode).toBe(403);
    expect((await get("/api/transactions")).statusCode).toBe(200);
    expect((await get("/api/orders")).statusCode).toBe(200);
    expect((await get("/api/activity")).statusCode).toBe(200);
  });

  it("refuses every change but stopping and signing out, every download and flow, and every admin route", async () => {
    await startViewing(alice.user.uid);
    const db = t.database.db;
    const [auditBefore] = await db.select({ n: count() }).from(auditEvents);
    const [aliceBefore] = await db.select().from(users).where(eq(users.id, alice.user.id));
    const routes: DeclaredRoute[] = t.app.declaredRoutes().filter((r) => !r.staticAsset);
    const walked: string[] = [];
    for (const route of routes) {
      for (const method of route.methods) {
        const name = `${method} ${route.url}`;
        if (ALLOWED_CHANGES.includes(name)) continue;
        const read = isRead(method);
        const refusedRead = REFUSED_READS.includes(`GET ${route.url}`);
        const res = await t.app.inject({
          method: method as "GET",
          url: concretePath(route.url, alice.user.uid),
          headers: read ? { cookie: admin.cookie } : { ...sameOrigin, cookie: admin.cookie },
          ...(read ? {} : { payload: {} }),
        });
        if (read && !refusedRead && route.access !== "admin") {
          // Every other read answers as it would the customer.
          expect(res.statusCode === 403 ? res.body : "", name).not.toContain(READ_ONLY_WHILE_VIEWING);
          continue;
        }
        expect(res.statusCode, name).toBe(403);
        if (method !== "HEAD") {
          expect(res.json(), name).toEqual({
            error: route.access === "admin" ? ADMIN_WHILE_VIEWING.message : READ_ONLY_WHILE_VIEWING,
          });
        }
        walked.push(name);
      }
    }
    // The walk reached the routes that matter most.
    for (const name of [
      "POST /api/accounts/linkedin/:id/reveal",
      "POST /api/accounts/linkedin/:id/login-code",
      "POST /api/accounts/linkedin/user/:uid/export-secrets",
      "POST /api/me/close-login",
      "PUT /api/user/:id",
      "POST /api/user/password",
      "POST /api/auth/fresh-proof",
      "POST /api/create-checkout-session",
      "POST /api/login",
      "POST /api/admin/customers/:uid/view-as",
      "GET /api/me/data-export",
      "GET /api/admin/import-status",
      "POST /api/admin/sync-users",
    ]) {
      expect(walked, name).toContain(name);
    }
    expect(walked.length).toBeGreaterThan(60);
    // Nothing was written: no audit entry (no secret shown), the customer as they were.
    const [auditAfter] = await db.select({ n: count() }).from(auditEvents);
    expect(auditAfter?.n).toBe(auditBefore?.n);
    const [aliceAfter] = await db.select().from(users).where(eq(users.id, alice.user.id));
    expect(aliceAfter).toEqual(aliceBefore);
    // Still viewing, as before the walk.
    expect((await viewingColumns())?.id).toBe(alice.user.id);
  });

  it("never reveals a secret, even with a real account and a freshly proven session", async () => {
    await startViewing(alice.user.uid);
    for (const secret of ["password", "proxyPassword"]) {
      const res = await t.post(
        `/api/accounts/linkedin/${accountId}/reveal`,
        { secret },
        { headers: { cookie: admin.cookie } },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: READ_ONLY_WHILE_VIEWING });
      expect(res.body).not.toContain(secretsFor(1).password);
    }
    const download = await get("/api/me/data-export");
    expect(download.statusCode).toBe(403);
    expect(download.json()).toEqual({ error: READ_ONLY_WHILE_VIEWING });
  });

  it("stops: the session is the admin's again, and the stop is audited with the reason", async () => {
    await startViewing(alice.user.uid);
    const res = await stopViewing();
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect(await viewingColumns()).toEqual({ id: null, reason: null, since: null });
    expect((await get("/api/session")).json()).toMatchObject({ user: { id: admin.user.id }, viewing: null });
    expect((await get("/api/admin/import-status")).statusCode).toBe(200);
    const events = await viewAsEvents(alice.user.id);
    expect(events.at(-1)).toMatchObject({
      kind: "view-as-stopped",
      actorUserId: admin.user.id,
      subjectUserId: alice.user.id,
      detail: REASON,
      ipAddress: ADMIN_IP,
    });
    expect(events.at(-1)?.targetId).toBe(events.at(-2)?.targetId);
    expect(AUDIT_EVENT_KIND_NAMES).toContain("view-as-stopped");
    // Stopping when viewing no one changes nothing and records nothing.
    expect((await stopViewing()).statusCode).toBe(204);
    expect(await viewAsEvents(alice.user.id)).toHaveLength(events.length);
  });

  it("ends with signing out, recorded as stopped", async () => {
    const other = await signedInUser(t.database.db, t.config, { role: "admin" });
    expect((await startViewing(alice.user.uid, { reason: REASON }, other.cookie)).statusCode).toBe(200);
    const out = await t.post("/api/logout", {}, { headers: { cookie: other.cookie } });
    expect(out.statusCode).toBe(200);
    const events = await viewAsEvents(alice.user.id);
    expect(events.at(-1)).toMatchObject({
      kind: "view-as-stopped",
      actorUserId: other.user.id,
      detail: REASON,
    });
    expect((await get("/api/session", other.cookie)).json()).toEqual({ user: null, viewing: null });
  });

  it("refuses customers (403) and the signed-out (401)", async () => {
    const asCustomer = await startViewing(bob.user.uid, { reason: REASON }, alice.cookie);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toEqual({ error: expect.any(String) });
    const anonymous = await t.post(`/api/admin/customers/${alice.user.uid}/view-as`, { reason: REASON });
    expect(anonymous.statusCode).toBe(401);
    const stopAnonymous = await t.app.inject({
      method: "DELETE",
      url: "/api/view-as",
      payload: {},
      headers: sameOrigin,
    });
    expect(stopAnonymous.statusCode).toBe(401);
    const [bobSession] = await t.database.db
      .select({ id: sessions.viewingUserId })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSecretToken(alice.token)));
    expect(bobSession?.id).toBeNull();
  });

  it("refuses a missing, short, long or multi-line reason (400), and changes nothing", async () => {
    for (const body of [
      {},
      { reason: "" },
      { reason: "  a " },
      { reason: "x".repeat(501) },
      { reason: "line one\nline two" },
      { reason: "tab\there" },
      { reason: 42 },
    ]) {
      const res = await startViewing(alice.user.uid, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error: expect.stringMatching(/^reason/) });
    }
    expect((await viewingColumns())?.id).toBeNull();
  });

  it("answers 404 for an unknown uid and 409 for an admin, a closed login or oneself", async () => {
    const unknown = await startViewing("no-such-uid");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: expect.any(String) });
    const otherAdmin = await insertUser(t.database.db, { role: "admin" });
    const closed = await insertUser(t.database.db, { closedAt: new Date() });
    for (const uid of [otherAdmin.uid, closed.uid, admin.user.uid]) {
      const res = await startViewing(uid);
      expect(res.statusCode, uid).toBe(409);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    expect((await viewingColumns())?.id).toBeNull();
    expect(await viewAsEvents(otherAdmin.id)).toEqual([]);
  });

  it("keeps the admin pages shut even if the customer viewed becomes an admin meanwhile", async () => {
    const carol = await insertUser(t.database.db);
    expect((await startViewing(carol.uid)).statusCode).toBe(200);
    await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, carol.id));
    const res = await get("/api/admin/import-status");
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: ADMIN_WHILE_VIEWING.message });
  });

  it("views no one once the viewer is no longer an admin", async () => {
    const demoted = await signedInUser(t.database.db, t.config, { role: "admin" });
    expect((await startViewing(alice.user.uid, { reason: REASON }, demoted.cookie)).statusCode).toBe(200);
    await t.database.db.update(users).set({ role: "customer" }).where(eq(users.id, demoted.user.id));
    expect((await get("/api/session", demoted.cookie)).json()).toMatchObject({
      user: { id: demoted.user.id },
      viewing: null,
    });
  });

  it("shows the customer when support viewed, and how long, never who, from where or why", async () => {
    const dave = await signedInUser(t.database.db, t.config);
    const mine = () => get("/api/me/support-views", dave.cookie);
    expect((await mine()).json()).toEqual({ views: [] });

    await startViewing(dave.user.uid);
    const during = await mine();
    expect(during.statusCode).toBe(200);
    expect(during.json()).toEqual({
      views: [{ startedAt: expect.any(String), endedAt: null, ongoing: true }],
    });
    // The viewing session reads the same list: the customer's.
    expect((await get("/api/me/support-views")).json()).toEqual(during.json());

    await stopViewing();
    const after = await mine();
    const [view] = after.json().views;
    expect(after.json().views).toHaveLength(1);
    expect(view).toEqual({ startedAt: expect.any(String), endedAt: expect.any(String), ongoing: false });
    expect(Date.parse(view.endedAt)).toBeGreaterThanOrEqual(Date.parse(view.startedAt));
    for (const hidden of [admin.user.email, admin.user.name, "Ada", ADMIN_IP, REASON, "4711"]) {
      expect(after.body).not.toContain(hidden);
    }

    // Own only: another customer sees none of it; the signed-out are refused.
    expect((await get("/api/me/support-views", bob.cookie)).json()).toEqual({ views: [] });
    expect((await t.app.inject({ method: "GET", url: "/api/me/support-views" })).statusCode).toBe(401);
  });

  it("lists a view whose session was removed while viewing as ended, with its end time", async () => {
    const erin = await insertUser(t.database.db);
    const other = await signedInUser(t.database.db, t.config, { role: "admin" });
    expect((await startViewing(erin.uid, { reason: REASON }, other.cookie)).statusCode).toBe(200);
    await t.database.db.delete(sessions).where(eq(sessions.userId, other.user.id));
    const { token } = await createSession(t.database.db, t.config.session, erin.id);
    const res = await get("/api/me/support-views", `${t.config.session.cookieName}=${token}`);
    expect(res.json()).toEqual({
      views: [{ startedAt: expect.any(String), endedAt: expect.any(String), ongoing: false }],
    });
  });

  describe("one stop entry per view, however it ends", () => {
    const stops = async (subject: number) =>
      (await viewAsEvents(subject)).filter((event) => event.kind === "view-as-stopped");

    it("records the stop of a view whose session expires, is cleaned up or is removed", async () => {
      const db = t.database.db;
      const ways = {
        // The session's next request finds it expired.
        expired: async (viewer: SignedInUser) => {
          await db
            .update(sessions)
            .set({ expiresAt: new Date(Date.now() - 1000) })
            .where(eq(sessions.userId, viewer.user.id));
          expect((await get("/api/session", viewer.cookie)).json()).toEqual({ user: null, viewing: null });
        },
        // Housekeeping removes a session idle too long.
        "cleaned up": async (viewer: SignedInUser) => {
          await db
            .update(sessions)
            .set({ lastSeenAt: new Date(Date.now() - t.config.session.idleTimeoutMs - 1000) })
            .where(eq(sessions.userId, viewer.user.id));
          await runHousekeeping(db, t.config);
        },
        // Every session of the admin ended (a password change, a reset, ended by another admin).
        removed: async (viewer: SignedInUser) => {
          await deleteUserSessions(db, viewer.user.id);
        },
        // The customer viewed is removed by a sync.
        "customer removed": async (_viewer: SignedInUser, customerId: number) => {
          await db.delete(users).where(eq(users.id, customerId));
        },
      };
      for (const [way, end] of Object.entries(ways)) {
        const customer = await insertUser(db);
        const viewer = await signedInUser(db, t.config, { role: "admin" });
        expect((await startViewing(customer.uid, { reason: REASON }, viewer.cookie)).statusCode, way).toBe(
          200,
        );
        const [started] = await viewAsEvents(customer.id);
        await end(viewer, customer.id);
        const recorded = await stops(customer.id);
        expect(recorded, way).toHaveLength(1);
        expect(recorded[0], way).toMatchObject({
          actorUserId: viewer.user.id,
          subjectUserId: customer.id,
          detail: REASON,
          target: "session",
          targetId: started?.targetId,
          ipAddress: null,
        });
      }
    });

    it("records one stop, not two, when a view is stopped and then signed out, or stopped twice", async () => {
      const customer = await insertUser(t.database.db);
      const viewer = await signedInUser(t.database.db, t.config, { role: "admin" });
      expect((await startViewing(customer.uid, { reason: REASON }, viewer.cookie)).statusCode).toBe(200);
      const [first, second] = await Promise.all([stopViewing(viewer.cookie), stopViewing(viewer.cookie)]);
      expect([first?.statusCode, second?.statusCode]).toEqual([204, 204]);
      expect((await t.post("/api/logout", {}, { headers: { cookie: viewer.cookie } })).statusCode).toBe(200);
      const recorded = await stops(customer.id);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]).toMatchObject({ actorUserId: viewer.user.id, ipAddress: ADMIN_IP });
    });
  });

  it("asks a session proven too long ago for a fresh proof, and starts nothing until then", async () => {
    const db = t.database.db;
    const customer = await insertUser(db);
    const viewer = await signedInUser(db, t.config, { role: "admin" });
    const proven = (at: Date) =>
      db.update(sessions).set({ provenAt: at }).where(eq(sessions.userId, viewer.user.id));
    await proven(new Date(Date.now() - t.config.stepUpMs - 1000));
    const [before] = await db.select({ n: count() }).from(auditEvents);

    const refused = await startViewing(customer.uid, { reason: REASON }, viewer.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: STEP_UP_REQUIRED_MESSAGE.message, stepUp: true });
    const [after] = await db.select({ n: count() }).from(auditEvents);
    expect(after?.n).toBe(before?.n);
    const [row] = await db
      .select({ viewing: sessions.viewingUserId })
      .from(sessions)
      .where(eq(sessions.userId, viewer.user.id));
    expect(row?.viewing).toBeNull();
    expect((await get("/api/session", viewer.cookie)).json()).toMatchObject({ viewing: null });

    // Proven again, the same request starts the view.
    await proven(new Date());
    expect((await startViewing(customer.uid, { reason: REASON }, viewer.cookie)).statusCode).toBe(200);
    const doc = (await get("/api/openapi.json")).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    };
    const documented = doc.paths["/api/admin/customers/{uid}/view-as"]?.post?.responses["403"]?.description;
    expect(documented).toMatch(/stepUp: true/);
    expect(documented).toMatch(/not an administrator/);
  });

  it("documents the viewing 403 on every route that can answer it", async () => {
    const doc = (await get("/api/openapi.json")).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    };
    expect(doc.paths["/api/accounts/linkedin/{id}/reveal"]?.post?.responses["403"]?.description).toMatch(
      /views the portal as this customer/,
    );
    expect(doc.paths["/api/me/data-export"]?.get?.responses["403"]?.description).toMatch(/views the portal/);
    expect(doc.paths["/api/transactions/export.csv"]?.get?.responses["403"]?.description).toMatch(
      /views the portal/,
    );
    expect(doc.paths["/api/admin/import-status"]?.get?.responses["403"]?.description).toMatch(
      /views the portal as a customer/,
    );
    // A plain read has no 403 to give.
    expect(doc.paths["/api/activity"]?.get?.responses["403"]).toBeUndefined();
    expect(doc.paths["/api/view-as"]?.delete?.responses["403"]?.description).not.toMatch(/views the portal/);
    // The account's own data stays a read.
    expect(await t.database.db.select({ n: count() }).from(linkedinAccounts)).toEqual([{ n: 1 }]);
  });
});
