import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditEvents,
  notificationPreferences,
  oidcFlows,
  passkeys,
  type SessionProof,
  sessions,
  twoFactorApps,
  users,
} from "../../../src/server/platform/db/schema";
import { startHttpFake } from "../../fakes/harness";
import { type OidcFault, startTestIssuer, type TestIssuer } from "../../fakes/oidc-issuer";
import { readMailbox } from "../../support/mailbox";
import { createTestApp, nextLoopbackIp, TEST_APP_URL, type TestApp } from "../../support/test-app";
import { insertUser, type SignedInUser, signedInUser } from "../../support/users";

const CLIENT_ID = "portal-test-client";
let sequence = 0;
const nextSubject = () => `1098${Date.now()}${++sequence}`;

/** The `name=value` of each cookie a response sets, for the browser's next request. */
function cookiesOf(
  res: { cookies: Array<{ name: string; value: string }> },
  jar: Record<string, string> = {},
) {
  for (const cookie of res.cookies) {
    if (cookie.value === "") delete jar[cookie.name];
    else jar[cookie.name] = cookie.value;
  }
  return jar;
}
const cookieHeader = (jar: Record<string, string>) =>
  Object.entries(jar)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");

describe("Google sign-in", () => {
  let issuer: TestIssuer;
  let t: TestApp;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    t = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: "portal-test-secret",
        GOOGLE_ISSUER_URL: issuer.url,
        GOOGLE_TIMEOUT_SECONDS: "2",
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await issuer.close();
  });
  beforeEach(() => issuer.reset());

  /** The browser's walk: start, the issuer's approval, and back to the callback. */
  async function walk(
    options: {
      jar?: Record<string, string>;
      /** The start's query string (`?next=...`), as the sign-in page sends it. */
      startQuery?: string;
      tamperCallback?: (url: URL) => void;
      /** Runs while the browser is at the issuer, before it comes back. */
      atIssuer?: () => Promise<void>;
      /** The browser's address, for a walk that must not count against the shared one's start limit. */
      ip?: string;
    } = {},
  ) {
    const jar = options.jar ?? {};
    const start = await t.app.inject({
      method: "GET",
      url: `/api/auth/google${options.startQuery ?? ""}`,
      headers: { cookie: cookieHeader(jar) },
      remoteAddress: options.ip,
    });
    expect(start.statusCode).toBe(303);
    cookiesOf(start, jar);
    const authorize = new URL(String(start.headers.location));
    const approved = await fetch(authorize, { redirect: "manual" });
    const callback = new URL(String(approved.headers.get("location")));
    options.tamperCallback?.(callback);
    await options.atIssuer?.();
    const back = await t.app.inject({
      method: "GET",
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookieHeader(jar) },
      remoteAddress: options.ip,
    });
    cookiesOf(back, jar);
    return { start, authorize, callback, back, jar };
  }
  const outcomeOf = (res: { statusCode: number; headers: Record<string, unknown> }) => {
    expect(res.statusCode).toBe(303);
    const location = new URL(String(res.headers.location));
    return location.pathname === "/dashboard" ? "dashboard" : `${location.pathname}?${location.searchParams}`;
  };
  const sessionUser = async (jar: Record<string, string>) => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { cookie: cookieHeader(jar) },
    });
    return res.statusCode === 200 ? res.json() : null;
  };
  const eventsOf = (userId: number) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectUserId, userId))
      .orderBy(auditEvents.id);

  it("asks the issuer for a code with PKCE (S256), state, nonce and the three scopes", async () => {
    const start = await t.app.inject({ method: "GET", url: "/api/auth/google" });
    expect(start.statusCode).toBe(303);
    const url = new URL(String(start.headers.location));
    expect(url.origin + url.pathname).toBe(`${issuer.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      response_type: "code",
      scope: "openid email profile",
      redirect_uri: `${TEST_APP_URL}/api/auth/google/callback`,
      code_challenge_method: "S256",
    });
    for (const param of ["state", "nonce", "code_challenge"])
      expect(url.searchParams.get(param)).toMatch(/^.{20,}$/);
    const cookie = start.cookies.find((c) => c.name === "portal_google");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/auth/google" });
    // Only a random id travels in the cookie: none of the one-time values.
    expect(cookie?.value).not.toContain(url.searchParams.get("state"));
  });

  it("creates a new customer from a verified Google identity and signs them in", async () => {
    const subject = nextSubject();
    issuer.signInAs({
      sub: subject,
      email: `New.Person${sequence}@Gmail.example`,
      email_verified: true,
      name: "New Person",
      picture: "https://lh3.example/photo.png",
    });
    const { back, jar } = await walk();
    expect(outcomeOf(back)).toBe("dashboard");
    const me = await sessionUser(jar);
    expect(me).toMatchObject({
      name: "New Person",
      email: `new.person${sequence}@gmail.example`,
      googleLinked: true,
      hasPassword: false,
      emailVerified: true,
      profileImageUrl: "https://lh3.example/photo.png",
    });
    expect(me.username).toBe(`new.person${sequence}`);
    expect((await eventsOf(me.id)).map((e) => e.kind)).toEqual(["google-sign-up"]);

    // The same Google account again: the same user, a new session, recorded as a sign-in.
    const again = await walk();
    expect(outcomeOf(again.back)).toBe("dashboard");
    expect((await sessionUser(again.jar)).id).toBe(me.id);
    expect((await eventsOf(me.id)).map((e) => e.kind)).toEqual(["google-sign-up", "google-sign-in"]);
  });

  it("mails the owner about a Google sign-in from a browser the account has not seen, once per browser", async () => {
    const email = `alerted${Date.now()}@gmail.example`;
    const subject = nextSubject();
    issuer.signInAs({ sub: subject, email, email_verified: true });
    const jar: Record<string, string> = {};
    expect(outcomeOf((await walk({ jar })).back)).toBe("dashboard");
    expect(jar.portal_device).toBeDefined();
    const alerts = async () =>
      (await readMailbox(t.app)).filter((m) => m.to === email && m.subject === "New sign-in to your account");
    expect(await alerts()).toHaveLength(1);
    // The same browser again: known by its device cookie, which comes back from Google's redirect.
    expect(outcomeOf((await walk({ jar })).back)).toBe("dashboard");
    expect(await alerts()).toHaveLength(1);
    // Another browser.
    expect(outcomeOf((await walk()).back)).toBe("dashboard");
    expect(await alerts()).toHaveLength(2);
  });

  it("links an existing user by verified email, any case, and replaces the session it came with", async () => {
    const existing = await signedInUser(t.database.db, t.config, { email: `linda${Date.now()}@example.com` });
    const subject = nextSubject();
    issuer.signInAs({ sub: subject, email: existing.user.email.toUpperCase(), email_verified: true });
    const jar: Record<string, string> = { [t.config.session.cookieName]: existing.token };
    const { back } = await walk({ jar });
    expect(outcomeOf(back)).toBe("dashboard");
    const [row] = await t.database.db.select().from(users).where(eq(users.id, existing.user.id));
    expect(row?.googleId).toBe(subject);
    expect(row?.emailVerifiedAt).not.toBeNull();
    // Signed in with a new token: the old session is gone.
    expect(jar[t.config.session.cookieName]).not.toBe(existing.token);
    expect(await sessionUser({ [t.config.session.cookieName]: existing.token })).toBeNull();
    expect((await eventsOf(existing.user.id)).map((e) => e.kind)).toContain("google-link");
  });

  it("completes an imported customer's claim by a verified Google email, with no mailed link", async () => {
    const imported = await insertUser(t.database.db, {
      email: `imported${Date.now()}@example.com`,
      passwordHash: null,
      airtableRecordId: `recImported${Date.now()}`,
    });
    issuer.signInAs({ sub: nextSubject(), email: imported.email, email_verified: true });
    const { back, jar } = await walk();
    expect(outcomeOf(back)).toBe("dashboard");
    expect(await sessionUser(jar)).toMatchObject({ id: imported.id, googleLinked: true, hasPassword: false });
  });

  it("never links an unverified email to an existing user, nor makes an account of it", async () => {
    const existing = await insertUser(t.database.db, { email: `unverified${Date.now()}@example.com` });
    issuer.signInAs({ sub: nextSubject(), email: existing.email, email_verified: false });
    const { back, jar } = await walk();
    expect(outcomeOf(back)).toBe("/login?google=unverified");
    expect(await sessionUser(jar)).toBeNull();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, existing.id));
    expect(row?.googleId).toBeNull();

    issuer.signInAs({ sub: nextSubject(), email: `nobody${Date.now()}@example.com`, email_verified: false });
    expect(outcomeOf((await walk()).back)).toBe("/login?google=unverified");
  });

  it("refuses a replayed flow, a forged state, and a callback without the browser's cookie", async () => {
    issuer.signInAs({ sub: nextSubject(), email: `replay${Date.now()}@example.com`, email_verified: true });
    const first = await walk();
    expect(outcomeOf(first.back)).toBe("dashboard");
    // The same callback and cookie again: the flow was used.
    const replay = await t.app.inject({
      method: "GET",
      url: `${first.callback.pathname}${first.callback.search}`,
      headers: {
        cookie: `portal_google=${first.start.cookies.find((c) => c.name === "portal_google")?.value}`,
      },
    });
    expect(outcomeOf(replay)).toBe("/login?google=expired");

    const forged = await walk({
      tamperCallback: (url) => url.searchParams.set("state", "forged-state-value-0000000"),
    });
    expect(outcomeOf(forged.back)).toBe("/login?google=invalid");

    const start = await t.app.inject({ method: "GET", url: "/api/auth/google" });
    const approved = await fetch(String(start.headers.location), { redirect: "manual" });
    const callback = new URL(String(approved.headers.get("location")));
    const cookieless = await t.app.inject({ method: "GET", url: `${callback.pathname}${callback.search}` });
    expect(outcomeOf(cookieless)).toBe("/login?google=expired");
  });

  it("refuses an ID token with the wrong nonce, audience or issuer, an expired one, and a badly signed one", async () => {
    const email = `tampered${Date.now()}@example.com`;
    for (const claims of [
      { nonce: "not-the-nonce-we-sent" },
      { aud: "someone-else" },
      { iss: "https://issuer.example" },
      { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 },
    ]) {
      issuer.signInAs({ sub: nextSubject(), email, email_verified: true, ...claims });
      const { back, jar } = await walk();
      expect(outcomeOf(back), JSON.stringify(claims)).toBe("/login?google=invalid");
      expect(await sessionUser(jar)).toBeNull();
    }

    issuer.signInAs({ sub: nextSubject(), email, email_verified: true });
    issuer.service.once("beforeResponse", (response) => {
      const body = response.body as { id_token: string };
      const [header, payload, signature] = body.id_token.split(".");
      // The same claims under another signature.
      body.id_token = `${header}.${payload}.${(signature ?? "").split("").reverse().join("")}`;
    });
    expect(outcomeOf((await walk()).back)).toBe("/login?google=invalid");
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("says Google is unavailable when its token endpoint fails, and refuses a malformed callback", async () => {
    issuer.signInAs({
      sub: nextSubject(),
      email: `token-fault${Date.now()}@example.com`,
      email_verified: true,
    });
    const faults: OidcFault[] = [
      { kind: "status", status: 500, body: "upstream failure", path: "/token" },
      { kind: "status", status: 503, path: "/token" },
      { kind: "status", status: 429, body: '{"error":"slow_down"}', retryAfter: 1, path: "/token" },
      { kind: "reset", path: "/token" },
      // 200 with a body that is not JSON: the issuer answered badly, the person did nothing wrong.
      { kind: "malformed", path: "/token" },
      // Past GOOGLE_TIMEOUT_SECONDS (2)
      { kind: "slow", delayMs: 2_500, path: "/token" },
    ];
    for (const fault of faults) {
      issuer.injectFault(fault);
      const { back, jar } = await walk();
      expect(outcomeOf(back), fault.kind).toBe("/login?google=unavailable");
      expect(await sessionUser(jar)).toBeNull();
      expect(
        issuer
          .requests()
          .filter((r) => r.path === "/token")
          .at(-1)?.fault,
      ).toBe(fault.kind);
    }

    const malformed = await t.app.inject({
      method: "GET",
      url: "/api/auth/google/callback?code=%00abc&state=x",
    });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json())).toEqual(["error"]);
  });

  it("says so when the person declines at the issuer", async () => {
    issuer.service.once("beforeAuthorizeRedirect", (redirect) => {
      redirect.url.searchParams.delete("code");
      redirect.url.searchParams.set("error", "access_denied");
    });
    const { back } = await walk();
    expect(outcomeOf(back)).toBe("/login?google=denied");
  });

  describe("the page asked for before sign-in", () => {
    const asked = "/accounts/linkedin?status=banned&q=ann";
    const startQuery = `?next=${encodeURIComponent(asked)}`;
    // Each walk from an address of its own: the start's per-address limit is not what is tested here.
    const walkFrom = (options: Parameters<typeof walk>[0] = {}) => walk({ ip: nextLoopbackIp(), ...options });
    const verified = (label: string) =>
      issuer.signInAs({
        sub: nextSubject(),
        email: `${label}${Date.now()}@gmail.example`,
        email_verified: true,
      });

    it("is kept on the server with the flow and returned to after the callback, with its query", async () => {
      verified("deep-link");
      const { start, authorize, back, jar } = await walkFrom({ startQuery });
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toBe(`${TEST_APP_URL}${asked}`);
      expect(await sessionUser(jar)).not.toBeNull();
      // Neither the issuer nor the browser's cookie carries it: only the flow's row does.
      expect(authorize.href).not.toContain("accounts");
      expect(start.cookies.find((c) => c.name === "portal_google")?.value).not.toContain("accounts");
    });

    it("ignores a return address added to the callback by anyone", async () => {
      verified("tampered-callback");
      const { back } = await walkFrom({
        startQuery,
        tamperCallback: (url) => {
          url.searchParams.set("next", "https://evil.example/");
          url.searchParams.set("returnTo", "//evil.example");
          url.searchParams.set("redirect_uri", "https://evil.example/");
        },
      });
      expect(back.headers.location).toBe(`${TEST_APP_URL}${asked}`);

      verified("tampered-callback-no-next");
      const plain = await walkFrom({ tamperCallback: (url) => url.searchParams.set("next", "/settings") });
      expect(plain.back.headers.location).toBe(`${TEST_APP_URL}/dashboard`);
    });

    it("is checked again on the way out: a tampered row ends on the dashboard", async () => {
      verified("tampered-row");
      const { back } = await walkFrom({
        startQuery,
        atIssuer: async () => {
          const [flow] = await t.database.db.select().from(oidcFlows).orderBy(desc(oidcFlows.id)).limit(1);
          expect(flow?.returnTo).toBe(asked);
          await t.database.db
            .update(oidcFlows)
            .set({ returnTo: "//evil.example/accounts" })
            .where(eq(oidcFlows.id, Number(flow?.id)));
        },
      });
      expect(back.headers.location).toBe(`${TEST_APP_URL}/dashboard`);
    });

    it.each([
      "https://evil.example/accounts/linkedin",
      "//evil.example",
      "/\\evil.example",
      "/%2F%2Fevil.example",
      "/%252F%252Fevil.example",
      "/\t/evil.example",
      "/api/user",
      "/login",
      "javascript:alert(1)",
    ])("an evil next (%j) is not kept, and the sign-in ends on the dashboard", async (evil) => {
      verified("evil-next");
      const { back, jar } = await walkFrom({
        startQuery: `?next=${encodeURIComponent(evil)}`,
        atIssuer: async () => {
          const [flow] = await t.database.db.select().from(oidcFlows).orderBy(desc(oidcFlows.id)).limit(1);
          expect(flow?.returnTo).toBeNull();
        },
      });
      expect(back.headers.location).toBe(`${TEST_APP_URL}/dashboard`);
      expect(await sessionUser(jar)).not.toBeNull();
    });

    it("comes back to /login with the page when Google refuses, so another way in still returns to it", async () => {
      issuer.signInAs({
        sub: nextSubject(),
        email: `unverified${Date.now()}@example.com`,
        email_verified: false,
      });
      const refused = await walkFrom({ startQuery });
      const location = new URL(String(refused.back.headers.location));
      expect(location.pathname).toBe("/login");
      expect(location.searchParams.get("google")).toBe("unverified");
      expect(location.searchParams.get("next")).toBe(asked);

      issuer.service.once("beforeAuthorizeRedirect", (redirect) => {
        redirect.url.searchParams.delete("code");
        redirect.url.searchParams.set("error", "access_denied");
      });
      const denied = new URL(String((await walkFrom({ startQuery })).back.headers.location));
      expect(`${denied.pathname}?${denied.searchParams}`).toBe(
        `/login?google=denied&next=${encodeURIComponent(asked)}`,
      );
    });

    it("a second next in the start's query is refused as malformed, in the API's error shape", async () => {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/auth/google?next=/settings&next=//evil.example",
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(["error"]);
    });
  });

  it("links and unlinks from Settings, and refuses to unlink the only way in", async () => {
    const user = await signedInUser(t.database.db, t.config, {
      email: `settings${Date.now()}@example.com`,
      password: "Settings-Portal-2026!",
    });
    const jar: Record<string, string> = { [t.config.session.cookieName]: user.token };
    const subject = nextSubject();
    // Any Google account may be linked by its signed-in owner, whatever its email, from Settings: a
    // POST (a plain visit to /api/auth/google only ever signs in).
    issuer.signInAs({ sub: subject, email: `other-address${sequence}@gmail.example`, email_verified: true });
    const start = await t.post("/api/auth/google/link", {}, { headers: { cookie: cookieHeader(jar) } });
    expect(start.statusCode).toBe(200);
    cookiesOf(start, jar);
    const approved = await fetch(start.json().url, { redirect: "manual" });
    const callback = new URL(String(approved.headers.get("location")));
    const back = await t.app.inject({
      method: "GET",
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookieHeader(jar) },
    });
    expect(outcomeOf(back)).toBe("/settings?google=linked");
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/auth/google/link",
      payload: {},
      headers: {
        cookie: cookieHeader(jar),
        origin: "https://evil.example",
        "content-type": "application/json",
      },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await sessionUser(jar)).toMatchObject({ id: user.user.id, googleLinked: true });

    const unlink = await t.post("/api/auth/google/unlink", {}, { headers: { cookie: cookieHeader(jar) } });
    expect(unlink.statusCode).toBe(200);
    expect(unlink.json()).toMatchObject({ googleLinked: false });
    expect((await eventsOf(user.user.id)).map((e) => e.kind)).toEqual(["google-link", "google-unlink"]);
    const twice = await t.post("/api/auth/google/unlink", {}, { headers: { cookie: cookieHeader(jar) } });
    expect(twice.statusCode).toBe(409);

    // A customer Google created has no password: unlinking would lock them out.
    issuer.signInAs({
      sub: nextSubject(),
      email: `only-google${Date.now()}@example.com`,
      email_verified: true,
    });
    const onlyGoogle = await walk();
    const refused = await t.post(
      "/api/auth/google/unlink",
      {},
      { headers: { cookie: cookieHeader(onlyGoogle.jar) } },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/only way to sign in/);
    expect(await sessionUser(onlyGoogle.jar)).toMatchObject({ googleLinked: true });
    expect((await t.post("/api/auth/google/unlink", {})).statusCode).toBe(401);
  });

  describe("a stolen moment must not add a way in", () => {
    const MINUTE = 60_000;
    /** A customer with a password whose session was proven `minutesAgo` minutes ago, by `provenBy`. */
    async function owner(minutesAgo: number, provenBy: SessionProof = "password") {
      const who = await signedInUser(t.database.db, t.config, {
        email: `owner${Date.now()}${++sequence}@example.com`,
        password: "Owner-Portal-2026!",
      });
      await t.database.db
        .update(sessions)
        .set({ provenAt: new Date(Date.now() - minutesAgo * MINUTE), provenBy })
        .where(eq(sessions.userId, who.user.id));
      return who;
    }
    const withApp = (userId: number) =>
      t.database.db.insert(twoFactorApps).values({ userId, secretSealed: "sealed", enabledAt: new Date() });
    const as = (who: SignedInUser) => ({ headers: { cookie: who.cookie } });
    const flowsOf = async (userId: number) =>
      (await t.database.db.select().from(oidcFlows)).filter((flow) => flow.linkUserId === userId);
    const mailsTo = async (email: string) => (await readMailbox(t.app)).filter((m) => m.to === email);
    /** Finishes a link started with `start` in the browser of `who`. */
    async function finishLink(who: SignedInUser, start: Awaited<ReturnType<TestApp["post"]>>) {
      const jar = cookiesOf(start, { [t.config.session.cookieName]: who.token });
      const approved = await fetch(start.json().url, { redirect: "manual" });
      const callback = new URL(String(approved.headers.get("location")));
      return t.app.inject({
        method: "GET",
        url: `${callback.pathname}${callback.search}`,
        headers: { cookie: cookieHeader(jar) },
      });
    }

    it("asks a stale session for a fresh proof before linking, and starts no flow", async () => {
      const who = await owner(11);
      const refused = await t.post("/api/auth/google/link", {}, as(who));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: expect.stringContaining("Confirm it's you"), stepUp: true });
      expect(await flowsOf(who.user.id)).toEqual([]);
    });

    it("asks an account with an authenticator app for that second factor, not the password alone", async () => {
      const who = await owner(0, "password");
      await withApp(who.user.id);
      const refused = await t.post("/api/auth/google/link", {}, as(who));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: expect.stringContaining("authenticator app or a passkey"),
        stepUp: true,
        secondFactor: true,
      });
      expect(await flowsOf(who.user.id)).toEqual([]);
      // The same account once the session is proven by its code: the link goes through.
      await t.database.db
        .update(sessions)
        .set({ provenBy: "password+totp" })
        .where(eq(sessions.userId, who.user.id));
      issuer.signInAs({ sub: nextSubject(), email: `second${sequence}@gmail.example`, email_verified: true });
      const start = await t.post("/api/auth/google/link", {}, as(who));
      expect(start.statusCode).toBe(200);
      expect(outcomeOf(await finishLink(who, start))).toBe("/settings?google=linked");
    });

    it("mails the owner once Google is linked, even with security mail turned off", async () => {
      const who = await owner(0);
      await t.database.db
        .insert(notificationPreferences)
        .values({ userId: who.user.id, mail: { security: false }, updatedAt: new Date() });
      issuer.signInAs({ sub: nextSubject(), email: `linked${sequence}@gmail.example`, email_verified: true });
      const start = await t.post("/api/auth/google/link", {}, as(who));
      expect(start.statusCode).toBe(200);
      expect(await mailsTo(who.user.email)).toEqual([]);
      expect(outcomeOf(await finishLink(who, start))).toBe("/settings?google=linked");
      const mails = await mailsTo(who.user.email);
      expect(mails.map((m) => m.subject)).toEqual(["Google was linked to your account"]);
      expect(mails[0]?.text).toContain(`${TEST_APP_URL}/settings`);
    });

    it("asks a stale session for a fresh proof before unlinking, and mails the owner after", async () => {
      const who = await owner(11);
      await t.database.db.update(users).set({ googleId: nextSubject() }).where(eq(users.id, who.user.id));
      const refused = await t.post("/api/auth/google/unlink", {}, as(who));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ stepUp: true });
      const [still] = await t.database.db.select().from(users).where(eq(users.id, who.user.id));
      expect(still?.googleId).not.toBeNull();
      expect(await mailsTo(who.user.email)).toEqual([]);

      await t.database.db
        .update(sessions)
        .set({ provenAt: new Date() })
        .where(eq(sessions.userId, who.user.id));
      const unlinked = await t.post("/api/auth/google/unlink", {}, as(who));
      expect(unlinked.statusCode).toBe(200);
      expect(unlinked.json()).toMatchObject({ googleLinked: false });
      expect((await mailsTo(who.user.email)).map((m) => m.subject)).toEqual([
        "Google was unlinked from your account",
      ]);
    });

    it("lets an account without a password unlink Google when a passkey still signs it in", async () => {
      const who = await signedInUser(t.database.db, t.config, { googleId: nextSubject() });
      const refused = await t.post("/api/auth/google/unlink", {}, as(who));
      expect(refused.statusCode).toBe(409);
      await t.database.db.insert(passkeys).values({
        userId: who.user.id,
        credentialId: `credential-${nextSubject()}`,
        publicKey: "public-key",
        name: "Laptop",
      });
      const unlinked = await t.post("/api/auth/google/unlink", {}, as(who));
      expect(unlinked.statusCode).toBe(200);
      expect(unlinked.json()).toMatchObject({ googleLinked: false, hasPassword: false });
    });

    it("asks a stale session for a fresh proof before security mail is turned off, and nothing else", async () => {
      const who = await owner(11);
      const mail = { accounts: true, optimizations: false, requests: false, payments: true, security: true };
      const put = (body: object) =>
        t.app.inject({
          method: "PUT",
          url: "/api/notifications/preferences",
          payload: body,
          headers: { cookie: who.cookie, origin: TEST_APP_URL },
        });
      // Another switch needs no proof.
      expect((await put({ mail })).statusCode).toBe(200);
      const off = await put({ mail: { ...mail, security: false } });
      expect(off.statusCode).toBe(403);
      expect(off.json()).toMatchObject({ stepUp: true });
      const [stored] = await t.database.db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, who.user.id));
      expect(stored?.mail).toMatchObject({ accounts: true, security: true });

      await t.database.db
        .update(sessions)
        .set({ provenAt: new Date() })
        .where(eq(sessions.userId, who.user.id));
      const fresh = await put({ mail: { ...mail, security: false } });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json()).toEqual({ mail: { ...mail, security: false } });
      // Turning it back on needs no proof: only silencing the alarms does.
      await t.database.db
        .update(sessions)
        .set({ provenAt: new Date(Date.now() - 11 * MINUTE) })
        .where(eq(sessions.userId, who.user.id));
      expect((await put({ mail })).statusCode).toBe(200);
    });
  });

  it("keeps the audit trail for admins only, in the one audit log", async () => {
    const admin = await signedInUser(t.database.db, t.config, { role: "admin" });
    const customer = await signedInUser(t.database.db, t.config);
    const read = (cookie?: string) =>
      t.app.inject({
        method: "GET",
        url: "/api/admin/audit?kind=google-sign-in",
        headers: cookie ? { cookie } : {},
      });
    const res = await read(admin.cookie);
    expect(res.statusCode).toBe(200);
    const { events } = res.json();
    expect(events.length).toBeGreaterThan(0);
    expect(events[0]).toEqual(
      expect.objectContaining({
        kind: "google-sign-in",
        at: expect.any(String),
        subject: expect.objectContaining({ uid: expect.any(String) }),
        ipAddress: expect.any(String),
      }),
    );
    expect((await read(customer.cookie)).statusCode).toBe(403);
    expect((await read()).statusCode).toBe(401);
  });

  describe("what Google says of a person is taken as Settings would take it", () => {
    const newSignIn = async (claims: { name?: string; email: string }) => {
      issuer.signInAs({ sub: nextSubject(), email_verified: true, ...claims });
      return walk({ ip: nextLoopbackIp() });
    };

    it("stores a name without control, invisible or text-direction characters, and a NUL is no error", async () => {
      const cases: Array<[string, string]> = [
        ["Nul\u0000Name", "NulName"],
        ["Ann\u202eyelsew\u202c Lee", "Annyelsew Lee"],
        ["Zero\u200bWidth\ufeff\u2066Isolate\u2069", "ZeroWidthIsolate"],
        ["Line\r\nBreak\tTab", "Line Break Tab"],
        ["Bell\u0007Esc\u001b[2J", "BellEsc[2J"],
      ];
      for (const [given, stored] of cases) {
        const email = `named${++sequence}@gmail.example`;
        const { back, jar } = await newSignIn({ name: given, email });
        expect(outcomeOf(back), JSON.stringify(given)).toBe("dashboard");
        expect((await sessionUser(jar))?.name, JSON.stringify(given)).toBe(stored);
      }
      // Nothing left of it: the email's local part, as for no name at all.
      const local = `unnamed${++sequence}`;
      const { jar } = await newSignIn({ name: "\u200b\u0000\u202e", email: `${local}@gmail.example` });
      expect((await sessionUser(jar))?.name).toBe(local);
    });

    it("treats an email that is not one plain address as none: no account is made or linked with it", async () => {
      const victim = await insertUser(t.database.db, { email: `victim${++sequence}@example.com` });
      const injected = `${victim.email}\r\nBcc: injected@evil.example`;
      const { back, jar } = await newSignIn({ name: "Injected", email: injected });
      expect(outcomeOf(back)).toBe("/login?google=no-email");
      expect(await sessionUser(jar)).toBeNull();
      const [row] = await t.database.db.select().from(users).where(eq(users.id, victim.id));
      expect(row?.googleId).toBeNull();
      const stored = await t.database.db.select({ email: users.email }).from(users);
      expect(stored.filter((u) => u.email.includes("evil.example"))).toEqual([]);
      for (const other of ["two@example.com, three@example.com", "Name <four@example.com>"]) {
        expect(outcomeOf((await newSignIn({ email: other })).back)).toBe("/login?google=no-email");
      }
    });
  });
});

describe("Google sign-in when the issuer cannot be reached", () => {
  it("says Google is unavailable, within the timeout, for an issuer that is down or never answers", async () => {
    const silent = await startHttpFake({ respond: () => ({ status: 200, body: "{}" }) });
    silent.injectFault({ kind: "hang", times: "all" });
    const closedPort = await startHttpFake({ respond: () => ({ status: 200, body: "{}" }) });
    const downUrl = closedPort.url;
    await closedPort.close();
    for (const issuerUrl of [downUrl, silent.url]) {
      const t = await createTestApp({
        env: {
          GOOGLE_CLIENT_ID: CLIENT_ID,
          GOOGLE_CLIENT_SECRET: "portal-test-secret",
          GOOGLE_ISSUER_URL: issuerUrl,
          GOOGLE_TIMEOUT_SECONDS: "1",
        },
      });
      try {
        const started = Date.now();
        const res = await t.app.inject({ method: "GET", url: "/api/auth/google" });
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toBe(`${TEST_APP_URL}/login?google=unavailable`);
        expect(t.logs()).toContain("the OpenID issuer could not be reached");
      } finally {
        await t.close();
      }
    }
    await silent.close();
  });

  it("says Google is unavailable while the issuer's discovery fails (5xx, garbage), and recovers once it answers", async () => {
    const flaky = await startTestIssuer();
    const discovery = "/.well-known/openid-configuration";
    flaky.injectFault({ kind: "status", status: 503, path: discovery });
    flaky.injectFault({ kind: "malformed", path: discovery });
    const t = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: "portal-test-secret",
        GOOGLE_ISSUER_URL: flaky.url,
        GOOGLE_TIMEOUT_SECONDS: "2",
      },
    });
    try {
      for (const attempt of ["503", "garbage"]) {
        // Back on /login with the page asked for, so that a password sign-in still returns to it.
        const res = await t.app.inject({ method: "GET", url: "/api/auth/google?next=/billing/transactions" });
        expect(res.statusCode, attempt).toBe(303);
        expect(res.headers.location, attempt).toBe(
          `${TEST_APP_URL}/login?google=unavailable&next=/billing/transactions`,
        );
      }
      expect(t.logs()).toContain("the OpenID issuer could not be reached");
      const res = await t.app.inject({ method: "GET", url: "/api/auth/google" });
      expect(res.statusCode).toBe(303);
      expect(String(res.headers.location)).toMatch(new RegExp(`^${flaky.url}/authorize\\?`));
      expect(
        flaky
          .requests()
          .filter((r) => r.path === discovery)
          .map((r) => r.fault ?? r.status),
      ).toEqual(["status", "malformed", 200]);
    } finally {
      await t.close();
      await flaky.close();
    }
  });

  it("without GOOGLE_CLIENT_ID, says Google sign-in is not configured", async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/auth/google" });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`${TEST_APP_URL}/login?google=not-configured`);
      const evil = await t.app.inject({ method: "GET", url: "/api/auth/google?next=//evil.example" });
      expect(evil.headers.location).toBe(`${TEST_APP_URL}/login?google=not-configured`);
    } finally {
      await t.close();
    }
  });
});
