import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../../src/server/platform/db/schema";
import { createSession } from "../../../src/server/platform/http/session-store";
import { CURRENT_SESSION_MESSAGE, SESSION_NOT_FOUND_MESSAGE } from "../../../src/shared/api/auth";
import { latestMail, linkToken, readMailbox } from "../../support/mailbox";
import { createTestApp, sameOrigin, type TestApp } from "../../support/test-app";
import { insertUser, signedInUser } from "../../support/users";

describe("PUT /api/user/{id} (settings)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const put = (id: number, payload: object, cookie?: string) =>
    t.app.inject({
      method: "PUT",
      url: `/api/user/${id}`,
      payload,
      headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) },
    });

  it("saves the name and username at once, and the email only once the mailed link is followed", async () => {
    const { user, cookie } = await signedInUser(t.database.db, t.config);
    const res = await put(
      user.id,
      { email: "renamed@example.test", name: "Renamed Person", username: "renamed" },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: user.email,
      name: "Renamed Person",
      username: "renamed",
      emailChange: {
        pendingEmail: "renamed@example.test",
        message: expect.stringContaining("We sent a link"),
      },
    });
    const [saved] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(saved).toMatchObject({ email: user.email, name: "Renamed Person", username: "renamed" });

    const mail = await latestMail(t.app);
    expect(mail.to).toBe("renamed@example.test");
    const token = linkToken(mail, "/settings/confirm-email");
    // Whoever merely receives the mail cannot attach their address to this account (decision 017):
    // signed out, or signed in to another account, the link is refused and stays usable.
    const signedOut = await t.post("/api/user/email/confirm", { token });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error).toMatch(/^Sign in to finish/);
    const other = await signedInUser(t.database.db, t.config);
    const wrongAccount = await t.post(
      "/api/user/email/confirm",
      { token },
      { headers: { cookie: other.cookie } },
    );
    expect(wrongAccount.statusCode).toBe(403);
    expect(wrongAccount.json().error).toMatch(/another account/);
    const [unchanged] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(unchanged?.email).toBe(user.email);

    const confirmed = await t.post("/api/user/email/confirm", { token }, { headers: { cookie } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      ok: true,
      email: "renamed@example.test",
      message: expect.any(String),
    });
    const [changed] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(changed?.email).toBe("renamed@example.test");
    expect(changed?.emailVerifiedAt).toBeInstanceOf(Date);
    // The old address hears of it.
    const notice = await latestMail(t.app);
    expect(notice).toMatchObject({ to: user.email, subject: "Your email was changed" });
    expect(notice.text).toContain("renamed@example.test");

    const again = await t.post("/api/user/email/confirm", { token }, { headers: { cookie } });
    expect(again.statusCode).toBe(400);
  });

  it("answers a taken address exactly as a free one, and mails the taken one nothing", async () => {
    await insertUser(t.database.db, { email: "occupied@example.test" });
    const { user, cookie } = await signedInUser(t.database.db, t.config);
    const mailBefore = (await readMailbox(t.app)).length;
    const taken = await put(user.id, { email: "Occupied@example.test", name: "N" }, cookie);
    expect((await readMailbox(t.app)).length).toBe(mailBefore);
    const free = await put(user.id, { email: "unclaimed@example.test", name: "N" }, cookie);
    expect(taken.statusCode).toBe(200);
    expect(free.statusCode).toBe(200);
    const shape = (body: { emailChange: { pendingEmail: string; message: string } }) => ({
      ...body,
      emailChange: {
        pendingEmail: "<address>",
        message: body.emailChange.message.replace(body.emailChange.pendingEmail, "<address>"),
      },
    });
    expect(shape(taken.json())).toEqual(shape(free.json()));
    expect((await readMailbox(t.app)).map((m) => m.to)).toContain("unclaimed@example.test");
  });

  it("lets only the newest email change be confirmed", async () => {
    const { user, cookie } = await signedInUser(t.database.db, t.config);
    await put(user.id, { email: "first.choice@example.test", name: "N" }, cookie);
    const first = linkToken(await latestMail(t.app), "/settings/confirm-email");
    await put(user.id, { email: "second.choice@example.test", name: "N" }, cookie);
    const second = linkToken(await latestMail(t.app), "/settings/confirm-email");
    const confirm = (token: string) => t.post("/api/user/email/confirm", { token }, { headers: { cookie } });
    expect((await confirm(first)).statusCode).toBe(400);
    expect((await confirm(second)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe("second.choice@example.test");
  });

  it("refuses a link whose address another account took meanwhile, and keeps it unused", async () => {
    const { user, cookie } = await signedInUser(t.database.db, t.config);
    await put(user.id, { email: "contested@example.test", name: "N" }, cookie);
    const token = linkToken(await latestMail(t.app), "/settings/confirm-email");
    const rival = await insertUser(t.database.db, { email: "contested@example.test" });
    const res = await t.post("/api/user/email/confirm", { token }, { headers: { cookie } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "This email is already used by another account" });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe(user.email);
    await t.database.db.delete(users).where(eq(users.id, rival.id));
    expect((await t.post("/api/user/email/confirm", { token }, { headers: { cookie } })).statusCode).toBe(
      200,
    );
  });

  it("limits email changes to 5 an hour, and saves to 20", async () => {
    const { user, cookie } = await signedInUser(t.database.db, t.config);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await put(user.id, { email: `probe${i}@example.test`, name: "N" }, cookie)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const saves: number[] = [];
    for (let i = 0; i < 15; i++)
      saves.push((await put(user.id, { email: user.email, name: `N${i}` }, cookie)).statusCode);
    // 6 email attempts and 14 saves make 20; the 21st save is refused.
    expect(saves.slice(0, 14).every((s) => s === 200)).toBe(true);
    expect(saves[14]).toBe(429);
  });

  /** Moves every hit the budgets hold `hours` into the past, as if that much time had gone by. */
  const letHoursPass = (hours: number) =>
    t.database.db.execute(
      sql`update rate_limit_budgets set taken = array(select at - make_interval(hours => ${hours}) from unnest(taken) as at)`,
    );
  const mailsTo = async (address: string) =>
    (await readMailbox(t.app)).filter((m) => m.to.toLowerCase() === address.toLowerCase()).length;

  it("mails one new address at most 3 times a day, whichever accounts ask, and refuses the 4th with nothing sent", async () => {
    const target = "stranger.target@example.test";
    const first = await signedInUser(t.database.db, t.config);
    const second = await signedInUser(t.database.db, t.config);
    const statuses = [
      (await put(first.user.id, { email: target, name: "N" }, first.cookie)).statusCode,
      (await put(first.user.id, { email: "Stranger.Target@example.test", name: "N" }, first.cookie))
        .statusCode,
    ];
    await letHoursPass(2);
    statuses.push((await put(second.user.id, { email: target, name: "N" }, second.cookie)).statusCode);
    const refused = await put(
      second.user.id,
      { email: target.toUpperCase(), name: "Not saved" },
      second.cookie,
    );
    statuses.push(refused.statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(refused.json().error).toMatch(/^Too many attempts\. Please wait \d+ (minutes|hours?)/);
    expect(await mailsTo(target)).toBe(3);
    const [kept] = await t.database.db.select().from(users).where(eq(users.id, second.user.id));
    expect(kept?.name).not.toBe("Not saved");
    // Other addresses are not held back by it.
    expect(
      (await put(second.user.id, { email: "someone.else@example.test", name: "N" }, second.cookie))
        .statusCode,
    ).toBe(200);
    await letHoursPass(23);
    expect((await put(second.user.id, { email: target, name: "N" }, second.cookie)).statusCode).toBe(200);
    expect(await mailsTo(target)).toBe(4);
  });

  it("limits one account to 10 email changes a day beside its 5 an hour, and mails nothing past them", async () => {
    const { user, cookie } = await signedInUser(t.database.db, t.config);
    const ask = async (i: number) =>
      (await put(user.id, { email: `daily${i}@example.test`, name: "N" }, cookie)).statusCode;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await ask(i));
    await letHoursPass(2);
    for (let i = 5; i < 10; i++) statuses.push(await ask(i));
    await letHoursPass(2);
    statuses.push(await ask(10));
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    expect(await mailsTo("daily10@example.test")).toBe(0);
    // The refusal counted against no budget: a day after the first, there is room again.
    await letHoursPass(21);
    expect(await ask(11)).toBe(200);
    expect(await mailsTo("daily11@example.test")).toBe(1);
  });

  it("treats an empty username as none", async () => {
    const { user, cookie } = await signedInUser(t.database.db, t.config);
    const res = await put(user.id, { email: user.email, name: user.name, username: "" }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBeNull();
  });

  it("refuses to change another user's profile with 403, and changes nothing", async () => {
    const { cookie } = await signedInUser(t.database.db, t.config);
    const victim = await insertUser(t.database.db, { email: "victim@example.test", name: "Victim" });
    const res = await put(victim.id, { email: "hijacked@example.test", name: "Hijacked" }, cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "You can only change your own profile" });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, victim.id));
    expect(row).toMatchObject({ email: "victim@example.test", name: "Victim" });
  });

  it("answers 401 when signed out, before looking at the body", async () => {
    const victim = await insertUser(t.database.db);
    const res = await put(victim.id, { email: "nope" });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ email: "", name: "N" }, "email: Please enter a valid email address"],
    [{ email: "ok@example.test", name: "" }, "name: Required"],
    [{ email: "ok@example.test", name: "N", username: "bad name!" }, "username: Username may contain only"],
    [{ name: "N" }, "email: Required"],
  ])("refuses bad input %# with 400 and changes nothing", async (payload, message) => {
    const { user, cookie } = await signedInUser(t.database.db, t.config);
    const res = await put(user.id, payload, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe(user.email);
    expect(row?.name).toBe(user.name);
  });

  it("refuses a username another user has, with 409", async () => {
    await insertUser(t.database.db, { username: "occupied" });
    const { user, cookie } = await signedInUser(t.database.db, t.config);
    const username = await put(user.id, { email: user.email, name: "N", username: "OCCUPIED" }, cookie);
    expect(username.statusCode).toBe(409);
    expect(username.json()).toEqual({ error: "username: This username is already taken" });
  });

  it("refuses control characters in a name with 400, and logs no values", async () => {
    const { user, cookie } = await signedInUser(t.database.db, t.config);
    const res = await put(user.id, { email: user.email, name: "Null\u0000Byte" }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "name: must not contain control characters" });
    expect(t.logs()).not.toContain('"level":50');
  });

  it.each(["\u202Eevil", "a\u200Bb"])(
    "refuses invisible or text-direction characters (%j) in a name or username with 400, and saves nothing",
    async (text) => {
      const message = "must not contain invisible or text-direction characters";
      const { user, cookie } = await signedInUser(t.database.db, t.config);
      const cases = [
        { payload: { email: user.email, name: text, username: "visible" }, error: `name: ${message}` },
        {
          payload: { email: user.email, name: "Visible Name", username: text },
          error: `username: ${message}`,
        },
      ];
      for (const { payload, error } of cases) {
        const res = await put(user.id, payload, cookie);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: expect.any(String) });
        // The first message on the field is this one (a username's characters rule may follow).
        expect(res.json().error.split("; ")[0]).toBe(error);
      }
      const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.name).toBe(user.name);
      expect(row?.username).toBe(user.username);
    },
  );

  it("refuses a non-numeric id with 400", async () => {
    const { cookie } = await signedInUser(t.database.db, t.config);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/user/abc",
      payload: { email: "a@b.co", name: "N" },
      headers: { ...sameOrigin, cookie },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("the user's sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("lists only the user's own live sessions, marking the current one", async () => {
    const me = await signedInUser(t.database.db, t.config);
    await createSession(t.database.db, t.config.session, me.user.id, { userAgent: "Phone browser" });
    const stranger = await signedInUser(t.database.db, t.config);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/user/sessions",
      headers: { cookie: me.cookie },
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ current: boolean; userAgent: string | null }>;
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.map((s) => s.userAgent)).toContain("Phone browser");
    expect(JSON.stringify(list)).not.toContain(stranger.token);
  });

  it("signs out the other sessions and keeps the current one", async () => {
    const me = await signedInUser(t.database.db, t.config);
    const other = await createSession(t.database.db, t.config.session, me.user.id);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user/sessions/sign-out-others",
      headers: { ...sameOrigin, cookie: me.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const otherCookie = `${t.config.session.cookieName}=${other.token}`;
    expect(
      (await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: otherCookie } })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: me.cookie } })).statusCode,
    ).toBe(200);
  });

  it("answers 401 when signed out", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/user/sessions" })).statusCode).toBe(401);
  });

  it("says how each session was proven", async () => {
    const me = await signedInUser(t.database.db, t.config);
    await createSession(t.database.db, t.config.session, me.user.id, { provenBy: "google" });
    await createSession(t.database.db, t.config.session, me.user.id, { provenBy: "password+totp" });
    const res = await t.app.inject({
      method: "GET",
      url: "/api/user/sessions",
      headers: { cookie: me.cookie },
    });
    const list = res.json() as Array<{ current: boolean; provenBy: string }>;
    expect(list.map((s) => s.provenBy).sort()).toEqual(["google", "password", "password+totp"]);
    expect(list.find((s) => s.current)?.provenBy).toBe("password");
  });

  const endSession = (id: number | string, cookie?: string) =>
    t.app.inject({
      method: "DELETE",
      url: `/api/user/sessions/${id}`,
      headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) },
      payload: {},
    });
  const userWith = (cookie: string) => t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });

  it("ends one other session of the user's own: its cookie is signed out, the rest stay", async () => {
    const me = await signedInUser(t.database.db, t.config);
    const phone = await createSession(t.database.db, t.config.session, me.user.id);
    const tablet = await createSession(t.database.db, t.config.session, me.user.id);
    const res = await endSession(phone.session.id, me.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await userWith(`${t.config.session.cookieName}=${phone.token}`)).statusCode).toBe(401);
    expect((await userWith(`${t.config.session.cookieName}=${tablet.token}`)).statusCode).toBe(200);
    expect((await userWith(me.cookie)).statusCode).toBe(200);
    // Ended once; a second time it is gone.
    expect((await endSession(phone.session.id, me.cookie)).statusCode).toBe(404);
  });

  it("answers another user's session as one that does not exist (404), and leaves it signed in", async () => {
    const me = await signedInUser(t.database.db, t.config);
    const stranger = await signedInUser(t.database.db, t.config);
    const [strangers] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, stranger.user.id));
    if (!strangers) throw new Error("the stranger has no session");
    const res = await endSession(strangers.id, me.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: SESSION_NOT_FOUND_MESSAGE });
    expect((await endSession(2_000_000_000, me.cookie)).json()).toEqual({ error: SESSION_NOT_FOUND_MESSAGE });
    expect((await userWith(stranger.cookie)).statusCode).toBe(200);
  });

  it("refuses to end the session making the request with 409, which stays signed in", async () => {
    const me = await signedInUser(t.database.db, t.config);
    const [mine] = await t.database.db.select().from(sessions).where(eq(sessions.userId, me.user.id));
    if (!mine) throw new Error("no session");
    const res = await endSession(mine.id, me.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: CURRENT_SESSION_MESSAGE });
    expect((await userWith(me.cookie)).statusCode).toBe(200);
  });

  it("answers 401 signed out, 400 for an id that is not one, and 403 from another site", async () => {
    const me = await signedInUser(t.database.db, t.config);
    const other = await createSession(t.database.db, t.config.session, me.user.id);
    expect((await endSession(other.session.id)).statusCode).toBe(401);
    for (const id of ["abc", "0", "-1", "1.5", "99999999999"]) {
      const res = await endSession(id, me.cookie);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().error, id).toEqual(expect.any(String));
    }
    const crossSite = await t.app.inject({
      method: "DELETE",
      url: `/api/user/sessions/${other.session.id}`,
      headers: { ...sameOrigin, origin: "https://evil.example", cookie: me.cookie },
      payload: {},
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await userWith(`${t.config.session.cookieName}=${other.token}`)).statusCode).toBe(200);
  });
});
