import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { createSession } from "../../src/server/plugins/session-store";
import { createTestApp, sameOrigin, type TestApp } from "../support/test-app";
import { insertUser, signedInUser } from "../support/users";

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

  it("saves the user's own email, name and username", async () => {
    const { user, cookie } = await signedInUser(t.database.db, t.config);
    const res = await put(
      user.id,
      { email: "renamed@example.test", name: "Renamed Person", username: "renamed" },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: "renamed@example.test",
      name: "Renamed Person",
      username: "renamed",
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: "renamed@example.test", name: "Renamed Person", username: "renamed" });
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

  it("refuses an email or username another user has, with 409", async () => {
    await insertUser(t.database.db, { email: "occupied@example.test", username: "occupied" });
    const { user, cookie } = await signedInUser(t.database.db, t.config);
    const email = await put(user.id, { email: "Occupied@example.test", name: "N" }, cookie);
    expect(email.statusCode).toBe(409);
    expect(email.json().error).toBe("email: This email is already used by another account");
    const username = await put(user.id, { email: user.email, name: "N", username: "OCCUPIED" }, cookie);
    expect(username.statusCode).toBe(409);
  });

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
});
