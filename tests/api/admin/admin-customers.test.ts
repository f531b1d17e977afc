/**
 * The admin's customers list and a customer's page (decision 037): search and filters, keyset pages
 * with no duplicate and no gap, the figures each row shows (accounts by status, last sign-in, total
 * paid), no secret anywhere in the answers, "End all sessions" and its audit entry, and who may ask.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  linkedinAccounts,
  orders,
  passkeys,
  profileOptimizations,
  sessions,
  subscriptions,
  syncRuns,
  transactions,
  twoFactorApps,
  type UserRow,
  users,
} from "../../../src/server/platform/db/schema";
import { createSession } from "../../../src/server/platform/http/session-store";
import {
  type CustomerList,
  customerDetailSchema,
  customerListSchema,
  endSessionsAnswerSchema,
} from "../../../src/shared/api/admin-customers";
import { insertAccount, secretsFor, testSecretBox } from "../../support/linkedin-accounts";
import { createTestApp, type TestApp } from "../../support/test-app";
import { insertUser, type SignedInUser, signedInUser } from "../../support/users";

const at = (iso: string) => new Date(iso);

describe("the admin's customers", () => {
  let t: TestApp;
  let admin: SignedInUser;
  let customer: SignedInUser;
  let zoe: UserRow;
  let yuri: UserRow;
  let xena: UserRow;
  let closed: UserRow;
  const secrets = [secretsFor(901), secretsFor(902)];
  const get = (url: string, cookie?: string) => t.get(url, cookie);
  const list = async (query: string): Promise<CustomerList> => {
    const res = await get(`/api/admin/customers${query}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return customerListSchema.parse(res.json());
  };
  const names = (page: CustomerList) => page.customers.map((row) => row.name);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    admin = await signedInUser(db, t.config, {
      role: "admin",
      name: "Ada Admin",
      password: "Admin-Pass-1234!",
    });
    customer = await signedInUser(db, t.config, { name: "Carl Customer", password: "Carl-Pass-1234!" });
    // Zoe: a password, linked to the base, Google, an authenticator app, accounts in each state, payments.
    zoe = await insertUser(db, {
      name: "Zoë Quartermaine",
      email: "zoe.q@harbour-example.test",
      password: "Zoe-Pass-1234!",
      googleId: "google-zoe",
      airtableRecordId: "recZoe",
    });
    await db
      .insert(twoFactorApps)
      .values({ userId: zoe.id, secretSealed: testSecretBox.seal("SECRET"), enabledAt: new Date() });
    await insertAccount(db, zoe, secrets[0], { status: "Signed In" });
    await insertAccount(db, zoe, secrets[1], { status: "Wrong Password" });
    await insertAccount(db, zoe, {}, { status: "Restricted - Submit ID" });
    await insertAccount(db, zoe, {}, { status: "Not signed in" });
    await insertAccount(db, zoe, {}, { status: "Active" });
    const ledger = (
      n: number,
      eventType: string,
      amountCents: number,
      extra: Partial<typeof transactions.$inferInsert> = {},
    ) => ({
      userId: zoe.id,
      uid: zoe.uid,
      source: "test" as const,
      eventId: `evt_zoe_${n}`,
      eventType,
      amountCents,
      product: "LinkedIn Lite",
      createdTime: at(`2026-0${n}-01T10:00:00Z`),
      ...extra,
    });
    await db.insert(transactions).values([
      // The checkout and its first invoice are one payment (decision 030): counted once.
      ledger(1, "checkout.session.completed", 9800, { invoiceId: "in_zoe_1" }),
      ledger(2, "payment.succeeded", 9800, { invoiceId: "in_zoe_1" }),
      ledger(3, "payment.succeeded", 9800, { invoiceId: "in_zoe_2" }),
      ledger(4, "refund.created", 2000),
      ledger(5, "payment.failed", 13400, { invoiceId: "in_zoe_3" }),
      ledger(6, "Payment.Succeeded ", 500, { currency: "EUR" }),
    ]);
    // Sessions end and are deleted; the audit log's sign-in is later than the one left here.
    await createSession(
      db,
      t.config.session,
      zoe.id,
      { userAgent: "Mozilla/5.0 (Windows NT 10.0) Chrome/130.0" },
      at("2026-03-01T09:00:00Z"),
    );
    await db.insert(auditEvents).values({
      kind: "sign-in",
      actorUserId: zoe.id,
      subjectUserId: zoe.id,
      at: at("2026-03-02T09:00:00Z"),
    });

    // Yuri: only a passkey, not linked to the base.
    yuri = await insertUser(db, { name: "yuri Passkey", email: "yuri@elsewhere.test" });
    await db
      .insert(passkeys)
      .values({ userId: yuri.id, credentialId: "cred-yuri", publicKey: "pk", name: "Phone" });
    // Xena: imported from the base, never signed in.
    xena = await insertUser(db, {
      name: "Xena Imported",
      email: "xena@harbour-example.test",
      airtableRecordId: "recXena",
    });
    closed = await insertUser(db, {
      name: "Closed portal login",
      email: "closed-abc@closed.invalid",
      closedAt: at("2026-04-01T00:00:00Z"),
      airtableRecordId: "recClosed",
    });
  });
  afterAll(() => t.close());

  it("is for admins only", async () => {
    for (const url of ["/api/admin/customers", `/api/admin/customers/${zoe.uid}`]) {
      expect((await get(url)).statusCode).toBe(401);
      const refused = await get(url, customer.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: "Admin access required" });
    }
    const end = `/api/admin/customers/${zoe.uid}/sessions/end`;
    expect((await t.post(end, {})).statusCode).toBe(401);
    expect((await t.post(end, {}, { headers: { cookie: customer.cookie } })).statusCode).toBe(403);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, zoe.id))).toHaveLength(1);
  });

  it("lists everyone by name without regard to case, with what each row says", async () => {
    const page = await list("");
    expect(page.total).toBe(6);
    expect(names(page)).toEqual([
      "Ada Admin",
      "Carl Customer",
      "Closed portal login",
      "Xena Imported",
      "yuri Passkey",
      "Zoë Quartermaine",
    ]);
    expect(page.nextCursor).toBeNull();
    const row = page.customers.find((c) => c.uid === zoe.uid);
    expect(row).toEqual({
      uid: zoe.uid,
      name: "Zoë Quartermaine",
      email: "zoe.q@harbour-example.test",
      role: "customer",
      closedAt: null,
      hasLogin: true,
      google: true,
      twoFactor: true,
      linkedToBase: true,
      accounts: { signedIn: 1, notSignedIn: 2, wrongPassword: 1, restricted: 1, total: 5 },
      lastSignInAt: "2026-03-02T09:00:00.000Z",
      // 98 + 98 - 20 in dollars (the first invoice is the checkout's own payment); 5 in euros.
      totalPaid: [
        { cents: 17600, currency: "USD" },
        { cents: 500, currency: "EUR" },
      ],
      failedPayments: true,
    });
    const yuriRow = page.customers.find((c) => c.uid === yuri.uid);
    expect(yuriRow).toMatchObject({ hasLogin: true, google: false, twoFactor: true, linkedToBase: false });
    expect(yuriRow?.totalPaid).toEqual([]);
    const xenaRow = page.customers.find((c) => c.uid === xena.uid);
    expect(xenaRow).toMatchObject({
      hasLogin: false,
      twoFactor: false,
      lastSignInAt: null,
      failedPayments: false,
    });
    expect(page.customers.find((c) => c.uid === closed.uid)?.closedAt).toBe("2026-04-01T00:00:00.000Z");
    expect(page.customers.find((c) => c.uid === admin.user.uid)?.role).toBe("admin");
  });

  it("pages by cursor with no duplicate and no gap", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: CustomerList = await list(`?limit=4${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.total).toBe(6);
      seen.push(...page.customers.map((c) => c.uid));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual((await list("")).customers.map((c) => c.uid));
    // Filters keep to their own pages too.
    const first = await list("?limit=1&unlinked=no");
    const second = await list(`?limit=1&unlinked=no&cursor=${first.nextCursor}`);
    expect([...names(first), ...names(second)]).toEqual(["Closed portal login", "Xena Imported"]);
  });

  it("searches names, emails and uids by the start of their words, in any case", async () => {
    expect(names(await list("?q=QUARTER"))).toEqual(["Zoë Quartermaine"]);
    expect(names(await list("?q=zo%C3%AB"))).toEqual(["Zoë Quartermaine"]);
    expect(names(await list("?q=harbour-example"))).toEqual(["Xena Imported", "Zoë Quartermaine"]);
    expect(names(await list("?q=xena%40harbour"))).toEqual(["Xena Imported"]);
    expect(names(await list(`?q=${yuri.uid.toUpperCase()}`))).toEqual(["yuri Passkey"]);
    expect(names(await list(`?q=${yuri.uid.slice(0, 6)}`))).toContain("yuri Passkey");
    expect((await list("?q=nobody-here")).total).toBe(0);
    // Nothing but punctuation is no search at all.
    expect((await list("?q=%40%40")).total).toBe(6);
    // A word inside another is not a match: the search is by the start of words.
    expect((await list("?q=artermaine")).total).toBe(0);
  });

  it("filters by login, Google, two-factor, the base and failed payments", async () => {
    expect(names(await list("?login=no"))).toEqual(["Closed portal login", "Xena Imported"]);
    expect(names(await list("?google=yes"))).toEqual(["Zoë Quartermaine"]);
    expect(names(await list("?twoFactor=yes"))).toEqual(["yuri Passkey", "Zoë Quartermaine"]);
    expect(names(await list("?unlinked=yes"))).toEqual(["Ada Admin", "Carl Customer", "yuri Passkey"]);
    expect(names(await list("?failedPayments=yes"))).toEqual(["Zoë Quartermaine"]);
    expect((await list("?failedPayments=no")).total).toBe(5);
    expect(names(await list("?q=harbour&login=yes"))).toEqual(["Zoë Quartermaine"]);
  });

  it("refuses bad filters, limits and cursors with a 400 and its reason", async () => {
    for (const [query, field] of [
      ["?login=maybe", "login"],
      ["?failedPayments=1", "failedPayments"],
      ["?limit=0", "limit"],
      ["?limit=500", "limit"],
      ["?cursor=not-a-cursor", "cursor"],
      [`?q=${"a".repeat(101)}`, "q"],
    ] as const) {
      const res = await get(`/api/admin/customers${query}`, admin.cookie);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toContain(field);
    }
  });

  it("serves the search from its index", async () => {
    const db = t.database.db;
    await db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = (await db.execute(
        sql.raw(`explain select id from users where search_document @@ to_tsquery('simple', 'zo:*')`),
      )) as unknown as { rows: unknown[] };
      expect(JSON.stringify(plan.rows)).toContain("users_search_idx");
    } finally {
      await db.execute(sql`reset enable_seqscan`);
    }
  });

  it("shows a customer's page without a secret in it", async () => {
    const db = t.database.db;
    await db.insert(orders).values({
      userId: zoe.id,
      provider: "test",
      channel: "checkout",
      status: "paid",
      lines: [
        { key: "lite", kind: "plan", name: "LinkedIn Lite", quantity: 2, unitCents: 9800, totalCents: 19600 },
      ],
      subtotalCents: 19600,
      totalCents: 19600,
    });
    await db.insert(subscriptions).values({
      subscriptionId: "sub_zoe",
      userId: zoe.id,
      provider: "test",
      status: "active",
      product: "2 × LinkedIn Lite",
      quantity: 2,
      amountCents: 19600,
      eventCreated: new Date(),
    });
    await db.insert(profileOptimizations).values({
      userId: zoe.id,
      uid: zoe.uid,
      airtableRecordId: "recOptZoe",
      formName: "Growth profile",
      status: "in_review",
    });
    await db.insert(syncRuns).values([
      { kind: "user", trigger: "customer", source: "csv", status: "succeeded", scopeUid: zoe.uid, synced: 5 },
      { kind: "user", trigger: "customer", source: "csv", status: "succeeded", scopeUid: yuri.uid },
    ]);
    await db
      .insert(auditEvents)
      .values({ kind: "sessions-ended", actorUserId: admin.user.id, subjectUserId: zoe.id, detail: "0" });

    const res = await get(`/api/admin/customers/${zoe.uid}`, admin.cookie);
    expect(res.statusCode).toBe(200);
    const page = customerDetailSchema.parse(res.json());
    expect(page.profile).toMatchObject({
      uid: zoe.uid,
      name: "Zoë Quartermaine",
      linkedToBase: true,
      closedAt: null,
      lastSignInAt: "2026-03-02T09:00:00.000Z",
      failedPayments: true,
    });
    expect(page.signInMethods).toEqual({ password: true, authenticator: true, passkeys: 0, google: true });
    // The session from March has long expired: no live session is shown.
    expect(page.sessions.total).toBe(0);
    expect(page.linkedinAccounts.total).toBe(5);
    expect(page.linkedinAccounts.items.map((a) => a.status).sort()).toEqual(
      ["Active", "Not signed in", "Restricted - Submit ID", "Signed In", "Wrong Password"].sort(),
    );
    expect(page.orders.items).toEqual([
      expect.objectContaining({ summary: "2 × LinkedIn Lite", totalCents: 19600 }),
    ]);
    expect(page.plans.items).toEqual([
      expect.objectContaining({ product: "2 × LinkedIn Lite", status: "active" }),
    ]);
    // Six ledger rows, less the checkout's first invoice.
    expect(page.transactions.total).toBe(5);
    expect(page.optimizationRequests.items).toEqual([
      expect.objectContaining({ formName: "Growth profile" }),
    ]);
    expect(page.syncRuns.items).toEqual([expect.objectContaining({ synced: 5 })]);
    expect(page.audit.items.map((entry) => entry.kind)).toEqual(["sessions-ended", "sign-in"]);
    expect(page.audit.items[0]?.actor).toEqual({ uid: admin.user.uid, name: "Ada Admin" });
    expect(page.audit.moreAt).toBe(`/admin/audit?customer=${zoe.uid}`);

    // Neither a secret nor its sealed form is anywhere in the page or the list.
    const sealed = await db
      .select({
        password: linkedinAccounts.linkedinPasswordEncrypted,
        proxy: linkedinAccounts.proxyPasswordEncrypted,
        twoFa: linkedinAccounts.twoFaSecretEncrypted,
        codes: linkedinAccounts.twoFaRecoveryCodesEncrypted,
      })
      .from(linkedinAccounts)
      .where(eq(linkedinAccounts.userId, zoe.id));
    const ciphertexts = sealed.flatMap((row) => Object.values(row)).filter((v): v is string => Boolean(v));
    expect(ciphertexts.length).toBeGreaterThanOrEqual(8);
    const plaintexts = secrets.flatMap((s) => [s.password, s.proxyPassword, ...s.recoveryCodes]);
    const [zoeRow] = await db.select().from(users).where(eq(users.id, zoe.id));
    const answers = [res.body, (await get("/api/admin/customers", admin.cookie)).body];
    for (const body of answers) {
      for (const secret of [...plaintexts, ...ciphertexts, zoeRow?.passwordHash ?? "no hash"]) {
        expect(body).not.toContain(secret);
      }
      expect(body).not.toMatch(/password_?(hash|encrypted)|secret|recoveryCodes/i);
    }

    expect((await get("/api/admin/customers/nobody-has-this", admin.cookie)).statusCode).toBe(404);
    expect((await get(`/api/admin/customers/${"x".repeat(37)}`, admin.cookie)).statusCode).toBe(400);
    expect((await get(`/api/admin/customers/${closed.uid}`, admin.cookie)).json().profile.closedAt).toBe(
      "2026-04-01T00:00:00.000Z",
    );
  });

  it("ends all of a customer's sessions, and the audit log says so", async () => {
    const db = t.database.db;
    const victim = await signedInUser(db, t.config, { name: "Vic Tim" });
    await createSession(db, t.config.session, victim.user.id, {
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1",
      ipAddress: "203.0.113.9",
    });
    const before = customerDetailSchema.parse(
      (await get(`/api/admin/customers/${victim.user.uid}`, admin.cookie)).json(),
    );
    expect(before.sessions.total).toBe(2);
    expect(before.sessions.items.map((s) => s.device)).toContain("Safari on iOS");
    expect(before.sessions.items.map((s) => s.ipAddress)).toContain("203.0.113.9");
    expect((await get("/api/user", victim.cookie)).statusCode).toBe(200);

    const res = await t.post(
      `/api/admin/customers/${victim.user.uid}/sessions/end`,
      {},
      { headers: { cookie: admin.cookie } },
    );
    expect(res.statusCode).toBe(200);
    expect(endSessionsAnswerSchema.parse(res.json())).toEqual({
      ended: 2,
      message: "2 sessions of Vic Tim ended.",
    });
    expect(await db.select().from(sessions).where(eq(sessions.userId, victim.user.id))).toEqual([]);
    expect((await get("/api/user", victim.cookie)).statusCode).toBe(401);
    // Other people's sessions stay.
    expect((await get("/api/user", customer.cookie)).statusCode).toBe(200);
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "sessions-ended"), eq(auditEvents.subjectUserId, victim.user.id)));
    expect(audit).toEqual([expect.objectContaining({ actorUserId: admin.user.id, detail: "2" })]);

    const again = await t.post(
      `/api/admin/customers/${victim.user.uid}/sessions/end`,
      {},
      { headers: { cookie: admin.cookie } },
    );
    expect(again.json()).toEqual({ ended: 0, message: "Vic Tim had no sessions to end." });
    const unknown = await t.post(
      "/api/admin/customers/nobody-has-this/sessions/end",
      {},
      { headers: { cookie: admin.cookie } },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "No customer has this UID" });
  });
});
