/**
 * Passkeys (decision 021) with real WebAuthn answers from a software authenticator: adding, listing,
 * renaming and removing them, signing in with one (no email typed; both factors at once), and a
 * fresh proof with one. A wrong origin, a counter that did not move, a challenge used twice and
 * another user's passkey are all refused, and nothing is signed in.
 */
import { asc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  notificationPreferences,
  passkeys,
  sessions,
  webauthnChallenges,
} from "../../../src/server/platform/db/schema";
import { hashSecretToken } from "../../../src/server/platform/secrets/secret-token";
import { readMailbox } from "../../support/mailbox";
import { type CeremonyOptions, SoftAuthenticator } from "../../support/soft-authenticator";
import {
  createTestApp,
  nextLoopbackIp,
  sameOrigin,
  TEST_APP_URL,
  type TestApp,
} from "../../support/test-app";
import { type SignedInUser, signedInUser } from "../../support/users";

const CEREMONY_COOKIE = "portal_webauthn";
const RP_ID = new URL(TEST_APP_URL).hostname;

describe("passkeys", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const cookieOf = (res: LightMyRequestResponse, name: string) => {
    const found = res.cookies.find((cookie) => cookie.name === name);
    return found?.value ? `${name}=${found.value}` : undefined;
  };
  const withCookies = (...cookies: Array<string | undefined>) => ({
    cookie: cookies.filter(Boolean).join("; "),
  });
  const post = (url: string, payload: object, ...cookies: Array<string | undefined>) =>
    t.post(url, payload, { headers: withCookies(...cookies) });
  const send = (method: "PATCH" | "DELETE" | "GET", url: string, cookie: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...sameOrigin, cookie },
      remoteAddress: nextLoopbackIp(),
      ...(method === "GET" ? {} : { payload: payload ?? {} }),
    });

  /** Runs options → create() → registration for `who`, and answers the saved passkey's response. */
  async function addPasskey(who: SignedInUser, authenticator: SoftAuthenticator, name = "My laptop") {
    const options = await post("/api/passkeys/registration/options", {}, who.cookie);
    expect(options.statusCode).toBe(200);
    const ceremony = cookieOf(options, CEREMONY_COOKIE);
    const response = authenticator.register(options.json() as CeremonyOptions);
    return post("/api/passkeys/registration", { name, response }, who.cookie, ceremony);
  }

  /** Starts a passkey sign-in: the options and this browser's ceremony cookie. */
  async function signInOptions() {
    const res = await post("/api/auth/passkey/options", {});
    expect(res.statusCode).toBe(200);
    return { options: res.json() as CeremonyOptions, ceremony: cookieOf(res, CEREMONY_COOKIE) };
  }

  async function enrolledUser() {
    const who = await signedInUser(t.database.db, t.config, { password: "Lantern-Harbour-2026" });
    const authenticator = new SoftAuthenticator(RP_ID, TEST_APP_URL);
    expect((await addPasskey(who, authenticator)).statusCode).toBe(201);
    return { who, authenticator };
  }

  const sessionCount = async (userId: number) =>
    (await t.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

  it("adds a passkey and lists it with when it was added and last used", async () => {
    const who = await signedInUser(t.database.db, t.config);
    const options = await post("/api/passkeys/registration/options", {}, who.cookie);
    expect(options.statusCode).toBe(200);
    const body = options.json();
    expect(body.rp).toEqual({ name: "Customer Portal", id: RP_ID });
    expect(body.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "preferred",
    });
    const ceremony = options.cookies.find((c) => c.name === CEREMONY_COOKIE);
    expect(ceremony).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/", maxAge: 300 });
    // Only the cookie's SHA-256 is kept, with the challenge.
    const [row] = await t.database.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.flowHash, hashSecretToken(ceremony?.value ?? "")));
    expect(row).toMatchObject({ purpose: "register", challenge: body.challenge, userId: who.user.id });

    const authenticator = new SoftAuthenticator(RP_ID, TEST_APP_URL, true);
    const added = await post(
      "/api/passkeys/registration",
      { name: "  Work phone ", response: authenticator.register(body) },
      who.cookie,
      cookieOf(options, CEREMONY_COOKIE),
    );
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      name: "Work phone",
      lastUsedAt: null,
      deviceType: "multiDevice",
      backedUp: true,
    });

    const list = await send("GET", "/api/passkeys", who.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        id: added.json().id,
        name: "Work phone",
        createdAt: expect.any(String),
        lastUsedAt: null,
        deviceType: "multiDevice",
        backedUp: true,
      },
    ]);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectUserId, who.user.id));
    expect(events.map((e) => [e.kind, e.detail])).toEqual([["passkey-added", "Work phone"]]);

    // The next registration excludes the passkey the user already has (asked with that passkey's
    // proof: a password alone no longer adds one to an account that has one).
    await t.database.db.update(sessions).set({ provenBy: "passkey" }).where(eq(sessions.userId, who.user.id));
    const again = await post("/api/passkeys/registration/options", {}, who.cookie);
    expect(again.json().excludeCredentials).toEqual([
      expect.objectContaining({ id: authenticator.credentials[0]?.id }),
    ]);
  });

  it("signs in with a passkey and no email: a session proven by the passkey, and the known browser remembered", async () => {
    const { who, authenticator } = await enrolledUser();
    const { options, ceremony } = await signInOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe("required");
    expect(options.rpId).toBe(RP_ID);

    const res = await post("/api/auth/passkey", { response: authenticator.assert(options) }, ceremony);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: who.user.id, email: who.user.email });
    const session = cookieOf(res, t.config.session.cookieName);
    expect(session).toBeDefined();
    expect(cookieOf(res, "portal_device")).toBeDefined();
    const me = await send("GET", "/api/user", session ?? "");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: who.user.id });
    const token = session?.split("=")[1] ?? "";
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSecretToken(token)));
    expect(row?.provenBy).toBe("passkey");

    const [key] = await t.database.db.select().from(passkeys).where(eq(passkeys.userId, who.user.id));
    expect(key?.counter).toBe(1);
    expect(key?.lastUsedAt).toBeInstanceOf(Date);
    const list = await send("GET", "/api/passkeys", who.cookie);
    expect(list.json()[0].lastUsedAt).toEqual(key?.lastUsedAt?.toISOString());
  });

  it("refuses an assertion made for another origin, and signs no one in", async () => {
    const { who, authenticator } = await enrolledUser();
    const before = await sessionCount(who.user.id);
    const { options, ceremony } = await signInOptions();
    const response = authenticator.assert(options, { origin: "https://evil.example" });
    const res = await post("/api/auth/passkey", { response }, ceremony);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String) });
    expect(cookieOf(res, t.config.session.cookieName)).toBeUndefined();
    expect(await sessionCount(who.user.id)).toBe(before);
  });

  it("refuses a counter that did not increase, as a cloned authenticator or a replay would send", async () => {
    const { who, authenticator } = await enrolledUser();
    const first = await signInOptions();
    expect(
      (await post("/api/auth/passkey", { response: authenticator.assert(first.options) }, first.ceremony))
        .statusCode,
    ).toBe(200);
    const before = await sessionCount(who.user.id);
    for (const counter of [1, 0]) {
      const next = await signInOptions();
      const response = authenticator.assert(next.options, { counter });
      const res = await post("/api/auth/passkey", { response }, next.ceremony);
      expect(res.statusCode, `counter ${counter}`).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
      expect(cookieOf(res, t.config.session.cookieName)).toBeUndefined();
    }
    expect(await sessionCount(who.user.id)).toBe(before);
    const [key] = await t.database.db.select().from(passkeys).where(eq(passkeys.userId, who.user.id));
    expect(key?.counter).toBe(1);
  });

  it("uses a challenge once: the same answer a second time is refused", async () => {
    const { authenticator } = await enrolledUser();
    const { options, ceremony } = await signInOptions();
    const response = authenticator.assert(options);
    expect((await post("/api/auth/passkey", { response }, ceremony)).statusCode).toBe(200);
    const replay = await post("/api/auth/passkey", { response }, ceremony);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toMatch(/expired/);
    // A fresh assertion with the old ceremony cookie finds no challenge either.
    const fresh = await post("/api/auth/passkey", { response: authenticator.assert(options) }, ceremony);
    expect(fresh.statusCode).toBe(400);
    // And without any ceremony cookie there is nothing to answer.
    const none = await post("/api/auth/passkey", { response: authenticator.assert(options) });
    expect(none.statusCode).toBe(400);
  });

  it("refuses a registration whose challenge was used or belongs to another ceremony", async () => {
    const who = await signedInUser(t.database.db, t.config);
    const authenticator = new SoftAuthenticator(RP_ID, TEST_APP_URL);
    const options = await post("/api/passkeys/registration/options", {}, who.cookie);
    const ceremony = cookieOf(options, CEREMONY_COOKIE);
    const response = authenticator.register(options.json());
    expect(
      (await post("/api/passkeys/registration", { name: "A", response }, who.cookie, ceremony)).statusCode,
    ).toBe(201);
    const twice = await post("/api/passkeys/registration", { name: "B", response }, who.cookie, ceremony);
    expect(twice.statusCode).toBe(400);
    // A sign-in challenge cannot register a passkey.
    const signIn = await signInOptions();
    const wrongPurpose = await post(
      "/api/passkeys/registration",
      { name: "C", response: authenticator.register(signIn.options) },
      who.cookie,
      signIn.ceremony,
    );
    expect(wrongPurpose.statusCode).toBe(400);
    // A registration made for another origin is refused too.
    const next = await post("/api/passkeys/registration/options", {}, who.cookie);
    const elsewhere = await post(
      "/api/passkeys/registration",
      { name: "D", response: authenticator.register(next.json(), { origin: "https://evil.example" }) },
      who.cookie,
      cookieOf(next, CEREMONY_COOKIE),
    );
    expect(elsewhere.statusCode).toBe(400);
    expect((await send("GET", "/api/passkeys", who.cookie)).json()).toHaveLength(1);
  });

  it("renames and removes only the caller's own passkeys", async () => {
    const alice = await enrolledUser();
    const bob = await enrolledUser();
    const [bobsKey] = (await send("GET", "/api/passkeys", bob.who.cookie)).json();
    const [alicesKey] = (await send("GET", "/api/passkeys", alice.who.cookie)).json();

    expect(
      (await send("PATCH", `/api/passkeys/${bobsKey.id}`, alice.who.cookie, { name: "Mine" })).statusCode,
    ).toBe(404);
    expect((await send("DELETE", `/api/passkeys/${bobsKey.id}`, alice.who.cookie)).statusCode).toBe(404);
    expect((await send("GET", "/api/passkeys", bob.who.cookie)).json()).toEqual([bobsKey]);

    const renamed = await send("PATCH", `/api/passkeys/${alicesKey.id}`, alice.who.cookie, {
      name: "Desk key",
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: alicesKey.id, name: "Desk key" });
    const removed = await send("DELETE", `/api/passkeys/${alicesKey.id}`, alice.who.cookie);
    expect(removed.statusCode).toBe(200);
    expect((await send("GET", "/api/passkeys", alice.who.cookie)).json()).toEqual([]);
    const kinds = (
      await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.subjectUserId, alice.who.user.id))
        .orderBy(asc(auditEvents.id))
    ).map((e) => e.kind);
    expect(kinds).toEqual(["passkey-added", "passkey-removed"]);

    // A removed passkey signs no one in.
    const { options, ceremony } = await signInOptions();
    expect(
      (await post("/api/auth/passkey", { response: alice.authenticator.assert(options) }, ceremony))
        .statusCode,
    ).toBe(400);
  });

  it("keeps the last passkey of someone with no password and no Google", async () => {
    const who = await signedInUser(t.database.db, t.config);
    const authenticator = new SoftAuthenticator(RP_ID, TEST_APP_URL);
    const first = (await addPasskey(who, authenticator, "First")).json();
    // Signed in with that passkey, as someone with no password is: the proof a second one needs.
    await t.database.db.update(sessions).set({ provenBy: "passkey" }).where(eq(sessions.userId, who.user.id));
    const second = (await addPasskey(who, authenticator, "Second")).json();
    expect((await send("DELETE", `/api/passkeys/${first.id}`, who.cookie)).statusCode).toBe(200);
    const last = await send("DELETE", `/api/passkeys/${second.id}`, who.cookie);
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toMatch(/only way to sign in/);
    expect((await send("GET", "/api/passkeys", who.cookie)).json()).toHaveLength(1);
  });

  it("marks the session freshly proven after a passkey step-up", async () => {
    const { who, authenticator } = await enrolledUser();
    const old = new Date(Date.now() - 60 * 60_000);
    await t.database.db
      .update(sessions)
      .set({ provenAt: old })
      .where(eq(sessions.tokenHash, hashSecretToken(who.token)));

    const options = await post("/api/auth/step-up/passkey/options", {}, who.cookie);
    expect(options.statusCode).toBe(200);
    const body = options.json() as CeremonyOptions & { allowCredentials: Array<{ id: string }> };
    expect(body.allowCredentials.map((c) => c.id)).toEqual([authenticator.credentials[0]?.id]);
    const proved = await post(
      "/api/auth/step-up/passkey",
      { response: authenticator.assert(body) },
      who.cookie,
      cookieOf(options, CEREMONY_COOKIE),
    );
    expect(proved.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSecretToken(who.token)));
    expect(row?.provenBy).toBe("passkey");
    expect(row?.provenAt.getTime()).toBeGreaterThan(old.getTime());
    const [event] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, "step-up"));
    expect(event).toMatchObject({ subjectUserId: who.user.id, detail: "passkey" });

    // Someone else's passkey proves nothing for this session.
    const other = await enrolledUser();
    const again = await post("/api/auth/step-up/passkey/options", {}, who.cookie);
    const foreign = await post(
      "/api/auth/step-up/passkey",
      { response: other.authenticator.assert(again.json()) },
      who.cookie,
      cookieOf(again, CEREMONY_COOKIE),
    );
    expect(foreign.statusCode).toBe(400);
    // A sign-in ceremony's challenge is not a step-up's.
    const signIn = await signInOptions();
    const crossed = await post(
      "/api/auth/step-up/passkey",
      { response: authenticator.assert(signIn.options) },
      who.cookie,
      signIn.ceremony,
    );
    expect(crossed.statusCode).toBe(400);
  });

  it("answers a step-up for someone without a passkey with 409, and signed-out callers with 401", async () => {
    const who = await signedInUser(t.database.db, t.config);
    expect((await post("/api/auth/step-up/passkey/options", {}, who.cookie)).statusCode).toBe(409);
    expect((await post("/api/passkeys/registration/options", {})).statusCode).toBe(401);
    expect((await send("GET", "/api/passkeys", "")).statusCode).toBe(401);
  });

  it("refuses bad bodies with 400 { error } and changes nothing", async () => {
    const { who, authenticator } = await enrolledUser();
    const [key] = (await send("GET", "/api/passkeys", who.cookie)).json();
    const { options, ceremony } = await signInOptions();
    const good = authenticator.assert(options);
    const bad: Array<[string, object]> = [
      ["/api/auth/passkey", {}],
      ["/api/auth/passkey", { response: { ...good, type: "password" } }],
      ["/api/auth/passkey", { response: { ...good, id: "not base64url!" } }],
      ["/api/auth/passkey", { response: { ...good, response: { ...good.response, signature: "" } } }],
      [
        "/api/auth/passkey",
        { response: { ...good, response: { ...good.response, authenticatorData: "AAAA" } } },
      ],
      ["/api/passkeys/registration", { name: "", response: {} }],
      ["/api/passkeys/registration", { name: "x".repeat(61), response: {} }],
    ];
    for (const [url, payload] of bad) {
      const res = await post(url, payload, who.cookie, ceremony);
      expect(res.statusCode, `${url} ${JSON.stringify(payload).slice(0, 80)}`).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    for (const [method, url, payload] of [
      ["PATCH", `/api/passkeys/${key.id}`, { name: "" }],
      ["PATCH", `/api/passkeys/${key.id}`, { name: "a\u202eb" }],
      ["PATCH", "/api/passkeys/abc", { name: "Fine" }],
      ["PATCH", "/api/passkeys/99999999999", { name: "Fine" }],
      ["DELETE", "/api/passkeys/0", {}],
      ["DELETE", `/api/passkeys/${key.id}`, { extra: true }],
    ] as const) {
      const res = await send(method, url, who.cookie, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    expect((await send("GET", "/api/passkeys", who.cookie)).json()).toEqual([key]);
  });

  it("refuses a passkey call from another site", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/passkey/options",
      payload: {},
      headers: { "content-type": "application/json", origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(403);
  });

  it("documents every passkey route with the statuses it answers", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const statuses = (path: string, method: string) =>
      Object.keys(doc.paths[path]?.[method]?.responses ?? {}).sort();
    expect(statuses("/api/auth/passkey", "post")).toEqual(["200", "400", "403", "413", "415", "429", "500"]);
    expect(statuses("/api/passkeys/{id}", "delete")).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
      "409",
      "413",
      "415",
      "500",
    ]);
    expect(statuses("/api/passkeys/{id}", "patch")).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
      "413",
      "415",
      "500",
    ]);
    expect(statuses("/api/passkeys/registration", "post")).toEqual([
      "201",
      "400",
      "401",
      "403",
      "409",
      "413",
      "415",
      "500",
    ]);
    expect(statuses("/api/auth/step-up/passkey", "post")).toEqual([
      "200",
      "400",
      "401",
      "403",
      "413",
      "415",
      "500",
    ]);
  });

  it("asks a session proven long ago for a fresh proof before it adds or removes a passkey", async () => {
    const { who } = await enrolledUser();
    const [saved] = await t.database.db.select().from(passkeys).where(eq(passkeys.userId, who.user.id));
    if (!saved) throw new Error("no passkey");
    await t.database.db
      .update(sessions)
      .set({ provenAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(sessions.userId, who.user.id));
    const adding = await post("/api/passkeys/registration/options", {}, who.cookie);
    expect(adding.statusCode).toBe(403);
    expect(adding.json()).toMatchObject({ stepUp: true });
    const removing = await send("DELETE", `/api/passkeys/${saved.id}`, who.cookie, {});
    expect(removing.statusCode).toBe(403);
    expect(removing.json()).toMatchObject({ stepUp: true });
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.userId, who.user.id))).toHaveLength(
      1,
    );
  });

  it("asks an account with a second factor for it, not the password alone, before adding a passkey", async () => {
    const { who, authenticator } = await enrolledUser();
    // Proven by the password only, a minute ago: fresh, but one factor.
    const refused = await post("/api/passkeys/registration/options", {}, who.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ stepUp: true, secondFactor: true });
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.userId, who.user.id))).toHaveLength(
      1,
    );
    await t.database.db.update(sessions).set({ provenBy: "passkey" }).where(eq(sessions.userId, who.user.id));
    expect((await addPasskey(who, authenticator, "Phone")).statusCode).toBe(201);
  });

  it("mails the owner when a passkey is added, whatever the mail switches say", async () => {
    const who = await signedInUser(t.database.db, t.config, { password: "Lantern-Harbour-2026" });
    await t.database.db
      .insert(notificationPreferences)
      .values({ userId: who.user.id, mail: { security: false }, updatedAt: new Date() });
    const mailsTo = async () => (await readMailbox(t.app)).filter((m) => m.to === who.user.email);
    expect(await mailsTo()).toEqual([]);
    expect((await addPasskey(who, new SoftAuthenticator(RP_ID, TEST_APP_URL))).statusCode).toBe(201);
    expect((await mailsTo()).map((m) => m.subject)).toEqual(["A passkey was added to your account"]);
  });
});
