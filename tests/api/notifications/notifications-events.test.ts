/**
 * The portal's own changes become notifications (decision 041): a failed payment (its "Pay now"
 * notice is the entry's mail, once, while the payments switch is on), a refund (mailed with the
 * digest), and a sign-in from a new browser (its alert is the entry's mail, once, per the security
 * switch).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testPayments } from "../../../src/server/platform/adapters/payments/test-payments";
import { notificationPreferences, notifications } from "../../../src/server/platform/db/schema";
import { readMailbox } from "../../support/mailbox";
import { deliverStripeEvent } from "../../support/stripe-events";
import { createTestApp, nextLoopbackIp, TEST_APP_URL, type TestApp } from "../../support/test-app";
import { type SignedInUser, signedInUser } from "../../support/users";

const WEBHOOK_SECRET = "whsec_notifications_test";
const PASSWORD = "a long and unusual passphrase 42";
let sequence = 0;
const next = (label: string) => `${label}_${++sequence}_${Date.now().toString(36)}`;

function failedInvoice(uid: string, amount = 13400) {
  return {
    id: next("evt_in"),
    object: "event",
    type: "invoice.payment_failed",
    created: 1_790_000_000,
    data: {
      object: {
        id: next("in_fail"),
        object: "invoice",
        customer: "cus_notifications",
        amount_due: amount,
        amount_paid: 0,
        currency: "usd",
        lines: { data: [{ description: "1 × LinkedIn Plus", amount }] },
        parent: { subscription_details: { metadata: { customer_uid: uid } } },
      },
    },
  };
}

function refund(uid: string, amount: number) {
  return {
    id: next("evt_ch"),
    object: "event",
    type: "charge.refunded",
    created: 1_790_100_000,
    data: {
      object: {
        id: next("ch"),
        object: "charge",
        customer: "cus_notifications",
        invoice: null,
        amount,
        amount_refunded: amount,
        refunded: true,
        currency: "usd",
        description: "LinkedIn Lite",
        metadata: { customer_uid: uid },
      },
    },
  };
}

describe("notifications of payments and sign-ins", () => {
  let t: TestApp;
  let customer: SignedInUser;
  let other: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp({
      env: { NOTIFICATION_DIGEST_SECONDS: "0" },
      payments: testPayments({ appUrl: TEST_APP_URL, webhookSecret: WEBHOOK_SECRET }),
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    customer = await signedInUser(t.database.db, t.config, { password: PASSWORD });
    other = await signedInUser(t.database.db, t.config);
  });

  const deliver = (event: object) => deliverStripeEvent(t.app, event, WEBHOOK_SECRET);
  const entriesOf = (who: SignedInUser) =>
    t.database.db.select().from(notifications).where(eq(notifications.userId, who.user.id));
  const mailsTo = async (who: SignedInUser) =>
    (await readMailbox(t.app)).filter((m) => m.to === who.user.email);
  const listOf = async (who: SignedInUser) =>
    (
      await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie: who.cookie } })
    ).json();

  it("records a failed payment once, and its notice is its one mail", async () => {
    const event = failedInvoice(customer.user.uid);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).statusCode).toBe(200);
    const mails = await mailsTo(customer);
    expect(mails.map((m) => m.subject)).toEqual(["Your payment of $134.00 failed"]);
    const entries = await entriesOf(customer);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: "payment_failed",
      dedupeKey: `payment-event:${event.id}`,
      detail: { amount: 13400, currency: "USD", product: "1 × LinkedIn Plus" },
      link: "/billing/transactions",
    });
    expect(entries[0]?.mailedAt).not.toBeNull();
    const list = await listOf(customer);
    expect(list.unreadCount).toBe(1);
    expect(list.notifications[0]).toMatchObject({ kind: "payment_failed", read: false });
    expect((await listOf(other)).notifications).toEqual([]);
  });

  it("lists a failed payment but mails nothing when the payments switch is off", async () => {
    await t.database.db
      .insert(notificationPreferences)
      .values({ userId: customer.user.id, mail: { payments: false } });
    expect((await deliver(failedInvoice(customer.user.uid))).statusCode).toBe(200);
    expect(await mailsTo(customer)).toEqual([]);
    expect((await entriesOf(customer)).map((e) => e.kind)).toEqual(["payment_failed"]);
  });

  it("records a refund and mails it with the digest", async () => {
    const event = refund(customer.user.uid, 9800);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).statusCode).toBe(200);
    const mails = await mailsTo(customer);
    expect(mails.map((m) => m.subject)).toEqual(["1 change to your accounts and orders"]);
    expect(mails[0]?.text).toContain("- $98.00 for LinkedIn Lite was refunded");
    const entries = await entriesOf(customer);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: "payment_refunded",
      detail: { amount: 9800, currency: "USD", product: "LinkedIn Lite" },
    });
  });

  it("records a sign-in from a new browser, with one alert, and none for a browser it knows", async () => {
    const signIn = (cookie?: string) =>
      t.post(
        "/api/login",
        { email: customer.user.email, password: PASSWORD },
        {
          ip: nextLoopbackIp(),
          headers: {
            "user-agent":
              "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
            ...(cookie ? { cookie } : {}),
          },
        },
      );
    const first = await signIn();
    expect(first.statusCode).toBe(200);
    const mails = await mailsTo(customer);
    expect(mails.map((m) => m.subject)).toEqual(["New sign-in to your account"]);
    const entries = await entriesOf(customer);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: "new_sign_in", link: "/settings" });
    expect(String(entries[0]?.detail.browser)).toMatch(/Chrome on Linux/);
    expect(entries[0]?.mailedAt).not.toBeNull();

    // The same browser again (it carries its device cookie): nothing new.
    const device = first.cookies.find((c) => c.name !== t.config.session.cookieName);
    if (!device) throw new Error("no device cookie");
    expect((await signIn(`${device.name}=${device.value}`)).statusCode).toBe(200);
    expect(await entriesOf(customer)).toHaveLength(1);
    expect(await mailsTo(customer)).toHaveLength(1);
  });

  it("records a new browser's sign-in without an alert when the security switch is off", async () => {
    await t.database.db
      .insert(notificationPreferences)
      .values({ userId: customer.user.id, mail: { security: false } });
    expect((await t.post("/api/login", { email: customer.user.email, password: PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await entriesOf(customer)).map((e) => e.kind)).toEqual(["new_sign_in"]);
    expect(await mailsTo(customer)).toEqual([]);
  });
});
