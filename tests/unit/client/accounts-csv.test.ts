import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { accountsCsv, csvCell, toCsv } from "../../../src/client/features/accounts/components/accounts-csv";
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
    ...overrides,
  };
}

const read = (csv: string) => parse(csv, { columns: true }) as Array<Record<string, string>>;

describe("csvCell", () => {
  it("leaves plain values alone and writes nothing for null", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(null)).toBe("");
    expect(csvCell(true)).toBe("Yes");
    expect(csvCell(false)).toBe("No");
  });

  it("quotes commas, quotes and line breaks, doubling the quotes", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("one\ntwo")).toBe('"one\ntwo"');
    expect(csvCell("one\r\ntwo")).toBe('"one\r\ntwo"');
  });

  it("defuses cells a spreadsheet would run as formulas", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+1 555")).toBe("'+1 555");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    // Only a leading sign counts.
    expect(csvCell("a=b")).toBe("a=b");
  });
});

describe("toCsv", () => {
  it("ends every row with CRLF", () => {
    expect(
      toCsv([
        ["a", "b"],
        ["c", null],
      ]),
    ).toBe("a,b\r\nc,\r\n");
  });
});

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
});
