import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { generateDemoData } from "../../../scripts/build/generate-demo-data";
import { BUILT_IN_FIELD_MAP, SYNC_TABLES, type SyncTable } from "../../../src/server/features/sync/field-map";

const DEMO_CUSTOMER_RECORD_ID = "recDemoCustomer01";
const DEMO_CUSTOMER_UID = "5f0c7a2e-3b8d-4c1e-9a6f-2d7e8b9c0a11";
const DEMO_CUSTOMER_EMAIL = "demo@example.com";

const DEMO_DIR = path.resolve(import.meta.dirname, "../../../demo-data");
const { csv, tables } = BUILT_IN_FIELD_MAP;

type CsvRecord = { [field: string]: string };

// The requests table is the portal's own: written by the portal (to DATA_DIR for the demo), never shipped.
const DEMO_TABLES = SYNC_TABLES.filter((table) => table !== "replacementRequests");
const fileName = (table: SyncTable) => `${tables[table].table}.csv`;
const text = (table: SyncTable) => readFileSync(path.join(DEMO_DIR, fileName(table)), "utf8");
const records = (table: SyncTable): CsvRecord[] =>
  parse(text(table), { columns: true, skip_empty_lines: true });
/** The CSV header of a table's field, by portal column. */
const field = (table: SyncTable, column: string): string => {
  const name = tables[table].fields[column];
  if (!name) throw new Error(`${table} has no field for ${column}`);
  return name;
};

const users = records("users");
const accounts = records("linkedinAccounts");
const optimizations = records("profileOptimizations");
const transactions = records("transactions");
const demoAccounts = accounts.filter((r) => r[field("linkedinAccounts", "uid")] === DEMO_CUSTOMER_UID);
const values = (rows: CsvRecord[], name: string) => rows.map((r) => r[name] ?? "");

describe("the demo CSV folder", () => {
  it.each(DEMO_TABLES)("%s has every field of the map, then Record ID and Last Modified", (table) => {
    const [header] = parse(text(table), { to_line: 1 }) as string[][];
    const expected = [...Object.values(tables[table].fields), csv.recordIdColumn, csv.lastModifiedColumn];
    // LinkedIn Accounts maps "Last Modified" itself; the column appears once.
    expect(header).toEqual([...new Set(expected)]);
  });

  it("is RFC 4180 with LF line endings", () => {
    for (const table of DEMO_TABLES) {
      const t = text(table);
      expect(t).not.toContain("\r");
      expect(t.endsWith("\n")).toBe(true);
    }
  });

  it("has about 70 users with unique emails, UIDs and usernames", () => {
    expect(users.length).toBeGreaterThanOrEqual(65);
    expect(users.length).toBeLessThanOrEqual(75);
    const emails = values(users, field("users", "email"));
    const uids = values(users, field("users", "uid"));
    const usernames = values(users, field("users", "username")).filter((u) => u !== "");
    expect(new Set(emails.map((e) => e.toLowerCase())).size).toBe(users.length);
    expect(new Set(uids).size).toBe(users.length);
    expect(new Set(usernames.map((u) => u.toLowerCase())).size).toBe(usernames.length);
    for (const email of emails) expect(email).toMatch(/^[a-z0-9._+-]+@example\.(com|org|net)$/);
    expect(emails).not.toContain("admin@example.com");
    for (const uid of uids)
      expect(uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    for (const username of usernames) expect(username.length).toBeLessThanOrEqual(50);
  });

  it("has the demo customer exactly as documented", () => {
    const demo = users.filter((r) => r[field("users", "email")] === DEMO_CUSTOMER_EMAIL);
    expect(demo).toHaveLength(1);
    expect(demo[0]).toMatchObject({
      [csv.recordIdColumn]: DEMO_CUSTOMER_RECORD_ID,
      [field("users", "uid")]: DEMO_CUSTOMER_UID,
      [field("users", "email")]: DEMO_CUSTOMER_EMAIL,
      [field("users", "name")]: "Dana Demo",
      [field("users", "username")]: "dana",
      [field("users", "onboardingUrl")]: "https://example.com/onboarding",
      [field("users", "optimizationUrl")]: "https://example.com/optimization-request",
    });
  });

  it("gives every account, optimization and transaction to a user", () => {
    const uids = new Set(values(users, field("users", "uid")));
    for (const [table, rows] of [
      ["linkedinAccounts", accounts],
      ["profileOptimizations", optimizations],
      ["transactions", transactions],
    ] as const) {
      expect(rows.length).toBeGreaterThan(0);
      for (const uid of values(rows, field(table, "uid")))
        expect(uids.has(uid), `${table}: ${uid}`).toBe(true);
    }
    for (const row of transactions) {
      expect(row[field("transactions", "clientRefId")]).toBe(row[field("transactions", "uid")]);
    }
  });

  it("gives the demo customer 35–45 accounts of every type and status", () => {
    expect(demoAccounts.length).toBeGreaterThanOrEqual(35);
    expect(demoAccounts.length).toBeLessThanOrEqual(45);
    const types = new Set(
      values(demoAccounts, field("linkedinAccounts", "accountType")).map((t) =>
        t.toLowerCase() === "sales navigator" ? "navigator" : t.toLowerCase(),
      ),
    );
    expect([...types].sort()).toEqual(["exec", "lite", "navigator", "plus"]);
    const rawTypes = values(demoAccounts, field("linkedinAccounts", "accountType"));
    expect(rawTypes).toContain("Sales Navigator");
    expect(rawTypes.some((t) => t !== t.toLowerCase() && t !== "Sales Navigator")).toBe(true);
    const statuses = new Set(values(demoAccounts, field("linkedinAccounts", "status")));
    for (const status of [
      "Signed In",
      "Not Signed In",
      "Wrong Password",
      "Restricted - Submit ID",
      "Active",
    ]) {
      expect(statuses.has(status), status).toBe(true);
    }
  });

  it("gives some of the demo customer's accounts a 2FA secret and recovery codes", () => {
    const secret = field("linkedinAccounts", "twoFaCode");
    const codes = field("linkedinAccounts", "twoFaRecoveryCodes");
    const withSecret = demoAccounts.filter((r) => r[secret] !== "");
    expect(withSecret.length).toBeGreaterThan(0);
    for (const row of withSecret) expect(row[secret]).toMatch(/^[A-Z2-7]{32}$/);
    const withCodes = demoAccounts.filter((r) => r[codes] !== "");
    expect(withCodes.length).toBeGreaterThan(0);
    for (const row of withCodes) {
      expect(row[secret]).not.toBe("");
      expect(row[codes]?.split("\n")).toHaveLength(8);
    }
  });

  it("covers every optimization status and transaction event type", () => {
    const statuses = new Set(values(optimizations, field("profileOptimizations", "status")));
    for (const status of ["submitted", "in_review", "confirmed", "on_hold"])
      expect(statuses.has(status)).toBe(true);
    const demoStatuses = new Set(
      values(
        optimizations.filter((r) => r[field("profileOptimizations", "uid")] === DEMO_CUSTOMER_UID),
        field("profileOptimizations", "status"),
      ),
    );
    expect(demoStatuses).toEqual(statuses);

    const eventTypes = new Set(values(transactions, field("transactions", "eventType")));
    const demoEventTypes = new Set(
      values(
        transactions.filter((r) => r[field("transactions", "uid")] === DEMO_CUSTOMER_UID),
        field("transactions", "eventType"),
      ),
    );
    for (const eventType of [
      "checkout.session.completed",
      "payment.succeeded",
      "payment.failed",
      "refund.created",
      "invoice.paid",
    ]) {
      expect(eventTypes.has(eventType), eventType).toBe(true);
      expect(demoEventTypes.has(eventType), eventType).toBe(true);
    }
  });

  it("has unique Airtable-style record ids across the files", () => {
    const ids = [users, accounts, optimizations, transactions].flatMap((rows) =>
      values(rows, csv.recordIdColumn),
    );
    for (const id of ids) expect(id).toMatch(/^rec[A-Za-z0-9]{14}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(DEMO_CUSTOMER_RECORD_ID);
  });

  it("is what the generator produces, every time", () => {
    const first = generateDemoData();
    const second = generateDemoData();
    expect(second).toEqual(first);
    expect(Object.keys(first).sort()).toEqual(DEMO_TABLES.map(fileName).sort());
    for (const table of DEMO_TABLES) expect(first[fileName(table)]).toBe(text(table));
  });
});
