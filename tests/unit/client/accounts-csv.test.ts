import { parse } from "csv-parse/sync";
import { afterEach, describe, expect, it } from "vitest";
import { accountsCsv } from "../../../src/client/features/linkedin-accounts/components/accounts-csv";
import { i18n } from "../../../src/client/lib/i18n/i18n";
import type { LinkedinAccount } from "../../../src/shared/api/linkedin-accounts";

function account(overrides: Partial<LinkedinAccount> = {}): LinkedinAccount {
  return {
    id: 1,
    accountType: "navigator",
    firstName: "Ana",
    lastName: "Berlin",
    linkedinEmail: "ana@example.com",
    hasPassword: true,
    status: "Signed In",
    isPremium: true,
    isVerified: false,
    isOptimized: false,
    headline: 'Growth, demand and "pipeline"',
    location: "Berlin, Germany",
    industry: "Software",
    gender: "Female",
    connectionsCount: 1200,
    followers: null,
    profileUrl: "https://www.linkedin.com/in/ana",
    proxyCountry: "DE",
    proxyIp: "192.0.2.10",
    proxyPort: "8000",
    proxyUsername: "user-de",
    proxyZoneName: "mobile_de",
    hasProxyPassword: true,
    hasTwoFaSecret: false,
    twoFaRecoveryCodeCount: 2,
    twoFaStatus: "Enabled",
    verificationType: "Email",
    notes: "Line one\nLine two",
    createdAt: "2026-01-02T03:04:05.000Z",
    lastSyncedAt: "2026-02-03T04:05:06.000Z",
    openRequest: null,
    ...overrides,
  };
}

/**
 * A few German headers, given here rather than read from the compiled German catalogue: what is
 * proved is that the header row follows the language spoken when the file is written.
 */
const GERMAN_HEADERS = {
  "accounts.csv.first-name": ["Vorname"],
  "accounts.csv.status": ["Status"],
  "accounts.csv.premium": ["Premium"],
  "accounts.csv.verified": ["Verifiziert"],
  "accounts.csv.created": ["Erstellt"],
  "accounts.csv.password": ["Passwort"],
};

afterEach(() => {
  i18n.activate("en");
});

const read = (csv: string) => parse(csv, { columns: true }) as Array<Record<string, string>>;

describe("accountsCsv", () => {
  it("writes one row per account without any secret column", () => {
    const csv = accountsCsv([
      account(),
      account({ id: 2, firstName: "=cmd", accountType: "lite", status: "Wrong password" }),
    ]);
    const rows = read(csv);
    expect(rows).toHaveLength(2);
    expect(Object.keys(rows[0] ?? {})).not.toContain("Password");
    expect(Object.keys(rows[0] ?? {})).not.toContain("Proxy Password");
    expect(rows[0]).toMatchObject({
      "First Name": "Ana",
      Email: "ana@example.com",
      Type: "Sales Navigator",
      Status: "Signed In",
      Premium: "Yes",
      Verified: "No",
      Headline: 'Growth, demand and "pipeline"',
      Location: "Berlin, Germany",
      Notes: "Line one\nLine two",
      Followers: "",
      "Proxy IP": "192.0.2.10",
    });
    expect(rows[1]).toMatchObject({ "First Name": "'=cmd", Type: "Lite", Status: "Wrong Password" });
  });

  it("guards formulas hidden behind invisible characters or in full-width signs, and keeps counts as numbers", () => {
    const csv = accountsCsv([
      account({
        firstName: "\u200B=cmd",
        lastName: "\u00A0+1",
        headline: "\uFF1DHYPERLINK()",
        notes: "\uFF20SUM(A1)",
        connectionsCount: 1200,
        followers: 0,
      }),
    ]);
    expect(read(csv)[0]).toMatchObject({
      "First Name": "'\u200B=cmd",
      "Last Name": "'\u00A0+1",
      Headline: "'\uFF1DHYPERLINK()",
      Notes: "'\uFF20SUM(A1)",
      Connections: "1200",
      Followers: "0",
    });
    // Unquoted: a spreadsheet reads them as numbers.
    expect(csv.split("\r\n")[1]).toContain(",1200,0,");
  });

  it("adds the password, proxy password and recovery codes when given the secrets", () => {
    const csv = accountsCsv(
      [account(), account({ id: 2, firstName: "Ben" })],
      [{ id: 1, password: "s3cret,pw", proxyPassword: "-proxy", recoveryCodes: ["aaaa-1111", "bbbb-2222"] }],
    );
    const rows = read(csv);
    expect(rows[0]).toMatchObject({
      Password: "s3cret,pw",
      "Proxy Password": "'-proxy",
      "2FA Recovery Codes": "aaaa-1111\nbbbb-2222",
    });
    // The server sent nothing for account 2: blanks, not another account's secrets.
    expect(rows[1]).toMatchObject({
      "First Name": "Ben",
      Password: "",
      "Proxy Password": "",
      "2FA Recovery Codes": "",
    });
  });

  it("writes only the header for no accounts", () => {
    expect(read(accountsCsv([]))).toEqual([]);
    expect(accountsCsv([]).split("\r\n")[0]).toMatch(/^First Name,Last Name,Email,Type,Status,/);
  });

  it("writes the header in the language spoken, and the values as the portal keeps them", () => {
    i18n.load("de", GERMAN_HEADERS);
    i18n.activate("de");
    const csv = accountsCsv([account()], [{ id: 1, password: "pw", proxyPassword: null, recoveryCodes: [] }]);
    expect(csv.split("\r\n")[0]).toMatch(/^Vorname,/);
    // Machine-readable values: the status's and flags' English words and ISO times, in any language.
    expect(read(csv)[0]).toMatchObject({
      Vorname: "Ana",
      Status: "Signed In",
      Premium: "Yes",
      Verifiziert: "No",
      Erstellt: "2026-01-02T03:04:05.000Z",
      Passwort: "pw",
    });

    i18n.activate("en");
    expect(accountsCsv([]).split("\r\n")[0]).toMatch(/^First Name,Last Name,Email,Type,Status,/);
  });
});
