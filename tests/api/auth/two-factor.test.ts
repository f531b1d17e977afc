/**
 * Two-factor sign-in with an authenticator app: enrolment takes effect after one right code, the
 * sign-in's second step cannot be skipped or replayed, its own short-lived state is never a session,
 * recovery codes work once, wrong codes are limited per sign-in and browser, and REQUIRE_ADMIN_2FA holds admins
 * back until they have a second factor.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auditEvents, passkeys, recoveryCodes, sessions } from "../../../src/server/platform/db/schema";
import { hashSecretToken } from "../../../src/server/platform/secrets/secret-token";
import { decodeBase32, totp } from "../../../src/server/platform/secrets/totp";
import {
  ADMIN_SECOND_FACTOR_MESSAGE,
  SIGN_IN_AGAIN_MESSAGE,
  TOO_MANY_CODES_MESSAGE,
  WRONG_CODE_MESSAGE,
  WRONG_RECOVERY_CODE_MESSAGE,
} from "../../../src/shared/api/two-factor";
import { createTestApp, nextLoopbackIp, type TestApp } from "../../support/test-app";
import { insertUser } from "../../support/users";

const PASSWORD = "Quiet-Harbour-Lamp-2026";
const SESSION = "portal_session";
const SECOND_STEP = "portal_second_step";
const STEP_MS = 30_000;

const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

describe("two-factor sign-in with an authenticator app", () => {
  let t: TestApp;
  // Each test moves the clock on by whole steps from here, so codes never collide across steps.
  let clock = Math.ceil(Date.now() / STEP_MS) * STEP_MS + 1_000;
  const tick = (steps = 1) => {
    clock += steps * STEP_MS;
    vi.setSystemTime(clock);
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const codeFor = (secret: string, at = Date.now()) => totp(decodeBase32(secret), at).code;
  const wrongCode = (secret: string) => (Number(codeFor(secret)) ^ 1).toString().padStart(6, "0");

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {}, remoteAddress: nextLoopbackIp() });
  const post = (url: string, body: object, cookie?: string) =>
    t.post(url, body, { headers: cookie ? { cookie } : {} });

  let counter = 0;
  /** A user signed in with their password, without a second factor yet. */
  async function member(overrides: { role?: "admin" } = {}) {
    counter += 1;
    const email = `second${counter}-${Date.now()}@example.test`;
    const user = await insertUser(t.database.db, {
      email,
      password: PASSWORD,
      emailVerifiedAt: new Date(),
      ...overrides,
    });
    const res = await post("/api/login", { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const session = cookieOf(res, SESSION);
    if (!session) throw new Error("no session cookie");
    return { user, email, cookie: `${SESSION}=${session.value}` };
  }

  /** A user with an authenticator app turned on, and its secret and recovery codes. */
  async function enrolled(overrides: { role?: "admin" } = {}) {
    vi.useFakeTimers({ toFake: ["Date"], now: clock });
    const who = await member(overrides);
    const start = await post("/api/user/two-factor/enrol", {}, who.cookie);
    expect(start.statusCode).toBe(200);
    const { secret } = start.json() as { secret: string };
    const confirm = await post("/api/user/two-factor/confirm", { code: codeFor(secret) }, who.cookie);
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes: codes } = confirm.json() as { recoveryCodes: string[] };
    // The enrolment code is spent; a later step gives a fresh one.
    tick();
    return { ...who, secret, codes };
  }

  /** The password step for an enrolled user: no session, the second step's own cookie. */
  async function firstStep(email: string) {
    const res = await post("/api/login", { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ secondFactor: "totp" });
    expect(cookieOf(res, SESSION)).toBeUndefined();
    const pending = cookieOf(res, SECOND_STEP);
    if (!pending) throw new Error("no second-step cookie");
    return { res, pending, cookie: `${SECOND_STEP}=${pending.value}` };
  }

  const secondStep = (cookie: string | undefined, body: object) =>
    post("/api/login/second-factor", body, cookie);

  it("shows a secret and QR code, and turns on only after one right code", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: clock });
    const { cookie, email, user } = await member();
    expect((await get("/api/user/two-factor", cookie)).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      adminMustEnrol: false,
    });

    const start = await post("/api/user/two-factor/enrol", {}, cookie);
    expect(start.statusCode).toBe(200);
    expect(start.headers["cache-control"]).toBe("no-store");
    const { secret, otpauthUrl, qrSvg } = start.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Customer%20Portal%3A/);
    expect(qrSvg).toMatch(/^<svg [^>]*viewBox/);

    // Not on yet: the password alone still signs in.
    const meanwhile = await post("/api/login", { email, password: PASSWORD });
    expect(meanwhile.json()).toMatchObject({ email });

    const wrong = await post("/api/user/two-factor/confirm", { code: wrongCode(secret) }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: `code: ${WRONG_CODE_MESSAGE}` });
    expect((await get("/api/user/two-factor", cookie)).json()).toMatchObject({ enabled: false });
    const malformed = await post("/api/user/two-factor/confirm", { code: "12ab56" }, cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: expect.stringContaining("6-digit code") });

    const right = await post("/api/user/two-factor/confirm", { code: codeFor(secret) }, cookie);
    expect(right.statusCode).toBe(200);
    const codes: string[] = right.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes)
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{2}$/);
    const status = (await get("/api/user/two-factor", cookie)).json();
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(status.enabledAt).toEqual(expect.any(String));

    // Stored hashed: no code appears in the table.
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored.map((row) => row.codeHash).join(" ")).not.toContain(codes[0]?.replaceAll("-", ""));
    const kinds = (
      await t.database.db.select().from(auditEvents).where(eq(auditEvents.subjectUserId, user.id))
    ).map((event) => event.kind);
    expect(kinds).toEqual(expect.arrayContaining(["totp-enabled", "recovery-codes-generated"]));

    // Enrolling again while on is refused.
    expect((await post("/api/user/two-factor/enrol", {}, cookie)).statusCode).toBe(409);
  });

  it("asks for a code after the password, on a second step a wrong code cannot skip", async () => {
    const { email, secret, user } = await enrolled();
    const { pending, cookie } = await firstStep(email);
    expect(pending).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/", maxAge: 300 });

    // The second step's state is not a session, under its own name or the session's.
    expect((await get("/api/user", cookie)).statusCode).toBe(401);
    expect((await get("/api/user", `${SESSION}=${pending.value}`)).statusCode).toBe(401);
    expect((await get("/api/user/two-factor", `${SESSION}=${pending.value}`)).statusCode).toBe(401);
    expect((await get("/api/session", cookie)).json()).toEqual({ user: null, viewing: null });

    const wrong = await secondStep(cookie, { code: wrongCode(secret) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: WRONG_CODE_MESSAGE });
    expect(cookieOf(wrong, SESSION)).toBeUndefined();
    // No cookie at all, or a made-up one, gets nowhere either.
    expect((await secondStep(undefined, { code: codeFor(secret) })).json()).toEqual({
      error: SIGN_IN_AGAIN_MESSAGE,
      signInAgain: true,
    });
    expect((await secondStep(`${SECOND_STEP}=made-up`, { code: codeFor(secret) })).statusCode).toBe(401);
    expect((await secondStep(cookie, {})).statusCode).toBe(400);

    const right = await secondStep(cookie, { code: codeFor(secret) });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ id: user.id, email });
    const session = cookieOf(right, SESSION);
    expect(session).toBeDefined();
    expect(cookieOf(right, SECOND_STEP)?.value).toBe("");
    expect(cookieOf(right, "portal_device")).toBeDefined();
    expect((await get("/api/user", `${SESSION}=${session?.value}`)).json()).toMatchObject({ email });
    // The wrong code and the sign-in with both factors are in the audit log.
    const trail = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.subjectUserId, user.id), inArray(auditEvents.kind, ["sign-in", "sign-in-failed"])),
      )
      .orderBy(auditEvents.id);
    // The last two: enrolling signed in with the password alone before.
    expect(trail.slice(-2).map((entry) => [entry.kind, entry.detail, entry.actorUserId])).toEqual([
      ["sign-in-failed", "wrong authenticator code", null],
      ["sign-in", "password+totp", user.id],
    ]);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSecretToken(session?.value ?? "")));
    expect(row?.provenBy).toBe("password+totp");

    // The second step is used once.
    tick();
    expect((await secondStep(cookie, { code: codeFor(secret) })).json()).toEqual({
      error: SIGN_IN_AGAIN_MESSAGE,
      signInAgain: true,
    });
  });

  it("accepts a code once: a replayed code of the same step is refused", async () => {
    const { email, secret } = await enrolled();
    const code = codeFor(secret);
    const first = await firstStep(email);
    expect((await secondStep(first.cookie, { code })).statusCode).toBe(200);
    const again = await firstStep(email);
    const replay = await secondStep(again.cookie, { code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: WRONG_CODE_MESSAGE });
    // An older step's code is refused too, even within the clock-drift window.
    expect((await secondStep(again.cookie, { code: codeFor(secret, Date.now() - STEP_MS) })).statusCode).toBe(
      401,
    );
  });

  it("signs in with a recovery code once, and counts it spent", async () => {
    const { email, codes, cookie, user } = await enrolled();
    const code = codes[3] ?? "";
    const first = await firstStep(email);
    // Typed in capitals without the dashes, it is the same code.
    const res = await secondStep(first.cookie, { recoveryCode: code.toUpperCase().replaceAll("-", " ") });
    expect(res.statusCode).toBe(200);
    const session = cookieOf(res, SESSION);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSecretToken(session?.value ?? "")));
    expect(row?.provenBy).toBe("password+recovery-code");
    expect((await get("/api/user/two-factor", cookie)).json()).toMatchObject({ recoveryCodesLeft: 9 });
    const used = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectUserId, user.id), eq(auditEvents.kind, "recovery-code-used")));
    expect(used).toHaveLength(1);

    const again = await firstStep(email);
    const reuse = await secondStep(again.cookie, { recoveryCode: code });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ error: WRONG_RECOVERY_CODE_MESSAGE });
  });

  it("does not let a first-step state taken from another browser sign anyone else in", async () => {
    const alice = await enrolled();
    const bob = await enrolled();
    const bobsStep = await firstStep(bob.email);
    // Alice holds Bob's second-step cookie and her own code: it finishes Bob's sign-in or nothing.
    const res = await secondStep(bobsStep.cookie, { code: codeFor(alice.secret) });
    expect(res.statusCode).toBe(401);
    expect(cookieOf(res, SESSION)).toBeUndefined();
    // Alice's own session does not turn Bob's step into hers either.
    const withSession = await secondStep(`${bobsStep.cookie}; ${alice.cookie}`, {
      code: codeFor(alice.secret),
    });
    expect(withSession.statusCode).toBe(401);
    expect((await get("/api/user", `${SESSION}=${bobsStep.pending.value}`)).statusCode).toBe(401);
  });

  it("ends the second step after 5 wrong codes: the right one then needs a new sign-in", async () => {
    const { email, secret } = await enrolled();
    const { cookie } = await firstStep(email);
    for (let i = 1; i <= 5; i++) {
      const res = await secondStep(cookie, { code: wrongCode(secret) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(
        i < 5 ? { error: WRONG_CODE_MESSAGE } : { error: TOO_MANY_CODES_MESSAGE, signInAgain: true },
      );
    }
    const late = await secondStep(cookie, { code: codeFor(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ error: SIGN_IN_AGAIN_MESSAGE, signInAgain: true });
  });

  it("ends the second step after 5 minutes", async () => {
    const { email, secret } = await enrolled();
    const { cookie } = await firstStep(email);
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1_000);
    clock = Date.now();
    const res = await secondStep(cookie, { code: codeFor(secret) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: SIGN_IN_AGAIN_MESSAGE, signInAgain: true });
    // A new sign-in works.
    const again = await firstStep(email);
    expect((await secondStep(again.cookie, { code: codeFor(secret) })).statusCode).toBe(200);
  });

  it("limits wrong codes from browsers new to the account to 10 in 15 minutes across second steps", async () => {
    const { email, secret } = await enrolled();
    const a = await firstStep(email);
    for (let i = 0; i < 5; i++)
      expect((await secondStep(a.cookie, { code: wrongCode(secret) })).statusCode).toBe(401);
    const b = await firstStep(email);
    for (let i = 0; i < 4; i++)
      expect((await secondStep(b.cookie, { code: wrongCode(secret) })).statusCode).toBe(401);
    expect((await secondStep(b.cookie, { code: wrongCode(secret) })).statusCode).toBe(401);
    const c = await firstStep(email);
    const limited = await secondStep(c.cookie, { code: codeFor(secret) });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await secondStep(c.cookie, { recoveryCode: "abcd-efgh-jk" })).statusCode).toBe(429);
    // Once the window has passed, the right code works.
    vi.setSystemTime(Date.now() + 15 * 60_000);
    clock = Date.now();
    const d = await firstStep(email);
    expect((await secondStep(d.cookie, { code: codeFor(secret) })).statusCode).toBe(200);
  });

  it("turns off only with a code, and makes new recovery codes only with a current code", async () => {
    const { email, secret, codes, cookie } = await enrolled();
    const regenerateWrong = await post(
      "/api/user/two-factor/recovery-codes",
      { code: wrongCode(secret) },
      cookie,
    );
    expect(regenerateWrong.statusCode).toBe(400);
    const regenerated = await post("/api/user/two-factor/recovery-codes", { code: codeFor(secret) }, cookie);
    expect(regenerated.statusCode).toBe(200);
    const fresh: string[] = regenerated.json().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[0]);

    expect((await post("/api/user/two-factor/disable", {}, cookie)).statusCode).toBe(400);
    // The old recovery codes died with the regeneration.
    const oldCode = await post("/api/user/two-factor/disable", { recoveryCode: codes[0] ?? "" }, cookie);
    expect(oldCode.statusCode).toBe(400);
    tick();
    const wrong = await post("/api/user/two-factor/disable", { code: wrongCode(secret) }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect((await get("/api/user/two-factor", cookie)).json()).toMatchObject({ enabled: true });

    const off = await post("/api/user/two-factor/disable", { recoveryCode: fresh[0] ?? "" }, cookie);
    expect(off.statusCode).toBe(200);
    expect((await get("/api/user/two-factor", cookie)).json()).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const login = await post("/api/login", { email, password: PASSWORD });
    expect(login.json()).toMatchObject({ email });
    expect((await post("/api/user/two-factor/disable", { code: codeFor(secret) }, cookie)).statusCode).toBe(
      409,
    );
  });

  it("documents every status of the new routes in the API reference", async () => {
    const doc = (await get("/api/openapi.json")).json();
    const statuses = (path: string, method: "get" | "post") =>
      Object.keys(doc.paths[path]?.[method]?.responses ?? {}).sort();
    expect(statuses("/api/login", "post")).toEqual(["200", "400", "401", "403", "413", "415", "429", "500"]);
    expect(statuses("/api/login/second-factor", "post")).toEqual([
      "200",
      "400",
      "401",
      "403",
      "413",
      "415",
      "429",
      "500",
    ]);
    expect(statuses("/api/user/two-factor", "get")).toEqual(["200", "400", "401", "500"]);
    expect(statuses("/api/user/two-factor/enrol", "post")).toEqual([
      "200",
      "400",
      "401",
      "403",
      "409",
      "413",
      "415",
      "500",
    ]);
    for (const path of ["confirm", "recovery-codes", "disable"]) {
      expect(statuses(`/api/user/two-factor/${path}`, "post")).toEqual([
        "200",
        "400",
        "401",
        "403",
        "409",
        "413",
        "415",
        "429",
        "500",
      ]);
    }
  });

  it("answers 401 to every Settings route without a session", async () => {
    expect((await get("/api/user/two-factor")).statusCode).toBe(401);
    for (const url of ["enrol", "confirm", "recovery-codes", "disable"]) {
      expect((await post(`/api/user/two-factor/${url}`, { code: "123456" })).statusCode).toBe(401);
    }
  });
});

describe("REQUIRE_ADMIN_2FA", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REQUIRE_ADMIN_2FA: "on" } });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  async function signedIn(role: "admin" | "customer") {
    const email = `${role}-${Math.random().toString(36).slice(2)}@example.test`;
    const user = await insertUser(t.database.db, {
      email,
      password: PASSWORD,
      emailVerifiedAt: new Date(),
      role,
    });
    const res = await t.post("/api/login", { email, password: PASSWORD });
    return { user, cookie: `${SESSION}=${cookieOf(res, SESSION)?.value}` };
  }
  const get = (url: string, cookie: string) =>
    t.app.inject({ method: "GET", url, headers: { cookie }, remoteAddress: nextLoopbackIp() });

  it("sends an admin without a second factor to enrol before any admin route answers", async () => {
    const admin = await signedIn("admin");
    const refused = await get("/api/admin/import-status", admin.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: ADMIN_SECOND_FACTOR_MESSAGE, enrolSecondFactor: true });
    const sync = await t.post("/api/admin/sync-users", {}, { headers: { cookie: admin.cookie } });
    expect(sync.statusCode).toBe(403);
    expect((await get("/api/user/two-factor", admin.cookie)).json()).toMatchObject({ adminMustEnrol: true });
    // Their own pages still answer, so they can enrol.
    expect((await get("/api/user", admin.cookie)).statusCode).toBe(200);

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const { secret } = (
      await t.post("/api/user/two-factor/enrol", {}, { headers: { cookie: admin.cookie } })
    ).json();
    const confirm = await t.post(
      "/api/user/two-factor/confirm",
      { code: totp(decodeBase32(secret), Date.now()).code },
      { headers: { cookie: admin.cookie } },
    );
    expect(confirm.statusCode).toBe(200);
    expect((await get("/api/admin/import-status", admin.cookie)).statusCode).toBe(200);
    expect((await get("/api/user/two-factor", admin.cookie)).json()).toMatchObject({ adminMustEnrol: false });
  });

  it("counts a passkey as a second factor, and leaves customers' answers as they were", async () => {
    const admin = await signedIn("admin");
    await t.database.db.insert(passkeys).values({
      userId: admin.user.id,
      credentialId: `cred-${admin.user.id}`,
      publicKey: "pk",
      name: "Laptop",
    });
    expect((await get("/api/admin/import-status", admin.cookie)).statusCode).toBe(200);
    const customer = await signedIn("customer");
    const res = await get("/api/admin/import-status", customer.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "Admin access required" });
    expect((await get("/api/user/two-factor", customer.cookie)).json()).toMatchObject({
      adminMustEnrol: false,
    });
  });

  it("is off unless asked for outside production", async () => {
    const off = await createTestApp({ database: t.database });
    try {
      const email = `admin-off-${Date.now()}@example.test`;
      await insertUser(t.database.db, {
        email,
        password: PASSWORD,
        emailVerifiedAt: new Date(),
        role: "admin",
      });
      const res = await off.post("/api/login", { email, password: PASSWORD });
      const cookie = `${SESSION}=${cookieOf(res, SESSION)?.value}`;
      const status = await off.app.inject({
        method: "GET",
        url: "/api/admin/import-status",
        headers: { cookie },
      });
      expect(status.statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});
