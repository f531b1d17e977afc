/**
 * What Stripe's events add to the ledger when they repeat what the ledger holds: a refund is what a
 * charge's `amount_refunded` (Stripe's running total) adds to the refunds recorded for that charge,
 * never more than the charge; a checkout session is one payment however many events report it. Two
 * instances of the portal on one database (on PostgreSQL two connection pools, as two processes
 * would have) receive events for one charge and one session at the same moment.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testPayments } from "../../../src/server/platform/adapters/payments/test-payments";
import { openDatabase } from "../../../src/server/platform/db/client";
import { transactions } from "../../../src/server/platform/db/schema";
import { transactionListSchema } from "../../../src/shared/api/transactions";
import { deliverStripeEvent } from "../../support/stripe-events";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../support/test-app";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";
import { type SignedInUser, signedInUser } from "../../support/users";

const WEBHOOK_SECRET = "whsec_ledger_refunds_test";

let sequence = 0;
const nextId = (label: string) => `${label}_${++sequence}_${Date.now().toString(36)}`;

function checkoutCompleted(uid: string, sessionId: string, stripeCustomer: string) {
  return {
    id: nextId("evt_cs"),
    object: "event",
    type: "checkout.session.completed",
    created: 1_780_000_000 + sequence,
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        client_reference_id: uid,
        customer: stripeCustomer,
        customer_email: "payer@example.com",
        customer_details: { email: "payer@example.com", name: "Pat Payer" },
        amount_total: 8000,
        currency: "usd",
        metadata: {},
      },
    },
  };
}

/** Stripe's `charge.refunded`: the charge with its running total of refunds. */
function chargeRefunded(chargeId: string, stripeCustomer: string, amountRefunded: number, amount = 8000) {
  return {
    id: nextId("evt_ch"),
    object: "event",
    type: "charge.refunded",
    created: 1_780_300_000 + sequence,
    data: {
      object: {
        id: chargeId,
        object: "charge",
        amount,
        amount_refunded: amountRefunded,
        refunded: amountRefunded >= amount,
        currency: "usd",
        customer: stripeCustomer,
        description: "LinkedIn Plus",
        receipt_url: `https://pay.stripe.com/receipts/${chargeId}`,
        billing_details: { email: "payer@example.com", name: "Pat Payer" },
        metadata: {},
      },
    },
  };
}

async function secondHandle(database: TestDatabase): Promise<TestDatabase> {
  if (!database.url) return { ...database, destroy: async () => {} };
  const handle = await openDatabase({ kind: "postgres", url: database.url });
  return { ...handle, destroy: () => handle.close() };
}

describe("refunds and checkouts Stripe reports more than once", () => {
  let database: TestDatabase;
  let otherHandle: TestDatabase;
  let one: TestApp;
  let two: TestApp;
  let customer: SignedInUser;
  let other: SignedInUser;

  beforeAll(async () => {
    database = await createTestDatabase();
    otherHandle = await secondHandle(database);
    const payments = () => testPayments({ appUrl: TEST_APP_URL, webhookSecret: WEBHOOK_SECRET });
    one = await createTestApp({ database, payments: payments() });
    two = await createTestApp({ database: otherHandle, payments: payments() });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await otherHandle.destroy();
    await database.destroy();
  });
  beforeEach(async () => {
    customer = await signedInUser(database.db, one.config);
    other = await signedInUser(database.db, one.config);
  });

  const deliver = (event: object, app: TestApp = one) => deliverStripeEvent(app.app, event, WEBHOOK_SECRET);
  async function deliverAll(events: object[]) {
    for (const event of events) expect((await deliver(event)).statusCode).toBe(200);
  }
  /** The customer's transactions as their browser lists them: event type and amount. */
  async function listed(user: SignedInUser) {
    const res = await one.app.inject({
      method: "GET",
      url: "/api/transactions",
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(200);
    return transactionListSchema
      .parse(res.json())
      .transactions.map((row) => [row.eventType, row.amountCents])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || Number(a[1]) - Number(b[1]));
  }
  const rowsOf = (userId: number) =>
    database.db.select().from(transactions).where(eq(transactions.userId, userId)).orderBy(transactions.id);
  const refundsOf = async (userId: number) =>
    (await rowsOf(userId)).filter((row) => row.eventType === "refund.created").map((row) => row.amountCents);

  /** A paid checkout of 80.00 that makes the Stripe customer the customer's. */
  async function paidCheckout(user: SignedInUser) {
    const stripeCustomer = nextId("cus_refunds");
    const sessionId = nextId("cs_test");
    await deliverAll([checkoutCompleted(user.user.uid, sessionId, stripeCustomer)]);
    return { stripeCustomer, sessionId };
  }

  it("records each refund as what Stripe's running total adds to the charge's refunds so far", async () => {
    const { stripeCustomer } = await paidCheckout(customer);
    const charge = nextId("ch");
    await deliverAll([
      chargeRefunded(charge, stripeCustomer, 3000),
      chargeRefunded(charge, stripeCustomer, 5000),
      // The same total again, in an event of its own: nothing more was refunded.
      chargeRefunded(charge, stripeCustomer, 5000),
      // An older total arriving late: nothing more either.
      chargeRefunded(charge, stripeCustomer, 3000),
    ]);
    expect(await refundsOf(customer.user.id)).toEqual([3000, 2000]);
    expect(await listed(customer)).toEqual([
      ["checkout.session.completed", 8000],
      ["refund.created", 2000],
      ["refund.created", 3000],
    ]);
    // A second charge of the same customer has refunds of its own.
    const second = nextId("ch");
    await deliverAll([chargeRefunded(second, stripeCustomer, 1000)]);
    expect(await refundsOf(customer.user.id)).toEqual([3000, 2000, 1000]);
    // Another customer's refund of the same amounts is theirs alone.
    const theirs = await paidCheckout(other);
    await deliverAll([chargeRefunded(nextId("ch"), theirs.stripeCustomer, 5000)]);
    expect(await refundsOf(other.user.id)).toEqual([5000]);
    expect(await refundsOf(customer.user.id)).toEqual([3000, 2000, 1000]);
  });

  it("never records more refunded than the charge was", async () => {
    const { stripeCustomer } = await paidCheckout(customer);
    const charge = nextId("ch");
    await deliverAll([
      chargeRefunded(charge, stripeCustomer, 6000),
      chargeRefunded(charge, stripeCustomer, 12_000),
      chargeRefunded(charge, stripeCustomer, 20_000),
    ]);
    expect(await refundsOf(customer.user.id)).toEqual([6000, 2000]);
    // A first event already beyond the charge is the whole charge.
    const another = nextId("ch");
    await deliverAll([chargeRefunded(another, stripeCustomer, 9000, 4000)]);
    expect(await refundsOf(customer.user.id)).toEqual([6000, 2000, 4000]);
    expect(await listed(customer)).toEqual([
      ["checkout.session.completed", 8000],
      ["refund.created", 2000],
      ["refund.created", 4000],
      ["refund.created", 6000],
    ]);
  });

  it("keeps one payment per checkout session, however many events report it", async () => {
    const { stripeCustomer, sessionId } = await paidCheckout(customer);
    await deliverAll([
      checkoutCompleted(customer.user.uid, sessionId, stripeCustomer),
      checkoutCompleted(customer.user.uid, sessionId, stripeCustomer),
      checkoutCompleted(customer.user.uid, sessionId, stripeCustomer),
    ]);
    expect((await rowsOf(customer.user.id)).map((row) => [row.eventType, row.csLiveId])).toEqual([
      ["checkout.session.completed", sessionId],
    ]);
    expect(await listed(customer)).toEqual([["checkout.session.completed", 8000]]);
    // Another session is another payment.
    await paidCheckout(customer);
    expect(await listed(customer)).toEqual([
      ["checkout.session.completed", 8000],
      ["checkout.session.completed", 8000],
    ]);
    expect(await listed(other)).toEqual([]);
  });

  it("counts events for one charge or one session arriving at once on two instances once", async () => {
    const { stripeCustomer, sessionId } = await paidCheckout(customer);
    for (let round = 0; round < 3; round++) {
      const charge = nextId("ch");
      const answers = await Promise.all([
        deliver(chargeRefunded(charge, stripeCustomer, 3000), one),
        deliver(chargeRefunded(charge, stripeCustomer, 5000), two),
        deliver(checkoutCompleted(customer.user.uid, sessionId, stripeCustomer), one),
        deliver(checkoutCompleted(customer.user.uid, sessionId, stripeCustomer), two),
      ]);
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
      const rows = await database.db
        .select()
        .from(transactions)
        .where(inArray(transactions.userId, [customer.user.id]));
      const ofCharge = rows.filter((row) => row.eventType === "refund.created" && row.chargeId === charge);
      expect(ofCharge.reduce((sum, row) => sum + row.amountCents, 0)).toBe(5000);
      expect(rows.filter((row) => row.csLiveId === sessionId)).toHaveLength(1);
    }
  });
});
