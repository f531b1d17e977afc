/**
 * "Download my data": the ZIP's files against the database for a seeded customer, read
 * back with yauzl and the contract's strict schemas; nothing of another customer's anywhere in its
 * bytes; no secret without the checkbox and a fresh proof; the audit, the limit, bad queries, and a
 * client that goes away stopping the work.
 */
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  auditEvents,
  emailTokens,
  type LinkedinAccountRow,
  linkedinAccounts,
  notificationPreferences,
  notifications,
  orders,
  passkeys,
  profileOptimizations,
  rateLimitHits,
  recoveryCodes,
  sessions,
  subscriptions,
  transactions,
  twoFactorApps,
  type UserRow,
} from "../../../src/server/platform/db/schema";
import { createSecretBox } from "../../../src/server/platform/secrets/secret-box";
import { DATA_EXPORT_LIMIT_PER_HOUR, DATA_EXPORT_PATH } from "../../../src/shared/api/my-data";
import {
  DATA_EXPORT_FILES,
  DATA_EXPORT_README,
  linkedinAccountFileSchema,
  profileFileSchema,
  signInMethodsFileSchema,
} from "../../../src/shared/api/my-data-files";
import { sealedSecretColumns } from "../../support/builders";
import { insertAccount, secretsFor, testSecretBox } from "../../support/linkedin-accounts";
import { readZip } from "../../support/read-zip";
import { createTestApp, type TestApp } from "../../support/test-app";
import { type SignedInUser, signedInUser } from "../../support/users";

const MINUTE = 60_000;
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** The files of a download, each parsed by its strict schema (a field the contract lacks fails). */
function parsedFiles(entries: Map<string, string>) {
  const files = new Map<string, unknown>();
  for (const file of DATA_EXPORT_FILES) {
    const text = entries.get(file.name);
    expect(text, file.name).toBeDefined();
    const schema: z.ZodType = file.shape === "list" ? z.array(file.schema) : file.schema;
    files.set(file.name, schema.parse(JSON.parse(text ?? "null")));
  }
  return files;
}

const ids = (rows: unknown) => (rows as Array<{ id: number }>).map((row) => row.id);

describe("GET /api/me/data-export", () => {
  let t: TestApp;
  let alice: SignedInUser;
  let aliceOtherSessionToken: string;
  let bob: SignedInUser;
  let admin: SignedInUser;
  let alicesAccounts: LinkedinAccountRow[];
  let alicesBare: LinkedinAccountRow;
  let alicesBroken: LinkedinAccountRow;
  const ALICE_TOTP = "ALICEOWNTOTPSECRETKEYAAAA";
  const ALICE_RECOVERY = ["alice-rc-0001", "alice-rc-0002", "alice-rc-0003"];
  const ALICE_PASSKEY_PUBLIC_KEY = "pQECAyYgASFYIALICEPUBLICKEYXXXXXXXXXXXXXXXXXXX";
  /** Values only Bob's rows hold: none of them may be anywhere in Alice's download. */
  const BOB = {
    email: "bobbington.zed@distinct.example",
    name: "Bobbington Zedcombe",
    username: "bobbington_zed",
    userAgent: "BobBrowser/9.9 (Zedcombe)",
    accountEmail: "bob-li-zed@distinct.example",
    accountName: "Zedediah",
    transactionName: "BOB-LEDGER-NAME-ZQX",
    orderSession: "cs_test_BOB_SESSION_ZQX",
    plan: "BOB-PLAN-ZQX",
    form: "BOB-OPTIMIZATION-FORM-ZQX",
    notification: "BOB-NOTIFICATION-ACCOUNT-ZQX",
    detail: "BOB-IDENTITY-DETAIL-ZQX",
    secrets: secretsFor(900),
  };

  const db = () => t.database.db;
  const download = (who: SignedInUser | null, query = "", headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "GET",
      url: `${DATA_EXPORT_PATH}${query}`,
      headers: { ...(who ? { cookie: who.cookie } : {}), ...headers },
    });
  const setProvenMinutesAgo = (who: SignedInUser, minutes: number) =>
    db()
      .update(sessions)
      .set({ provenAt: new Date(Date.now() - minutes * MINUTE) })
      .where(eq(sessions.tokenHash, sha256(who.token)));

  async function seedBillingAndRequests(user: UserRow, tag: string) {
    const [order] = await db()
      .insert(orders)
      .values({
        userId: user.id,
        provider: "test",
        channel: "checkout",
        lines: [
          {
            key: "plus",
            kind: "plan",
            name: "LinkedIn Plus",
            quantity: 2,
            unitCents: 4900,
            totalCents: 9800,
          },
        ],
        subtotalCents: 9800,
        totalCents: 9800,
        paymentSessionId:
          tag === "bob" ? BOB.orderSession : `cs_test_${tag}_${randomBytes(4).toString("hex")}`,
        stripeCustomerId: `cus_${tag}`,
        status: "paid",
        paidAt: new Date(),
      })
      .returning();
    await db()
      .insert(transactions)
      .values(
        [1, 2, 3].map((n) => ({
          userId: user.id,
          uid: user.uid,
          airtableRecordId: `rec${tag}Txn${n}${randomBytes(3).toString("hex")}`,
          source: "airtable" as const,
          amountCents: 4900 * n,
          amountActual: `${49 * n}.00`,
          currency: "USD",
          eventId: `evt_${tag}_${n}_${randomBytes(3).toString("hex")}`,
          eventType: "payment.succeeded",
          product: "LinkedIn Plus",
          name: tag === "bob" ? BOB.transactionName : `Alice Ledger ${n}`,
          email: user.email,
          addressCity: tag === "bob" ? "Zedtown" : "Lisbon",
          orderId: n === 1 ? (order?.id ?? null) : null,
          createdTime: new Date(Date.now() - n * 86_400_000),
        })),
      );
    await db()
      .insert(subscriptions)
      .values({
        subscriptionId: `sub_${tag}_${randomBytes(4).toString("hex")}`,
        userId: user.id,
        orderId: order?.id ?? null,
        provider: "test",
        status: "active",
        product: tag === "bob" ? BOB.plan : "2 × LinkedIn Plus",
        quantity: 2,
        amountCents: 9800,
        currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
        eventCreated: new Date(),
      });
    await db()
      .insert(profileOptimizations)
      .values({
        userId: user.id,
        uid: user.uid,
        airtableRecordId: `rec${tag}Opt${randomBytes(4).toString("hex")}`,
        formName: tag === "bob" ? BOB.form : "Alice's optimization",
        companyName: tag === "bob" ? "Zedcombe Ltd" : "Alice & Co",
        profilesToOptimize: 3,
        formSubmissionDate: new Date(),
      });
    await db()
      .insert(notifications)
      .values({
        userId: user.id,
        kind: "account_status_changed",
        dedupeKey: `test:${tag}:${randomBytes(4).toString("hex")}`,
        detail: {
          account: tag === "bob" ? BOB.notification : "Alice's account",
          from: "Signed In",
          to: "Restricted",
        },
        link: "/accounts/linkedin",
      });
    if (tag === "bob") {
      await db()
        .insert(notificationPreferences)
        .values({ userId: user.id, mail: { accounts: true, payments: false } });
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signedInUser(db(), t.config, {
      email: "alice.exporter@example.test",
      name: "Alice Exporter",
      username: "alice_exporter",
      password: "Alice-Portal-Pass-1",
      googleId: "google-subject-alice-1234",
      emailVerifiedAt: new Date(),
      airtableRecordId: "recAliceCustomer01",
    });
    // A second browser of Alice's.
    aliceOtherSessionToken = `alice-other-${randomBytes(8).toString("hex")}`;
    const [other] = await db()
      .insert(sessions)
      .values({
        tokenHash: sha256(aliceOtherSessionToken),
        userId: alice.user.id,
        expiresAt: new Date(Date.now() + 86_400_000),
        userAgent: "AliceTablet/1.0",
        ipAddress: "198.51.100.7",
        provenBy: "passkey",
      })
      .returning();
    expect(other).toBeDefined();
    await db()
      .insert(twoFactorApps)
      .values({ userId: alice.user.id, secretSealed: testSecretBox.seal(ALICE_TOTP), enabledAt: new Date() });
    await db()
      .insert(recoveryCodes)
      .values(
        ALICE_RECOVERY.map((code, i) => ({
          userId: alice.user.id,
          codeHash: sha256(code),
          usedAt: i === 0 ? new Date() : null,
        })),
      );
    await db()
      .insert(passkeys)
      .values({
        userId: alice.user.id,
        credentialId: "alice-credential-id",
        publicKey: ALICE_PASSKEY_PUBLIC_KEY,
        name: "Alice's security key",
        deviceType: "singleDevice",
        transports: ["usb"],
      });
    await db().insert(auditEvents).values({
      kind: "google-link",
      actorUserId: alice.user.id,
      subjectUserId: alice.user.id,
      detail: "google-subject-alice-1234",
    });
    // An operator viewed the account: the customer learns that and when, not the operator's notes.
    await db().insert(auditEvents).values({
      kind: "view-as-started",
      actorUserId: 999_999,
      subjectUserId: alice.user.id,
      detail: "Operator note: checking the ticket 4711",
      ipAddress: "192.0.2.77",
    });
    await db()
      .insert(emailTokens)
      .values({
        purpose: "email-change",
        tokenHash: sha256(`alice-email-change-${randomBytes(6).toString("hex")}`),
        userId: alice.user.id,
        newEmail: "alice.new@example.test",
        expiresAt: new Date(Date.now() + 30 * MINUTE),
      });
    alicesAccounts = [
      await insertAccount(db(), alice.user, secretsFor(1), { linkedinEmail: "alice-li-1@example.test" }),
      await insertAccount(db(), alice.user, secretsFor(2), { linkedinEmail: "alice-li-2@example.test" }),
    ];
    alicesBare = await insertAccount(db(), alice.user, {}, { linkedinEmail: null, firstName: "Barely" });
    // A password sealed under a key this portal no longer has.
    const lostBox = createSecretBox([randomBytes(32)]);
    alicesBroken = await insertAccount(
      db(),
      alice.user,
      {},
      {
        ...sealedSecretColumns(testSecretBox, { proxyPassword: "Broken-But-Proxy-Ok" }),
        linkedinPasswordEncrypted: lostBox.seal("lost"),
      },
    );
    alicesAccounts.push(alicesBare, alicesBroken);
    await seedBillingAndRequests(alice.user, "alice");

    bob = await signedInUser(db(), t.config, {
      email: BOB.email,
      name: BOB.name,
      username: BOB.username,
      password: "Bob-Portal-Pass-1",
      googleId: "google-subject-bob-zqx",
    });
    await db().update(sessions).set({ userAgent: BOB.userAgent }).where(eq(sessions.userId, bob.user.id));
    const bobs = await insertAccount(db(), bob.user, BOB.secrets, {
      linkedinEmail: BOB.accountEmail,
      firstName: BOB.accountName,
    });
    await seedBillingAndRequests(bob.user, "bob");
    await db()
      .insert(auditEvents)
      .values({ kind: "step-up", actorUserId: bob.user.id, subjectUserId: bob.user.id, detail: BOB.detail });
    admin = await signedInUser(db(), t.config, { role: "admin", email: "ada.exporter-admin@example.test" });
    // Reveals of Alice's first account: one by Alice, one by an admin; one of Bob's by Bob.
    const first = alicesAccounts[0] as LinkedinAccountRow;
    await db()
      .insert(auditEvents)
      .values([
        {
          kind: "secret-revealed",
          actorUserId: alice.user.id,
          subjectUserId: alice.user.id,
          targetId: first.id,
          target: "alice-li-1@example.test",
          detail: "password",
          ipAddress: "203.0.113.50",
        },
        {
          kind: "secret-revealed",
          actorUserId: admin.user.id,
          subjectUserId: alice.user.id,
          targetId: first.id,
          target: "alice-li-1@example.test",
          detail: "recoveryCodes",
          ipAddress: "192.0.2.99",
        },
        {
          kind: "secret-revealed",
          actorUserId: bob.user.id,
          subjectUserId: bob.user.id,
          targetId: bobs.id,
          target: BOB.accountEmail,
          detail: "password",
          ipAddress: "192.0.2.200",
        },
      ]);
  });
  afterAll(() => t.close());

  /** Every stored secret, hash and token of Alice's, and everything of Bob's: none may appear. */
  async function forbiddenValues(options: { withAccountSecrets: boolean }) {
    const [aliceRow] = await db().select().from(sessions).where(eq(sessions.userId, alice.user.id));
    const stored = await db()
      .select()
      .from(linkedinAccounts)
      .where(eq(linkedinAccounts.userId, alice.user.id));
    const never = [
      alice.user.passwordHash ?? "",
      alice.token,
      sha256(alice.token),
      aliceOtherSessionToken,
      sha256(aliceOtherSessionToken),
      aliceRow?.tokenHash ?? "",
      ALICE_TOTP,
      ...ALICE_RECOVERY,
      ...ALICE_RECOVERY.map(sha256),
      ALICE_PASSKEY_PUBLIC_KEY,
      "alice-credential-id",
      // The sealed forms are no business of the file either.
      ...stored.flatMap((row) => [
        row.linkedinPasswordEncrypted,
        row.proxyPasswordEncrypted,
        row.twoFaSecretEncrypted,
        row.twoFaRecoveryCodesEncrypted,
      ]),
      ...Object.values(BOB).flatMap((value) =>
        typeof value === "string" ? [value] : [value.password, value.proxyPassword, ...value.recoveryCodes],
      ),
      bob.user.uid,
      "google-subject-bob-zqx",
      "192.0.2.200",
      // An operator's address is not the customer's to have.
      "192.0.2.99",
    ].filter((value): value is string => typeof value === "string" && value !== "");
    const accountSecrets = [1, 2].flatMap((n) => {
      const s = secretsFor(n);
      return [s.password, s.proxyPassword, ...s.recoveryCodes];
    });
    return options.withAccountSecrets ? never : [...never, ...accountSecrets, "Broken-But-Proxy-Ok"];
  }

  it("refuses a signed-out request with 401", async () => {
    const res = await download(null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it("answers a ZIP of every file, each matching the database, without a secret or anything of Bob's", async () => {
    const res = await download(alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="portal-data-${new Date().toISOString().slice(0, 10)}.zip"`,
    );
    const entries = await readZip(res.rawPayload);
    expect([...entries.keys()]).toEqual([DATA_EXPORT_README, ...DATA_EXPORT_FILES.map((file) => file.name)]);
    const files = parsedFiles(entries);

    const profile = profileFileSchema.parse(files.get("profile.json"));
    expect(profile).toMatchObject({
      id: alice.user.id,
      uid: alice.user.uid,
      email: "alice.exporter@example.test",
      name: "Alice Exporter",
      username: "alice_exporter",
      role: "customer",
      operatorRecordId: "recAliceCustomer01",
      createdAt: alice.user.createdAt.toISOString(),
      pendingEmailChange: { newEmail: "alice.new@example.test" },
    });

    const methods = signInMethodsFileSchema.parse(files.get("sign-in-methods.json"));
    expect(methods.password).toEqual({ set: true });
    expect(methods.twoFactor).toMatchObject({ enabled: true, recoveryCodesLeft: 2 });
    expect(methods.passkeys).toEqual([
      expect.objectContaining({
        name: "Alice's security key",
        deviceType: "singleDevice",
        transports: ["usb"],
      }),
    ]);
    expect(methods.google).toMatchObject({ linked: true, subject: "google-subject-alice-1234" });
    expect(methods.google.linkedAt).not.toBeNull();

    const sessionRows = files.get("sessions.json") as Array<{
      id: number;
      thisBrowser: boolean;
      userAgent: string;
    }>;
    const storedSessions = await db().select().from(sessions).where(eq(sessions.userId, alice.user.id));
    expect(ids(sessionRows).sort()).toEqual(storedSessions.map((row) => row.id).sort());
    expect(sessionRows.filter((row) => row.thisBrowser)).toHaveLength(1);
    expect(sessionRows.find((row) => !row.thisBrowser)).toMatchObject({ userAgent: "AliceTablet/1.0" });

    const accounts = z.array(linkedinAccountFileSchema).parse(files.get("linkedin-accounts.json"));
    expect(ids(accounts)).toEqual(alicesAccounts.map((row) => row.id).sort((a, b) => a - b));
    expect(accounts.every((account) => account.secrets === undefined)).toBe(true);
    expect(accounts.find((a) => a.id === alicesAccounts[0]?.id)).toMatchObject({
      linkedinEmail: "alice-li-1@example.test",
      hasPassword: true,
      hasProxyPassword: true,
      hasTwoFaSecret: true,
      twoFaRecoveryCodeCount: 3,
    });
    expect(accounts.find((a) => a.id === alicesBare.id)).toMatchObject({
      hasPassword: false,
      firstName: "Barely",
    });

    for (const [file, table] of [
      ["orders.json", orders],
      ["transactions.json", transactions],
      ["subscriptions.json", subscriptions],
      ["optimization-requests.json", profileOptimizations],
      ["notifications.json", notifications],
    ] as const) {
      const stored = await db().select({ id: table.id }).from(table).where(eq(table.userId, alice.user.id));
      expect(ids(files.get(file)), file).toEqual(stored.map((row) => row.id).sort((a, b) => a - b));
      expect(stored.length, file).toBeGreaterThan(0);
    }
    expect((files.get("transactions.json") as Array<{ name: string; amountCents: number }>)[1]).toMatchObject(
      {
        name: "Alice Ledger 2",
        amountCents: 9800,
      },
    );
    expect((files.get("notifications.json") as Array<{ detail: unknown }>)[0]?.detail).toEqual({
      account: "Alice's account",
      from: "Signed In",
      to: "Restricted",
    });
    // Alice never changed her switches: the defaults, not Bob's.
    expect(files.get("notification-preferences.json")).toEqual({
      mail: { accounts: false, optimizations: false, requests: false, payments: true, security: true },
    });
    expect((files.get("orders.json") as Array<{ lines: unknown[] }>)[0]?.lines).toEqual([
      { key: "plus", kind: "plan", name: "LinkedIn Plus", quantity: 2, unitCents: 4900, totalCents: 9800 },
    ]);

    const audit = files.get("identity-audit.json") as Array<{
      kind: string;
      detail: string | null;
      ipAddress: string | null;
    }>;
    expect(audit.map((row) => row.kind)).toEqual(["google-link", "view-as-started", "data-exported"]);
    expect(audit[1]).toMatchObject({ detail: null, ipAddress: null });
    expect(audit[2]?.detail).toBe("without secrets");
    expect(JSON.stringify(audit)).not.toContain("4711");

    expect(files.get("secret-reveals.json")).toEqual([
      expect.objectContaining({
        account: "alice-li-1@example.test",
        secret: "password",
        byYou: true,
        ipAddress: "203.0.113.50",
      }),
      expect.objectContaining({
        account: "alice-li-1@example.test",
        secret: "recoveryCodes",
        byYou: false,
        ipAddress: null,
      }),
    ]);

    const everything = [...entries.values()].join("\n");
    for (const value of await forbiddenValues({ withAccountSecrets: false })) {
      expect(everything.includes(value), `the download holds "${value}"`).toBe(false);
    }
    // Nothing was shown, so nothing new is in the reveal audit.
    expect(
      await db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.kind, "secret-revealed"), eq(auditEvents.detail, "export"))),
    ).toEqual([]);
  });

  it("explains every file and every field in the README", async () => {
    const entries = await readZip((await download(alice)).rawPayload);
    const readme = entries.get(DATA_EXPORT_README) ?? "";
    expect(readme).toContain("alice.exporter@example.test");
    expect(readme).toContain("holds no passwords or 2FA secrets");
    expect(readme).toContain("replacement-requests.json");
    expect(readme).toContain("notifications.json");
    for (const file of DATA_EXPORT_FILES) {
      expect(readme, file.name).toContain(`\r\n${file.name}\r\n  ${file.about}`);
      for (const [key, field] of Object.entries(file.schema.shape) as [string, z.ZodType][]) {
        expect(field.description, `${file.name} ${key}`).toBeTruthy();
        expect(readme, `${file.name} ${key}`).toContain(`    ${key}: ${field.description}`);
      }
    }
    expect(readme).toContain("    lines[].unitCents: The price of one");
    expect(readme).toContain("    secrets.twoFaSecret: The 2FA secret key");
  });

  it("writes the README's own words in the customer's language, the fields' descriptions as the contract has them", async () => {
    const erika = await signedInUser(db(), t.config, { email: "erika.exporter@example.test" });
    const entries = await readZip(
      (await download(erika, "", { "accept-language": "de-DE,de;q=0.9" })).rawPayload,
    );
    const readme = entries.get(DATA_EXPORT_README) ?? "";
    expect(readme.startsWith("Ihre Daten aus dem Kundenportal\r\n")).toBe(true);
    expect(readme).toMatch(
      /Erstellt für erika\.exporter@example\.test am \d{4}-\d{2}-\d{2}T[\d:.]+Z \(UTC\)\./,
    );
    expect(readme).toContain("Dieser Download enthält keine Passwörter oder 2FA-Geheimnisse Ihrer Konten.");
    expect(readme).toContain("\r\nprofile.json\r\n  Ihr Profil im Portal.");
    expect(readme).toContain("  Ein JSON-Objekt mit diesen Feldern:");
    expect(readme).toContain("    secrets.twoFaSecret: The 2FA secret key");
    expect(readme).not.toContain("holds no passwords");
    // The files themselves are data: their names and fields are the same in every language.
    expect([...entries.keys()]).toEqual([DATA_EXPORT_README, ...DATA_EXPORT_FILES.map((file) => file.name)]);
  });

  it("asks for a fresh proof before the secrets, streaming and recording nothing", async () => {
    await setProvenMinutesAgo(alice, 30);
    const auditBefore = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectUserId, alice.user.id));
    const hitsBefore = await db()
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, `data-export:${alice.user.id}`));
    const res = await download(alice, "?includeSecrets=true");
    expect(res.statusCode).toBe(403);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: expect.stringContaining("Confirm it's you"), stepUp: true });
    expect(
      await db().select().from(auditEvents).where(eq(auditEvents.subjectUserId, alice.user.id)),
    ).toHaveLength(auditBefore.length);
    expect(
      await db()
        .select()
        .from(rateLimitHits)
        .where(eq(rateLimitHits.key, `data-export:${alice.user.id}`)),
    ).toHaveLength(hitsBefore.length);
    expect(
      await db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.kind, "secret-revealed"), eq(auditEvents.detail, "export"))),
    ).toEqual([]);
    // Without the secrets a stale session may still download.
    expect((await download(alice, "?includeSecrets=false")).statusCode).toBe(200);
  });

  it("with a fresh proof, gives each account's secrets decrypted, records them, and still nothing else", async () => {
    await setProvenMinutesAgo(alice, 1);
    const res = await download(alice, "?includeSecrets=true", { "sec-fetch-site": "same-origin" });
    expect(res.statusCode).toBe(200);
    const entries = await readZip(res.rawPayload);
    const files = parsedFiles(entries);
    const accounts = z.array(linkedinAccountFileSchema).parse(files.get("linkedin-accounts.json"));
    for (const [n, row] of [alicesAccounts[0], alicesAccounts[1]].entries()) {
      const plain = secretsFor(n + 1);
      expect(accounts.find((a) => a.id === row?.id)?.secrets).toEqual({
        password: plain.password,
        proxyPassword: plain.proxyPassword,
        twoFaSecret: plain.twoFaSecret,
        recoveryCodes: plain.recoveryCodes,
        unreadable: [],
      });
    }
    expect(accounts.find((a) => a.id === alicesBare.id)?.secrets).toEqual({
      password: null,
      proxyPassword: null,
      twoFaSecret: null,
      recoveryCodes: [],
      unreadable: [],
    });
    // One value the key cannot open does not sink the download: it is named, the others are there.
    expect(accounts.find((a) => a.id === alicesBroken.id)?.secrets).toEqual({
      password: null,
      proxyPassword: "Broken-But-Proxy-Ok",
      twoFaSecret: null,
      recoveryCodes: [],
      unreadable: ["password"],
    });
    expect(entries.get(DATA_EXPORT_README)).toContain("HOLDS YOUR ACCOUNTS' PASSWORDS");

    const everything = [...entries.values()].join("\n");
    for (const value of await forbiddenValues({ withAccountSecrets: true })) {
      expect(everything.includes(value), `the download holds "${value}"`).toBe(false);
    }

    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectUserId, alice.user.id), eq(auditEvents.kind, "data-exported")))
      .orderBy(auditEvents.id)
      .then((rows) => rows.slice(-1));
    expect(event).toMatchObject({ detail: "with the accounts' passwords and 2FA secrets" });
    const reveals = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "secret-revealed"), eq(auditEvents.detail, "export")));
    expect(reveals.map((row) => row.targetId).sort()).toEqual(alicesAccounts.map((row) => row.id).sort());
    expect(
      reveals.every((row) => row.subjectUserId === alice.user.id && row.actorUserId === alice.user.id),
    ).toBe(true);
    // One time for the whole download: Recent Activity shows one export.
    expect(new Set(reveals.map((row) => row.at.getTime())).size).toBe(1);
  });

  it("gives an admin only their own data, never a customer's", async () => {
    const res = await download(admin);
    expect(res.statusCode).toBe(200);
    const entries = await readZip(res.rawPayload);
    const files = parsedFiles(entries);
    expect(files.get("profile.json")).toMatchObject({ id: admin.user.id, role: "admin" });
    for (const file of [
      "linkedin-accounts.json",
      "orders.json",
      "transactions.json",
      "secret-reveals.json",
    ]) {
      expect(files.get(file), file).toEqual([]);
    }
    const everything = [...entries.values()].join("\n");
    expect(everything).not.toContain("alice");
    expect(everything).not.toContain(BOB.email);
  });

  it("refuses a bad query with 400, downloading and recording nothing", async () => {
    const before = await db().select().from(auditEvents).where(eq(auditEvents.kind, "data-exported"));
    for (const query of ["?includeSecrets=yes", "?includeSecrets=1", "?includeSecret=true", "?uid=someone"]) {
      const res = await download(alice, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ error: expect.any(String) });
    }
    expect(await db().select().from(auditEvents).where(eq(auditEvents.kind, "data-exported"))).toHaveLength(
      before.length,
    );
  });

  it("refuses a download another site sent the browser to", async () => {
    for (const site of ["cross-site", "same-site"]) {
      const res = await download(alice, "", { "sec-fetch-site": site });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: "A download of your data must be started from the portal's Settings page",
      });
    }
  });

  it("does not answer HEAD, which would count and record a download for nothing", async () => {
    const res = await t.app.inject({
      method: "HEAD",
      url: DATA_EXPORT_PATH,
      headers: { cookie: alice.cookie },
    });
    expect(res.statusCode).toBe(404);
  });

  it(`answers 429 past ${DATA_EXPORT_LIMIT_PER_HOUR} downloads an hour, for that customer only`, async () => {
    const carol = await signedInUser(db(), t.config);
    for (let i = 0; i < DATA_EXPORT_LIMIT_PER_HOUR; i++) {
      expect((await download(carol)).statusCode).toBe(200);
    }
    const refused = await download(carol);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: expect.stringContaining("Too many attempts") });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    const events = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectUserId, carol.user.id), eq(auditEvents.kind, "data-exported")));
    expect(events).toHaveLength(DATA_EXPORT_LIMIT_PER_HOUR);
    // Someone else's limit is their own.
    expect((await download(bob)).statusCode).toBe(200);
  });

  it("stops reading when the client goes away", async () => {
    const dave = await signedInUser(db(), t.config);
    const ACCOUNTS = 2_500;
    const sealed = sealedSecretColumns(testSecretBox, secretsFor(7));
    for (let i = 0; i < ACCOUNTS; i += 500) {
      await db()
        .insert(linkedinAccounts)
        .values(
          Array.from({ length: Math.min(500, ACCOUNTS - i) }, (_, k) => ({
            userId: dave.user.id,
            uid: dave.user.uid,
            airtableRecordId: `recDave${i + k}${randomBytes(3).toString("hex")}`,
            accountType: "lite",
            linkedinEmail: `dave-${i + k}@example.test`,
            ...sealed,
          })),
        );
    }
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === "string") throw new Error("not listening");
    // The client reads until the accounts file has begun, then goes away without reading more.
    await new Promise<void>((resolve, reject) => {
      const request = http.get(
        {
          host: "127.0.0.1",
          port: address.port,
          path: `${DATA_EXPORT_PATH}?includeSecrets=true`,
          headers: { cookie: dave.cookie },
        },
        (response) => {
          expect(response.statusCode).toBe(200);
          let seen = Buffer.alloc(0);
          response.on("data", (chunk: Buffer) => {
            seen = Buffer.concat([seen, chunk]);
            if (!seen.includes("linkedin-accounts.json")) return;
            response.destroy();
            request.destroy();
            resolve();
          });
        },
      );
      request.on("error", (err) => (err.message.includes("aborted") ? resolve() : reject(err)));
    });
    const stoppedFor = (userId: number) =>
      t
        .logs()
        .split("\n")
        .some(
          (line) =>
            line.includes('"msg":"data export stopped before its end"') &&
            line.includes(`"userId":${userId},`),
        );
    await expect.poll(() => stoppedFor(dave.user.id), { timeout: 10_000 }).toBe(true);
    const written = async () =>
      (
        await db()
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.kind, "secret-revealed"), eq(auditEvents.subjectUserId, dave.user.id)))
      ).length;
    const soon = await written();
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The pages still to come were never read: their accounts were not recorded as shown.
    expect(await written()).toBe(soon);
    // It got some way (the socket's buffers took a few pages) and no further.
    expect(soon).toBeGreaterThan(0);
    expect(soon).toBeLessThan(ACCOUNTS);
  });
});
