/**
 * The mails speak the customer's language (decisions 050 and 051): the language chosen in Settings,
 * else what the asking browser (or, with no browser, the last one they signed in with) asked for,
 * else English. The English texts are the spec's own.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../src/server/platform/db/schema";
import { latestMail, linkToken } from "../../support/mailbox";
import { createTestApp, type TestApp } from "../../support/test-app";
import { insertUser } from "../../support/users";

describe("mails in the customer's language", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const forgot = (email: string, acceptLanguage?: string) =>
    t.post(
      "/api/forgot-password",
      { email },
      acceptLanguage ? { headers: { "accept-language": acceptLanguage } } : {},
    );

  it("mails a reset link in German to a browser that asks for German, and in English otherwise", async () => {
    await insertUser(t.database.db, { email: "sprache.eins@example.test", password: "Alt-Passwort-1234" });
    await forgot("sprache.eins@example.test", "de-DE,de;q=0.9,en;q=0.5");
    const german = await latestMail(t.app);
    expect(german.subject).toBe("Setzen Sie Ihr Passwort zurück");
    expect(german.text).toContain("Neues Passwort wählen: ");
    expect(german.text).toContain("Ihr Passwort bleibt, wie es ist.");
    expect(linkToken(german, "/reset-password")).toBeTruthy();

    for (const header of [undefined, "fr-FR", "en-GB,de;q=0.5"]) {
      await forgot("sprache.eins@example.test", header);
      const english = await latestMail(t.app);
      expect(english.subject, String(header)).toBe("Reset your password");
      expect(english.text).toContain("Choose a new password: ");
    }
  });

  it("mails a reset link in the language picked on the asking browser (the sign-in page's switch)", async () => {
    await insertUser(t.database.db, { email: "sprache.switch@example.test", password: "Alt-Passwort-1234" });
    await t.post(
      "/api/forgot-password",
      { email: "sprache.switch@example.test" },
      { headers: { "accept-language": "en-GB", cookie: "language=de" } },
    );
    expect((await latestMail(t.app)).subject).toBe("Setzen Sie Ihr Passwort zurück");
  });

  it("speaks the language chosen in Settings whatever the browser asks for", async () => {
    const user = await insertUser(t.database.db, {
      email: "sprache.zwei@example.test",
      password: "Alt-Passwort-1234",
    });
    await t.database.db.update(users).set({ language: "de" }).where(eq(users.id, user.id));
    await forgot("sprache.zwei@example.test", "en-US");
    expect((await latestMail(t.app)).subject).toBe("Setzen Sie Ihr Passwort zurück");

    await t.database.db
      .update(users)
      .set({ language: "en", browserLanguage: "de" })
      .where(eq(users.id, user.id));
    await forgot("sprache.zwei@example.test", "de");
    expect((await latestMail(t.app)).subject).toBe("Reset your password");
  });

  it("speaks the language of the browser the customer last signed in with over the asking one's", async () => {
    const user = await insertUser(t.database.db, {
      email: "sprache.drei@example.test",
      password: "Alt-Passwort-1234",
    });
    await t.database.db.update(users).set({ browserLanguage: "de" }).where(eq(users.id, user.id));
    await forgot("sprache.drei@example.test");
    expect((await latestMail(t.app)).subject).toBe("Setzen Sie Ihr Passwort zurück");
    // Anyone can ask for someone else's reset: their browser does not choose the owner's language.
    await forgot("sprache.drei@example.test", "en-US");
    expect((await latestMail(t.app)).subject).toBe("Setzen Sie Ihr Passwort zurück");
  });

  it("tells a new sign-in in the signing-in browser's language, with its details in place", async () => {
    const password = "Alt-Passwort-1234";
    await insertUser(t.database.db, { email: "sprache.vier@example.test", password });
    const signIn = await t.post(
      "/api/login",
      { email: "sprache.vier@example.test", password },
      { headers: { "accept-language": "de", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0" } },
    );
    expect(signIn.statusCode).toBe(200);
    const mail = await latestMail(t.app);
    expect(mail.subject).toBe("Neue Anmeldung bei Ihrem Konto");
    expect(mail.text).toMatch(
      /^Bei Ihrem Portalkonto hat sich ein Browser angemeldet, den es noch nicht kannte: Firefox auf Linux, am \d{4}-\d\d-\d\d \d\d:\d\d UTC, von der Adresse 127\./,
    );
    expect(mail.html).toContain("Ihre Sitzungen ansehen</a>");
  });
});
