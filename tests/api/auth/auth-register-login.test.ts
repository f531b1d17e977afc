import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../../src/server/platform/db/schema";
import { loadPasswordEstimator } from "../../../src/shared/password-strength";
import { readMailbox } from "../../support/mailbox";
import { cookiesSet, newestLinkTo, registerAndConfirm } from "../../support/register";
import { createTestApp, nextLoopbackIp, type TestApp } from "../../support/test-app";
import { insertUser } from "../../support/users";

const goodPassword = "Sturdy-Lantern-42";

describe("register and sign in", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: "boss@example.test" } });
  });
  afterAll(() => t.close());

  const countUsers = async () =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n;

  it("registers a user: the answer signs nobody in, and the mailed link sets the password and signs in with an HttpOnly SameSite=Lax cookie", async () => {
    const asked = await t.post("/api/register", {
      name: "Rita Register",
      username: "rita",
      email: "Rita@Example.test",
      password: goodPassword,
      confirmPassword: goodPassword, // R2: extra fields are ignored
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ ok: true, message: expect.stringContaining("30 minutes") });
    expect(cookiesSet(asked).map((c) => c.split("=")[0])).toEqual(["portal_claim"]);
    // Until the link is followed the account has no password: nobody signs in to it unproven.
    const early = await t.post("/api/login", { email: "rita@example.test", password: goodPassword });
    expect(early.statusCode).toBe(401);
    const [pending] = await t.database.db.select().from(users).where(eq(users.email, "Rita@Example.test"));
    expect(pending).toMatchObject({ name: "Rita Register", username: "rita", passwordHash: null });

    const claim = cookiesSet(asked)[0] ?? "";
    const token = await newestLinkTo(t, "Rita@Example.test", "/register-existing/confirm");
    const res = await t.post(
      "/api/register-existing-user/confirm",
      { token },
      { headers: { cookie: claim } },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: "Rita Register",
      email: "Rita@Example.test",
      username: "rita",
      role: "customer",
      emailVerified: true,
    });
    expect(res.json().uid).toMatch(/^[0-9a-f-]{36}$/);
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/portal_session=[A-Za-z0-9_-]{43};/);
    const session =
      (res.headers["set-cookie"] as string[]).find((c) => c.startsWith("portal_session=")) ?? "";
    expect(session).toContain("HttpOnly");
    expect(session).toContain("SameSite=Lax");
    expect(session).toContain("Path=/");
    expect(session).not.toContain("Secure");
    const [row] = await t.database.db.select().from(users).where(eq(users.email, "Rita@Example.test"));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const me = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { cookie: session.split(";")[0] ?? "" },
    });
    expect(me.json().email).toBe("Rita@Example.test");
  });

  it("answers an address that has a login, in any letter case, exactly as a new one: nothing is created and the owner is mailed", async () => {
    const owner = await insertUser(t.database.db, {
      email: "owner.known@example.test",
      password: goodPassword,
    });
    const before = await countUsers();
    const mailsBefore = (await readMailbox(t.app)).length;
    const ask = (email: string, username: string) =>
      t.post("/api/register", { name: "Someone Else", username, email, password: "Other-Secret-Words-9" });
    const known = await ask("Owner.KNOWN@example.test", "someone1");
    const fresh = await ask("owner.unknown@example.test", "someone2");
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.json()).toEqual(fresh.json());
    expect(Object.keys(known.json()).sort()).toEqual(["message", "ok"]);
    const names = (res: typeof known) => cookiesSet(res).map((c) => c.split("=")[0]);
    expect(names(known)).toEqual(names(fresh));
    expect(names(known)).not.toContain("portal_session");
    const headerNames = (res: typeof known) => Object.keys(res.headers).sort();
    expect(headerNames(known)).toEqual(headerNames(fresh));

    const mails = (await readMailbox(t.app)).slice(0, (await readMailbox(t.app)).length - mailsBefore);
    // Only the new address has an account; the owner's is as it was, password and all.
    expect(await countUsers()).toBe((before ?? 0) + 1);
    const [kept] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(kept).toMatchObject({
      email: "owner.known@example.test",
      passwordHash: owner.passwordHash,
      username: owner.username,
    });
    const toOwner = mails.filter((m) => m.to === "owner.known@example.test");
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]).toMatchObject({ subject: "You already have a portal login" });
    expect(toOwner[0]?.text).toContain("register a new portal account with this email");
    expect(toOwner[0]?.text).not.toContain("token=");
    expect(mails.filter((m) => m.to === "owner.unknown@example.test")).toHaveLength(1);
    const stranger = await t.post("/api/login", {
      email: "owner.known@example.test",
      password: "Other-Secret-Words-9",
    });
    expect(stranger.statusCode).toBe(401);
  });

  it("mails an address at most 3 times an hour through registration, as a reset or a claim", async () => {
    await insertUser(t.database.db, { email: "flooded@example.test", password: goodPassword });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.post("/api/register", {
        name: "Flood",
        email: "FLOODED@example.test",
        password: "Other-Secret-Words-9",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const mails = (await readMailbox(t.app)).filter((m) => m.to === "flooded@example.test");
    expect(mails).toHaveLength(3);
  });

  it.each([
    [{ username: "x1", email: "a@b.co", password: goodPassword }, "name: Required"],
    [
      { name: "N", username: "nn1", email: "not-an-email", password: goodPassword },
      "email: Please enter a valid email address",
    ],
    [
      { name: "N", username: "nn2", email: "a@b.co", password: "Short1!" },
      "password: Password must be at least 8 characters long",
    ],
    [
      { name: "N", username: "nn3", email: "a@b.co", password: "x".repeat(256) },
      "password: Password must be at most 255 characters",
    ],
    [
      { name: "N", username: "nn4", email: "a@b.co", password: "password" },
      "password: This password is too easy to guess",
    ],
    [
      { name: "N", username: "no spaces", email: "a@b.co", password: goodPassword },
      "username: Username may contain only",
    ],
    [
      { name: "N".repeat(101), username: "nn5", email: "a@b.co", password: goodPassword },
      "name: Name must be at most 100",
    ],
    [
      { name: "N", username: "nn6", email: `${"e".repeat(251)}@b.co`, password: goodPassword },
      "email: Email must be at most 255",
    ],
    [
      { name: "Null\u0000Byte", username: "nn7", email: "nul@b.co", password: goodPassword },
      "name: must not contain control characters",
    ],
    [
      { name: "Bell\u0007", username: "nn8", email: "bell@b.co", password: goodPassword },
      "name: must not contain control characters",
    ],
  ])("refuses bad input %# with 400 and creates nothing", async (payload, message) => {
    const before = await countUsers();
    const res = await t.post("/api/register", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect(res.headers["set-cookie"]).toBeUndefined();
    await readMailbox(t.app);
    expect(await countUsers()).toBe(before);
  });

  it.each(["\u202Eevil", "a\u200Bb"])(
    "refuses invisible or text-direction characters (%j) in a name or username with 400 and creates nothing",
    async (text) => {
      const message = "must not contain invisible or text-direction characters";
      const cases = [
        { payload: { name: text, username: "inv1" }, error: `name: ${message}` },
        { payload: { name: "Ivy Visible", username: text }, error: `username: ${message}` },
      ];
      for (const { payload, error } of cases) {
        const before = await countUsers();
        const res = await t.post("/api/register", {
          ...payload,
          email: "invisible@example.test",
          password: goodPassword,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: expect.any(String) });
        // The first message on the field is this one (a username's characters rule may follow).
        expect(res.json().error.split("; ")[0]).toBe(error);
        expect(res.headers["set-cookie"]).toBeUndefined();
        expect(await countUsers()).toBe(before);
      }
      const stored = await t.database.db
        .select()
        .from(users)
        .where(eq(users.email, "invisible@example.test"));
      expect(stored).toEqual([]);
    },
  );

  it("registers without a username, missing or empty, as the username is optional", async () => {
    const { answer: missing } = await registerAndConfirm(t, {
      name: "Nora Nameless",
      email: "nora.nameless@example.test",
      password: goodPassword,
    });
    expect(missing.json()).toMatchObject({ email: "nora.nameless@example.test", username: null });
    // Two users without one do not clash.
    const { answer: empty } = await registerAndConfirm(t, {
      name: "Emil Empty",
      username: "",
      email: "emil.empty@example.test",
      password: goodPassword,
    });
    expect(empty.json().username).toBeNull();
    const [row] = await t.database.db.select().from(users).where(eq(users.email, "emil.empty@example.test"));
    expect(row?.username).toBeNull();
  });

  it("refuses a taken username without regard to case, whatever the email, and creates nothing", async () => {
    await insertUser(t.database.db, { email: "taken@example.test", username: "TakenName" });
    const before = await countUsers();
    for (const email of ["TAKEN@example.test", "new@example.test"]) {
      const username = await t.post("/api/register", {
        name: "N",
        username: "takenname",
        email,
        password: goodPassword,
      });
      expect(username.statusCode).toBe(409);
      expect(username.json().error).toBe("username: This username is already taken");
    }
    await readMailbox(t.app);
    expect(await countUsers()).toBe(before);
  });

  it("makes users whose email is in ADMIN_EMAILS admins once the address is proven by the mailed link", async () => {
    // Anyone can type an admin's address: registering it makes nobody anything until the link.
    const asked = await t.post("/api/register", {
      name: "Boss",
      username: "boss",
      email: "Boss@Example.test",
      password: goodPassword,
    });
    expect(asked.statusCode).toBe(200);
    const unproven = await t.post("/api/login", { email: "boss@example.test", password: goodPassword });
    expect(unproven.statusCode).toBe(401);
    const token = await newestLinkTo(t, "boss@example.test", "/register-existing/confirm");
    const proven = await t.post(
      "/api/register-existing-user/confirm",
      { token },
      { headers: { cookie: cookiesSet(asked)[0] ?? "" } },
    );
    expect(proven.json().role).toBe("admin");
  });

  it("signs in with the right password and issues a new token, ending the old session", async () => {
    await insertUser(t.database.db, {
      email: "sam@example.test",
      password: goodPassword,
    });
    const first = await t.post("/api/login", { email: "SAM@example.test", password: goodPassword });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      email: "sam@example.test",
      name: expect.any(String),
      uid: expect.any(String),
    });
    const firstCookie = String(first.headers["set-cookie"]).split(";")[0] ?? "";
    const second = await t.post(
      "/api/login",
      { email: "sam@example.test", password: goodPassword },
      { headers: { cookie: firstCookie } },
    );
    const secondCookie = String(second.headers["set-cookie"]).split(";")[0] ?? "";
    expect(secondCookie).not.toBe(firstCookie);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: firstCookie } })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: secondCookie } })).statusCode,
    ).toBe(200);
  });

  it("says only 'Invalid email or password' for a wrong password, an unknown email or an unclaimed record", async () => {
    await insertUser(t.database.db, {
      email: "wrong@example.test",
      password: goodPassword,
    });
    await insertUser(t.database.db, {
      email: "imported@example.test",
      passwordHash: null,
      airtableRecordId: "recImported1",
    });
    for (const body of [
      { email: "wrong@example.test", password: "Not-The-Password-1" },
      { email: "nobody@example.test", password: goodPassword },
      { email: "imported@example.test", password: goodPassword },
    ]) {
      const res = await t.post("/api/login", body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: "Invalid email or password" });
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("refuses bad login input with 400", async () => {
    expect((await t.post("/api/login", { email: "x", password: "p" })).json()).toEqual({
      error: "email: Please enter a valid email address",
    });
    expect((await t.post("/api/login", { email: "a@b.co", password: "" })).json()).toEqual({
      error: "password: Password is required",
    });
  });

  it("slows a fresh browser down after 3 failed sign-ins at an account, even with the right password", async () => {
    await insertUser(t.database.db, {
      email: "target@example.test",
      password: goodPassword,
    });
    for (let i = 0; i < 3; i++) {
      // From a different address each time (the default), as a distributed guesser would.
      const res = await t.post("/api/login", { email: "target@example.test", password: `Guess-${i}-xx` });
      expect(res.statusCode).toBe(401);
    }
    const slowed = await t.post("/api/login", { email: "Target@example.test", password: goodPassword });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
    expect(Number(slowed.headers["retry-after"])).toBeGreaterThan(0);
    // Another account is unaffected.
    await insertUser(t.database.db, {
      email: "other@example.test",
      password: goodPassword,
    });
    expect(
      (await t.post("/api/login", { email: "other@example.test", password: goodPassword })).statusCode,
    ).toBe(200);
  });

  it("limits sign-in attempts per address to 30 per window", async () => {
    const ip = nextLoopbackIp();
    for (let i = 0; i < 30; i++) {
      const res = await t.post(
        "/api/login",
        { email: `nobody${i}@example.test`, password: "Whatever-123" },
        { ip },
      );
      expect(res.statusCode).toBe(401);
    }
    expect(
      (await t.post("/api/login", { email: "x@example.test", password: "Whatever-123" }, { ip })).statusCode,
    ).toBe(429);
    expect(
      (
        await t.post(
          "/api/login",
          { email: "x@example.test", password: "Whatever-123" },
          { ip: nextLoopbackIp() },
        )
      ).statusCode,
    ).toBe(401);
  });

  it("limits registrations per address to 10 an hour", async () => {
    const ip = nextLoopbackIp();
    for (let i = 0; i < 10; i++) {
      const res = await t.post(
        "/api/register",
        { name: "N", username: `bulk${i}`, email: `bulk${i}@example.test`, password: goodPassword },
        { ip },
      );
      expect(res.statusCode).toBe(200);
    }
    const refused = await t.post(
      "/api/register",
      { name: "N", username: "bulk10", email: "bulk10@example.test", password: goodPassword },
      { ip },
    );
    expect(refused.statusCode).toBe(429);
    await readMailbox(t.app);
    expect(
      await t.database.db.select().from(users).where(eq(users.email, "bulk10@example.test")),
    ).toHaveLength(0);
  });

  it("signs out on the server", async () => {
    const { answer, cookie } = await registerAndConfirm(t, {
      name: "Out",
      username: "outgoing",
      email: "out@example.test",
      password: goodPassword,
    });
    const userId = answer.json().id as number;
    expect((await t.post("/api/logout", {}, { headers: { cookie } })).statusCode).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
  });
});

describe("the session cookie over https", () => {
  it("is Secure, host-only and __Host- prefixed", async () => {
    const t = await createTestApp({ env: { APP_URL: "https://portal.example.com" } });
    await insertUser(t.database.db, {
      email: "https@example.test",
      password: goodPassword,
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { origin: "https://portal.example.com", "content-type": "application/json" },
      payload: { email: "https@example.test", password: goodPassword },
    });
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/^__Host-portal_session=/);
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Domain");
    await t.close();
  });
});

describe("password strength, judged as the meter judges it", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const person = (id: string, password: string) => ({
    name: "Marguerite Holloway",
    username: `mholloway${id}`,
    email: `marguerite.holloway.${id}@example.test`,
    password,
  });

  it("refuses Password123!, which has every kind of character, with the meter's own words", async () => {
    const meter = (await loadPasswordEstimator())("Password123!", ["Marguerite Holloway"]);
    expect(meter.label).toBe("Weak");
    const res = await t.post("/api/register", person("a", "Password123!"));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: `password: ${meter.message}` });
    expect(await t.database.db.select().from(users).where(eq(users.username, "mhollowaya"))).toEqual([]);
  });

  it("counts the user's name, username and email as words an attacker tries first", async () => {
    // Strong for a stranger, weak for the account whose username it is built on.
    const estimate = await loadPasswordEstimator();
    expect(estimate("mhollowayb2026!").acceptable).toBe(true);
    const res = await t.post("/api/register", person("b", "mhollowayb2026!"));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain("it contains your name, username or email");
  });

  it.each(["Demo-Portal-2026!", goodPassword, "Sunlit-Harbor-1!", "Brand-New-Secret-77", "Owners-Choice-77"])(
    "accepts %s, a password the tests and the demo use",
    async (password) => {
      const id = Math.random().toString(36).slice(2, 8);
      expect((await t.post("/api/register", person(id, password))).statusCode).toBe(200);
    },
  );
});
