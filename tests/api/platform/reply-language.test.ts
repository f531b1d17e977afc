/**
 * The server's answers speak the language of the answer (decisions 050-052): the signed-in person's
 * choice in Settings, else the browser's `language` cookie or `Accept-Language`, else English. Error
 * texts, validation messages (zod's own and the schemas'), success messages and the CSV exports'
 * headers; the data in them stays as it is, and English stays exactly as before.
 */

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAuditEvent } from "../../../src/server/features/audit/audit-log";
import { sessions, transactions } from "../../../src/server/platform/db/schema";
import { createTestApp, sameOrigin, type TestApp } from "../../support/test-app";
import { type SignedInUser, signedInCast } from "../../support/users";

const GERMAN_COOKIE = { cookie: "language=de" } as const;
const GERMAN_BROWSER = { "accept-language": "de-DE,de;q=0.9,en;q=0.5" } as const;
const ENGLISH_BROWSER = { "accept-language": "en-GB,en;q=0.9" } as const;
/** Shaped like a link's token, but no link carried it. */
const UNKNOWN_TOKEN = "a".repeat(43);

describe("the language of the server's answers", () => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let admin: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp();
    ({ alice, bob, admin } = await signedInCast(t.database.db, t.config));
  });
  afterAll(() => t.close());

  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { ...sameOrigin, ...headers },
      payload: JSON.stringify(body),
    });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers });
  const cookies = (...parts: string[]) => ({ cookie: parts.join("; ") });

  it("answers a German browser's error in German, by its cookie or its Accept-Language", async () => {
    const english = await post("/api/reset-password/check", { token: UNKNOWN_TOKEN });
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({
      error: "This link is invalid, has expired or has already been used. Please request a new one.",
    });

    for (const headers of [GERMAN_COOKIE, GERMAN_BROWSER]) {
      const german = await post("/api/reset-password/check", { token: UNKNOWN_TOKEN }, headers);
      expect(german.statusCode).toBe(400);
      expect(german.json()).toEqual({
        error:
          "Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte fordern Sie einen neuen an.",
      });
    }
    // The picked language wins over the header, as it does for the pages.
    const picked = await post(
      "/api/reset-password/check",
      { token: UNKNOWN_TOKEN },
      { ...GERMAN_COOKIE, ...ENGLISH_BROWSER },
    );
    expect(picked.json().error).toMatch(/^Dieser Link ist ungültig/);
  });

  it("says the session plugin's, the not-found handler's and the framework's refusals in German", async () => {
    expect((await get("/api/user", GERMAN_BROWSER)).json()).toEqual({ error: "Nicht angemeldet" });
    expect((await get("/api/user")).json()).toEqual({ error: "Not authenticated" });
    expect((await get("/api/no-such-route", GERMAN_BROWSER)).json()).toEqual({
      error: "Keine API-Route passt zu dieser Anfrage",
    });
    const admin403 = await get("/api/admin/audit", cookies(alice.cookie, "language=de"));
    expect(admin403.statusCode).toBe(403);
    expect(admin403.json()).toEqual({ error: "Administratorzugriff erforderlich" });
    const notJson = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { ...sameOrigin, ...GERMAN_BROWSER },
      payload: '{"email": ',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ error: "Der Inhalt ist kein gültiges JSON" });
    // A router error is answered before any hook has run: the browser's header still counts.
    const badUrl = await get("/api/accounts/linkedin/user/%zz", GERMAN_BROWSER);
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ error: "Die URL ist fehlerhaft" });
    expect((await get("/api/accounts/linkedin/user/%zz")).json()).toEqual({ error: "The URL is malformed" });
  });

  it("flags a second step that cannot go on, so the app restarts whatever language the text speaks", async () => {
    const german = await post("/api/login/second-factor", { code: "123456" }, GERMAN_BROWSER);
    expect(german.statusCode).toBe(401);
    expect(german.json()).toEqual({
      error: "Ihre Anmeldung ist abgelaufen. Melden Sie sich erneut mit Ihrem Passwort an.",
      signInAgain: true,
    });
  });

  it("words zod's own validation messages in German, keeping the field names", async () => {
    const body = { language: 1 };
    const put = (headers: Record<string, string>) =>
      t.app.inject({
        method: "PUT",
        url: "/api/user/language",
        headers: { ...sameOrigin, ...headers },
        payload: JSON.stringify(body),
      });
    const english = await put(cookies(bob.cookie));
    expect(english.statusCode).toBe(400);
    expect(english.json().error).toMatch(/^language: Invalid option: expected one of/);

    const german = await put({ ...cookies(bob.cookie), ...GERMAN_BROWSER });
    expect(german.statusCode).toBe(400);
    expect(german.json().error).toMatch(/^language: Ungültige Option: erwartet eine von "en"\|"de"$/);
  });

  it("words the schemas' own messages in German, several parts apart as in English", async () => {
    const body = { name: "Dana", username: "ab", email: "not-an-email", password: "x" };
    const english = await post("/api/register", body);
    expect(english.statusCode).toBe(400);
    const englishParts = english.json().error.split("; ");
    expect(englishParts).toContain("username: Username must be at least 3 characters");
    expect(englishParts).toContain("email: Please enter a valid email address");

    const german = await post("/api/register", body, GERMAN_BROWSER);
    expect(german.statusCode).toBe(400);
    const germanParts = german.json().error.split("; ");
    expect(germanParts).toHaveLength(englishParts.length);
    expect(germanParts).toContain("username: Der Benutzername muss mindestens 3 Zeichen lang sein");
    expect(germanParts).toContain("email: Bitte geben Sie eine gültige E-Mail-Adresse ein");
    expect(germanParts).toContain("password: Das Passwort muss mindestens 8 Zeichen lang sein");
  });

  it("says a success message in the language of the answer", async () => {
    const english = await post("/api/forgot-password", { email: "nobody@example.test" });
    expect(english.json().message).toMatch(/^If an account uses this email, we have sent it a link/);
    const german = await post("/api/forgot-password", { email: "nobody@example.test" }, GERMAN_COOKIE);
    expect(german.statusCode).toBe(200);
    expect(german.json().message).toBe(
      "Wenn ein Konto diese E-Mail-Adresse verwendet, haben wir ihr einen Link zum Zurücksetzen des Passworts gesendet. Der Link ist 30 Minuten lang gültig.",
    );
  });

  it("speaks a customer's choice in Settings even to an English browser", async () => {
    const choose = (language: string | null) =>
      t.app.inject({
        method: "PUT",
        url: "/api/user/language",
        headers: { ...sameOrigin, cookie: alice.cookie },
        payload: JSON.stringify({ language }),
      });
    const aliceSession = async () => {
      const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, alice.user.id));
      if (!row) throw new Error("alice has no session");
      return row;
    };
    expect((await choose("de")).statusCode).toBe(200);
    try {
      const current = await aliceSession();
      const own = await t.app.inject({
        method: "DELETE",
        url: `/api/user/sessions/${current.id}`,
        headers: { origin: sameOrigin.origin, ...ENGLISH_BROWSER, cookie: alice.cookie },
      });
      expect(own.statusCode).toBe(409);
      expect(own.json()).toEqual({
        error: "Das ist die Sitzung, die Sie gerade verwenden. Melden Sie sich stattdessen ab.",
      });
    } finally {
      await choose(null);
    }
    // Back to the browser's language: English.
    const current = await aliceSession();
    const own = await t.app.inject({
      method: "DELETE",
      url: `/api/user/sessions/${current.id}`,
      headers: { origin: sameOrigin.origin, ...ENGLISH_BROWSER, cookie: alice.cookie },
    });
    expect(own.json()).toEqual({ error: "This is the session you are using. Sign out instead." });
  });

  it("heads a German browser's transactions CSV in German, with the values as machines read them", async () => {
    await t.database.db.insert(transactions).values({
      userId: bob.user.id,
      uid: bob.user.uid,
      source: "stripe",
      eventId: `evt_language_${bob.user.id}`,
      eventType: "payment.succeeded",
      product: "LinkedIn Plus",
      amountCents: 123456,
      currency: "EUR",
      createdTime: new Date("2026-05-01T10:00:00Z"),
    });
    const lines = (body: string) =>
      body
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");

    const german = await get("/api/transactions/export.csv", { cookie: bob.cookie, ...GERMAN_BROWSER });
    expect(german.statusCode).toBe(200);
    expect(german.body.startsWith("\uFEFF")).toBe(true);
    const [header, row] = lines(german.body);
    expect(header).toBe(
      "Datum,Ereignistyp,Produkt,Betrag,Währung,Name,E-Mail,Telefon,Ereignis-ID,Kundenreferenz-ID,Objekt,Rabatte,Adresszeile 1,Adresszeile 2,Ort,Postleitzahl,Land,Beleg",
    );
    // ISO time, the event's own type, a decimal point and no thousands separator, whatever the language.
    expect(row).toMatch(/^2026-05-01T10:00:00\.000Z,payment\.succeeded,LinkedIn Plus,1234\.56,EUR,/);

    const english = await get("/api/transactions/export.csv", { cookie: bob.cookie });
    const [englishHeader, englishRow] = lines(english.body);
    expect(englishHeader).toBe(
      "Date,Event Type,Product,Amount,Currency,Name,Email,Phone,Event ID,Client Reference ID,Object,Discounts,Address Line 1,Address Line 2,City,Postcode,Country,Receipt",
    );
    expect(englishRow).toBe(row);
  });

  it("heads the audit CSV in the administrator's language, the kind kept as a code", async () => {
    await recordAuditEvent(t.database.db, {
      kind: "password-changed",
      actorUserId: alice.user.id,
      subjectUserId: alice.user.id,
    });
    const german = await get("/api/admin/audit.csv", cookies(admin.cookie, "language=de"));
    expect(german.statusCode).toBe(200);
    const [header, ...rows] = german.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(header).toBe(
      "Wann,Art,Was,UID des Handelnden,Name des Handelnden,E-Mail des Handelnden,UID des Betroffenen,Name des Betroffenen,E-Mail des Betroffenen,Detail,Ziel,Von",
    );
    const english = await get("/api/admin/audit.csv", { cookie: admin.cookie });
    expect(english.body.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
      "When,Kind,What,Actor UID,Actor name,Actor email,Subject UID,Subject name,Subject email,Detail,Target,From",
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z,[a-z-]+,/);
    // What a kind means, in the administrator's words; the kind itself as the log names it.
    expect(rows.some((row) => /,password-changed,Passwort geändert,/.test(row))).toBe(true);
    expect(english.body).toContain(",password-changed,Password changed,");
  });

  it("names a customer's sessions' devices in the administrator's language", async () => {
    const chrome =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
    await t.database.db.update(sessions).set({ userAgent: chrome }).where(eq(sessions.userId, alice.user.id));
    const devices = async (headers: Record<string, string>) => {
      const answer = await get(`/api/admin/customers/${alice.user.uid}`, headers);
      expect(answer.statusCode).toBe(200);
      return (answer.json() as { sessions: { items: { device: string }[] } }).sessions.items.map(
        (session) => session.device,
      );
    };
    expect(await devices(cookies(admin.cookie, "language=de"))).toContain("Chrome auf Linux");
    expect(await devices({ cookie: admin.cookie })).toContain("Chrome on Linux");

    await t.database.db.update(sessions).set({ userAgent: null }).where(eq(sessions.userId, alice.user.id));
    expect(await devices(cookies(admin.cookie, "language=de"))).toContain(
      "Unbekannter Browser auf einem unbekannten System",
    );
    expect(await devices({ cookie: admin.cookie })).toContain("Unknown browser on an unknown system");
  });
});
