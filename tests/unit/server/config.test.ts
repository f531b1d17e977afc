import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../../src/server/platform/config";

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error("expected the configuration to be refused");
}

describe("loadConfig", () => {
  it("gives the documented defaults for an empty environment", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    // Outside production only this machine can reach the portal unless HOST says otherwise.
    expect(config.host).toBe("localhost");
    expect(config.appUrl).toBe("http://localhost:3000");
    expect(config.env).toBe("development");
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.syncIntervalMinutes).toBe(15);
    expect(config.airtable).toBeUndefined();
    expect(config.stripe).toBeUndefined();
    expect(config.google).toBeUndefined();
    expect(config.session.cookieName).toBe("portal_session");
    expect(config.session.secureCookie).toBe(false);
    expect(config.trustProxy).toBe(false);
    expect(config.smtpTimeoutMs).toBe(10_000);
    expect(loadConfig({ AIRTABLE_TOKEN: "t", AIRTABLE_BASE_ID: "b" }).airtable?.timeoutMs).toBe(10_000);
  });

  it("keeps the audit log 730 days by default, 0 keeps it all, and refuses less than 30 days", () => {
    expect(loadConfig({}).auditRetentionDays).toBe(730);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: "0" }).auditRetentionDays).toBe(0);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: "30" }).auditRetentionDays).toBe(30);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: "3650" }).auditRetentionDays).toBe(3650);
    for (const refused of ["1", "29", "-1", "1.5", "two years", "36601"]) {
      expect(problemsOf({ AUDIT_RETENTION_DAYS: refused }), refused).toEqual([
        expect.stringMatching(/^AUDIT_RETENTION_DAYS: /),
      ]);
    }
    expect(problemsOf({ AUDIT_RETENTION_DAYS: "7" })).toEqual([
      "AUDIT_RETENTION_DAYS: must be a number of days from 30 to 36600, or 0 to keep every entry",
    ]);
  });

  it("listens on every interface by default only in production", () => {
    const production = { NODE_ENV: "production", SECRETS_KEY: Buffer.alloc(32, 1).toString("base64") };
    const withMail = { ...production, APP_URL: "https://portal.example", SMTP_URL: "smtp://mail.example" };
    expect(loadConfig(withMail).host).toBe("0.0.0.0");
    expect(loadConfig({ NODE_ENV: "test" }).host).toBe("localhost");
    expect(loadConfig({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig({ HOST: "" }).host).toBe("localhost");
  });

  it("trusts a proxy only as configured: off, a hop count, or addresses and ranges", () => {
    expect(loadConfig({ TRUST_PROXY: "off" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.7 ,loopback, ::1/128" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "192.168.1.7",
      "loopback",
      "::1/128",
    ]);
    for (const refused of ["true", "all", "11", "10.0.0.0/33", "proxy.example.com", "1.2.3.4/x"]) {
      expect(problemsOf({ TRUST_PROXY: refused }), refused).toEqual([
        expect.stringMatching(/^TRUST_PROXY: /),
      ]);
    }
  });

  it("derives APP_URL from PORT and treats empty strings as unset", () => {
    const config = loadConfig({ PORT: "4100", DATABASE_URL: "", APP_URL: "  " });
    expect(config.appUrl).toBe("http://localhost:4100");
    expect(config.databaseUrl).toBeUndefined();
  });

  it("uses a Secure __Host- cookie when the public origin is https", () => {
    const config = loadConfig({ APP_URL: "https://portal.example.com/" });
    expect(config.appUrl).toBe("https://portal.example.com");
    expect(config.session).toMatchObject({ cookieName: "__Host-portal_session", secureCookie: true });
  });

  it("lists every problem at once", () => {
    const problems = problemsOf({
      PORT: "eighty",
      DATABASE_URL: "mysql://nope",
      SYNC_INTERVAL_MINUTES: "-5",
      APP_URL: "ftp://x",
    });
    expect(problems).toHaveLength(4);
    expect(problems.join("\n")).toMatch(/PORT/);
    expect(problems.join("\n")).toMatch(/DATABASE_URL: must be a postgres/);
    expect(problems.join("\n")).toMatch(/SYNC_INTERVAL_MINUTES/);
    expect(problems.join("\n")).toMatch(/APP_URL/);
  });

  it("reads the volume tiers, and stops the start on tiers it cannot read, saying how to write them", () => {
    expect(loadConfig({}).shop.volumeTiers).toEqual([
      { minAccounts: 5, percent: 5 },
      { minAccounts: 10, percent: 10 },
      { minAccounts: 25, percent: 15 },
    ]);
    expect(loadConfig({ VOLUME_DISCOUNT_TIERS: " Off " }).shop.volumeTiers).toEqual([]);
    expect(problemsOf({ VOLUME_DISCOUNT_TIERS: "5:5,off" })).toEqual([
      'VOLUME_DISCOUNT_TIERS: "off" is not accounts:percent (1 or more accounts, 1 to 90 percent); write accounts:percent pairs such as 5:5,10:10,25:15, or off',
    ]);
  });

  it("refuses half-configured integrations and bad admin emails", () => {
    const problems = problemsOf({
      AIRTABLE_TOKEN: "pat123",
      GOOGLE_CLIENT_SECRET: "s",
      ADMIN_EMAILS: "a@b.co, nope",
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        "AIRTABLE_BASE_ID: is required when AIRTABLE_TOKEN is set",
        "GOOGLE_CLIENT_ID: is required when GOOGLE_CLIENT_SECRET is set",
        'ADMIN_EMAILS: "nope" is not an email address',
      ]),
    );
  });

  it("makes missing secrets fatal in production", () => {
    const problems = problemsOf({ NODE_ENV: "production" });
    expect(problems).toEqual([
      "SECRETS_KEY: is required in production",
      "APP_URL: is required in production",
      "SMTP_URL: is required in production (sign-in links and resets are mailed)",
    ]);
  });

  it("checks that SECRETS_KEY is 32 bytes of base64", () => {
    expect(problemsOf({ SECRETS_KEY: "c2hvcnQ=" })).toEqual([
      "SECRETS_KEY: must be 32 random bytes, base64-encoded (several keys: comma-separated, newest first)",
    ]);
    const key = Buffer.alloc(32, 7).toString("base64");
    expect(loadConfig({ SECRETS_KEY: key }).secretsKeys).toEqual([key]);
  });

  it("takes several comma-separated SECRETS_KEY keys, newest first, for rotation", () => {
    const newer = Buffer.alloc(32, 8).toString("base64");
    const older = Buffer.alloc(32, 9).toString("base64");
    expect(loadConfig({ SECRETS_KEY: `${newer}, ${older}` }).secretsKeys).toEqual([newer, older]);
    expect(problemsOf({ SECRETS_KEY: `${newer},c2hvcnQ=` })).toHaveLength(1);
  });

  it("normalises admin emails to lower case", () => {
    expect(loadConfig({ ADMIN_EMAILS: " Boss@Example.com ,ops@example.com" }).adminEmails).toEqual([
      "boss@example.com",
      "ops@example.com",
    ]);
  });
});
