/**
 * The language the portal speaks to a customer (decision 050): chosen in Settings and kept on the
 * user, else what the browser they signed in with asked for. A choice changes only the caller's own
 * row, refuses anything but the portal's languages, and is refused while an administrator views the
 * portal as the customer.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../../src/server/platform/db/schema";
import { READ_ONLY_WHILE_VIEWING } from "../../../src/shared/api/view-as";
import { createTestApp, sameOrigin, type TestApp } from "../../support/test-app";
import { type SignedInUser, signedInCast, signedInUser } from "../../support/users";

describe("the customer's language", () => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let admin: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp();
    ({ alice, bob, admin } = await signedInCast(t.database.db, t.config));
  });
  afterAll(() => t.close());

  const choose = (who: SignedInUser | null, payload: unknown, contentType = "application/json") =>
    t.app.inject({
      method: "PUT",
      url: "/api/user/language",
      headers: { ...sameOrigin, "content-type": contentType, ...(who ? { cookie: who.cookie } : {}) },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });
  const stored = async (userId: number) => {
    const [row] = await t.database.db
      .select({ language: users.language, browserLanguage: users.browserLanguage })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  };
  const sessionUser = async (who: SignedInUser) =>
    (await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie: who.cookie } })).json().user;

  it("follows the browser until one is chosen, then keeps the choice, and follows it again on null", async () => {
    expect((await sessionUser(alice)).language).toBeNull();

    const german = await choose(alice, { language: "de" });
    expect(german.statusCode).toBe(200);
    expect(german.json()).toEqual({ language: "de" });
    expect(await stored(alice.user.id)).toMatchObject({ language: "de" });
    expect((await sessionUser(alice)).language).toBe("de");
    // Only the caller's own row.
    expect(await stored(bob.user.id)).toMatchObject({ language: null });

    const browser = await choose(alice, { language: null });
    expect(browser.json()).toEqual({ language: null });
    expect(await stored(alice.user.id)).toMatchObject({ language: null });
  });

  it("refuses anything but the portal's languages with a clear 400, and changes nothing", async () => {
    await choose(bob, { language: "en" });
    const bad: Array<[unknown, string?]> = [
      [{ language: "fr" }],
      [{ language: "DE" }],
      [{ language: 1 }],
      [{ language: "de\u0000" }],
      [{}],
      [{ language: "de", admin: true }],
      [[{ language: "de" }]],
      ['{"language": "de"', "application/json"],
      [{ language: "x".repeat(100_000) }],
    ];
    for (const [payload, contentType] of bad) {
      const res = await choose(bob, payload, contentType);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(Object.keys(res.json())).toEqual(["error"]);
    }
    expect(await stored(bob.user.id)).toMatchObject({ language: "en" });
    expect(t.logs()).not.toContain('"level":50');
  });

  it("answers 401 to a browser that is not signed in", async () => {
    const res = await choose(null, { language: "de" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "Not authenticated" });
  });

  it("is refused while an administrator views the portal as the customer", async () => {
    await choose(bob, { language: "en" });
    await t.database.db
      .update(sessions)
      .set({ viewingUserId: bob.user.id, viewingReason: "Ticket 7", viewingSince: new Date() })
      .where(eq(sessions.userId, admin.user.id));
    try {
      const res = await choose(admin, { language: "de" });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: READ_ONLY_WHILE_VIEWING });
      expect(await stored(bob.user.id)).toMatchObject({ language: "en" });
      expect(await stored(admin.user.id)).toMatchObject({ language: null });
    } finally {
      await t.database.db
        .update(sessions)
        .set({ viewingUserId: null, viewingReason: null, viewingSince: null })
        .where(eq(sessions.userId, admin.user.id));
    }
  });

  it("keeps what the browser a customer signs in with asks for, when it is one of the portal's", async () => {
    const password = "Language-Test-Password-1";
    const carol = await signedInUser(t.database.db, t.config, { password });
    const signIn = (acceptLanguage: string) =>
      t.post(
        "/api/login",
        { email: carol.user.email, password },
        { headers: { "accept-language": acceptLanguage } },
      );
    expect((await signIn("de-CH,de;q=0.9,en;q=0.7")).statusCode).toBe(200);
    expect(await stored(carol.user.id)).toEqual({ language: null, browserLanguage: "de" });
    // A browser that asks for none of them leaves what the last one asked for.
    expect((await signIn("fr-FR,fr;q=0.9")).statusCode).toBe(200);
    expect(await stored(carol.user.id)).toEqual({ language: null, browserLanguage: "de" });
    expect((await signIn("en-GB")).statusCode).toBe(200);
    expect(await stored(carol.user.id)).toEqual({ language: null, browserLanguage: "en" });
  });

  it("takes the language picked on the browser (its cookie) over what the browser asks for, and ignores a bad pick", async () => {
    const password = "Language-Test-Password-2";
    const dora = await signedInUser(t.database.db, t.config, { password });
    const signIn = (cookie: string) =>
      t.post(
        "/api/login",
        { email: dora.user.email, password },
        { headers: { "accept-language": "en-US,en;q=0.9", cookie } },
      );
    expect((await signIn("language=de")).statusCode).toBe(200);
    expect(await stored(dora.user.id)).toEqual({ language: null, browserLanguage: "de" });
    // A cookie naming none of the portal's languages leaves the header to speak.
    expect((await signIn("language=fr")).statusCode).toBe(200);
    expect(await stored(dora.user.id)).toEqual({ language: null, browserLanguage: "en" });
  });
});
