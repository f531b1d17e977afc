import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoSeeders } from "../../../src/server/demo-data";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "../../../src/server/features/auth/demo-users";
import {
  linkedinAccounts,
  profileOptimizations,
  replacementRequests,
  transactions,
  users,
} from "../../../src/server/platform/db/schema";
import { createTestApp, sameOrigin, silentLog, type TestApp } from "../../support/test-app";

describe("the demo data a new embedded database starts with", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    for (const seeder of demoSeeders) await seeder.seed(t.database, t.config, silentLog);
  });
  afterAll(() => t.close());

  it("signs in the demo customer and admin with the details the README gives", async () => {
    for (const [demo, role] of [
      [DEMO_CUSTOMER, "customer"],
      [DEMO_ADMIN, "admin"],
    ] as const) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/login",
        headers: sameOrigin,
        payload: { email: demo.email, password: demo.password },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().role).toBe(role);
    }
  });

  it("imports about 70 customers, and gives the demo customer about 40 accounts with encrypted secrets", async () => {
    const db = t.database.db;
    const [imported] = await db.select({ n: count() }).from(users).where(eq(users.role, "customer"));
    expect(imported?.n).toBe(70);
    const [customer] = await db.select().from(users).where(eq(users.email, DEMO_CUSTOMER.email));
    if (!customer) throw new Error("no demo customer");
    expect(customer.airtableRecordId).toBe("recDemoCustomer01");
    const accounts = await db.select().from(linkedinAccounts).where(eq(linkedinAccounts.userId, customer.id));
    expect(accounts).toHaveLength(40);
    expect(new Set(accounts.map((a) => a.accountType))).toEqual(
      new Set(["lite", "plus", "exec", "navigator"]),
    );
    const withSecret = accounts.filter((a) => a.twoFaSecretEncrypted);
    expect(withSecret.length).toBeGreaterThan(0);
    for (const account of withSecret) expect(account.twoFaSecretEncrypted).toMatch(/^v1\./);
    expect(accounts.some((a) => a.twoFaRecoveryCodeCount === 8)).toBe(true);
    const [optimizations] = await db
      .select({ n: count() })
      .from(profileOptimizations)
      .where(eq(profileOptimizations.userId, customer.id));
    expect(optimizations?.n).toBe(6);
    const [txs] = await db
      .select({ n: count() })
      .from(transactions)
      .where(eq(transactions.userId, customer.id));
    expect(txs?.n).toBe(12);
  });

  it("gives the demo customer a replacement request in each state, in the demo's operator base, which a sync keeps", async () => {
    const db = t.database.db;
    const [customer] = await db.select().from(users).where(eq(users.email, DEMO_CUSTOMER.email));
    const mine = () =>
      db
        .select()
        .from(replacementRequests)
        .where(eq(replacementRequests.userId, customer?.id ?? -1))
        .orderBy(replacementRequests.id);
    const before = await mine();
    expect(before.map((r) => r.status).sort()).toEqual(
      ["declined", "fixed", "in_progress", "replaced", "submitted", "withdrawn"].sort(),
    );
    expect(before.find((r) => r.status === "declined")?.operatorNote).toBeTruthy();
    const replaced = before.find((r) => r.status === "replaced");
    const [replacement] = await db
      .select()
      .from(linkedinAccounts)
      .where(eq(linkedinAccounts.airtableRecordId, replaced?.replacementRecordId ?? ""));
    expect(replacement?.userId).toBe(customer?.id);
    for (const request of before) expect(request.airtableRecordId).toMatch(/^rec[A-Za-z0-9]{14}$/);

    const file = path.join(t.config.dataDir, "operator-base", "Replacement Requests.csv");
    const rows = parse(readFileSync(file, "utf8"), { columns: true, bom: true }) as Array<
      Record<string, string>
    >;
    expect(rows.map((r) => r.Status).sort()).toEqual(
      ["Declined", "Fixed", "In progress", "Replaced", "Submitted", "Withdrawn"].sort(),
    );

    const { run } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(run.status).toBe("succeeded");
    const after = await mine();
    expect(after.map((r) => [r.status, r.operatorNote, r.replacementRecordId, r.statusChangedAt])).toEqual(
      before.map((r) => [r.status, r.operatorNote, r.replacementRecordId, r.statusChangedAt]),
    );
  });
});
