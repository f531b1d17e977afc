import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testPayments } from "../../../src/server/platform/adapters/payments/test-payments";
import { orders, paymentEvents, transactions } from "../../../src/server/platform/db/schema";
import { transactionListSchema } from "../../../src/shared/api/transactions";
import { type FakeAirtable, startFakeAirtable } from "../../fakes/airtable-server";
import { airtableBase, TABLE, testAirtableSource, transactionFields } from "../../support/airtable-base";
import { deliverStripeEvent } from "../../support/stripe-events";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../support/test-app";
import { type SignedInUser, signedInUser } from "../../support/users";

const WEBHOOK_SECRET = "whsec_billing_ledger_test";

let sequence = 0;
const nextEventId = (label: string) => `evt_${label}_${++sequence}_${Date.now().toString(36)}`;

/** Stripe's events as its API sends them, trimmed to what the ledger reads and a little more. */
const stripeEvents = {
  checkoutCompleted: (uid: string, overrides: Record<string, unknown> = {}) => ({
    id: nextEventId("cs"),
    object: "event",
    type: "checkout.session.completed",
    created: 1_780_000_000,
    data: {
      object: {
        id: `cs_test_${sequence}`,
        object: "checkout.session",
        client_reference_id: uid,
        customer: "cus_ledger_1",
        customer_email: "payer@example.com",
        customer_details: {
          email: "payer@example.com",
          name: "Pat Payer",
          phone: "+44 20 7946 0000",
          address: { line1: "1 Main St", line2: null, city: "Leeds", postal_code: "LS1 1AA", country: "GB" },
        },
        amount_total: 18620,
        currency: "usd",
        metadata: {},
        ...overrides,
      },
    },
  }),
  invoice: (type: "invoice.paid" | "invoice.payment_failed", uid: string | null, customer: string) => ({
    id: nextEventId("in"),
    object: "event",
    type,
    created: 1_780_100_000,
    data: {
      object: {
        id: `in_${sequence}`,
        object: "invoice",
        customer,
        customer_email: "payer@example.com",
        customer_name: "Pat Payer",
        amount_paid: type === "invoice.paid" ? 13400 : 0,
        amount_due: 13400,
        currency: "usd",
        hosted_invoice_url: `https://invoice.stripe.com/i/acct_1/in_${sequence}`,
        lines: { object: "list", data: [{ description: "1 × LinkedIn Plus" }] },
        parent: {
          type: "subscription_details",
          subscription_details: { metadata: uid ? { customer_uid: uid, order_id: "0" } : {} },
        },
      },
    },
  }),
  paymentIntentFailed: (uid: string) => ({
    id: nextEventId("pi"),
    object: "event",
    type: "payment_intent.payment_failed",
    created: 1_780_200_000,
    data: {
      object: {
        id: `pi_${sequence}`,
        object: "payment_intent",
        amount: 9800,
        currency: "eur",
        customer: null,
        description: "LinkedIn Lite",
        metadata: { customer_uid: uid },
        last_payment_error: { payment_method: { billing_details: { email: "payer@example.com" } } },
      },
    },
  }),
  chargeRefunded: (customer: string) => ({
    id: nextEventId("ch"),
    object: "event",
    type: "charge.refunded",
    created: 1_780_300_000,
    data: {
      object: {
        id: `ch_${sequence}`,
        object: "charge",
        amount: 13400,
        amount_refunded: 5000,
        currency: "usd",
        customer,
        description: "LinkedIn Plus",
        receipt_url: `https://pay.stripe.com/receipts/ch_${sequence}`,
        billing_details: { email: "payer@example.com", name: "Pat Payer" },
        metadata: {},
      },
    },
  }),
};

describe("the billing ledger", () => {
  let fake: FakeAirtable;
  let t: TestApp;
  let customer: SignedInUser;
  let other: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    const base = airtableBase({ customers: 0, accountsPerCustomer: 0 });
    fake = await startFakeAirtable({ tables: base.tables, fields: base.fields, rateLimit: false });
    t = await createTestApp({
      payments: testPayments({ appUrl: TEST_APP_URL, webhookSecret: WEBHOOK_SECRET }),
      syncSource: (db) => testAirtableSource(db.db, fake, { requestsPerSecond: 100 }),
    });
    admin = await signedInUser(t.database.db, t.config, { role: "admin" });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    // Each test has customers of its own; the base starts empty.
    customer = await signedInUser(t.database.db, t.config);
    other = await signedInUser(t.database.db, t.config);
    for (const record of fake.records(TABLE.transactions)) fake.remove(TABLE.transactions, record.id);
  });

  const deliver = (event: object) => deliverStripeEvent(t.app, event, WEBHOOK_SECRET);
  const get = (url: string, cookie?: string) => t.get(url, cookie);
  const rowsOf = (userId: number) =>
    t.database.db.select().from(transactions).where(eq(transactions.userId, userId)).orderBy(transactions.id);
  const rowsOfEvents = (ids: string[]) =>
    t.database.db
      .select()
      .from(transactions)
      .where(inArray(transactions.eventId, ids))
      .orderBy(transactions.id);
  /** What a replay must not change: the rows without their ids and timestamps of recording. */
  const comparable = (rows: Awaited<ReturnType<typeof rowsOf>>) =>
    rows
      .map(({ id: _id, createdAt: _c, lastSyncedAt: _l, ...rest }) => rest)
      .sort((a, b) => String(a.eventId).localeCompare(String(b.eventId)));

  it("records each event type once, mapped as R12 says, for the customer it names", async () => {
    const completed = stripeEvents.checkoutCompleted(customer.user.uid);
    const paid = stripeEvents.invoice("invoice.paid", customer.user.uid, "cus_other");
    const invoiceFailed = stripeEvents.invoice("invoice.payment_failed", customer.user.uid, "cus_other");
    const intentFailed = stripeEvents.paymentIntentFailed(customer.user.uid);
    // Only the Stripe customer id, recorded by the checkout above, says whose refund it is.
    const refunded = stripeEvents.chargeRefunded("cus_ledger_1");
    for (const event of [completed, paid, invoiceFailed, intentFailed, refunded]) {
      const res = await deliver(event);
      expect(res.statusCode).toBe(200);
    }

    const rows = await rowsOf(customer.user.id);
    expect(
      rows.map((r) => [
        r.eventId,
        r.eventType,
        r.amountCents,
        r.currency,
        r.source,
        r.uid,
        r.receiptUrl !== null,
      ]),
    ).toEqual([
      [completed.id, "checkout.session.completed", 18620, "USD", "test", customer.user.uid, false],
      [paid.id, "payment.succeeded", 13400, "USD", "test", customer.user.uid, true],
      [invoiceFailed.id, "payment.failed", 13400, "USD", "test", customer.user.uid, true],
      [intentFailed.id, "payment.failed", 9800, "EUR", "test", customer.user.uid, false],
      [refunded.id, "refund.created", 5000, "USD", "test", customer.user.uid, true],
    ]);
    const first = rows[0];
    expect(first).toMatchObject({
      object: "checkout.session",
      amountActual: "186.20",
      name: "Pat Payer",
      email: "payer@example.com",
      phone: "+44 20 7946 0000",
      addressLine1: "1 Main St",
      addressCity: "Leeds",
      addressPostcode: "LS1 1AA",
      addressCountry: "GB",
      clientRefId: customer.user.uid,
      stripeCustomerId: "cus_ledger_1",
    });
    expect(first?.createdTime?.toISOString()).toBe(new Date(1_780_000_000 * 1000).toISOString());
    expect(rows[1]?.product).toBe("1 × LinkedIn Plus");
    expect(rows[4]?.receiptUrl).toMatch(/^https:\/\/pay\.stripe\.com\/receipts\//);
    // Nothing reached the other customer.
    expect(await rowsOf(other.user.id)).toEqual([]);
  });

  it("gives the same rows for ten replays of each event and for the reverse order", async () => {
    const events = [
      stripeEvents.checkoutCompleted(customer.user.uid, { customer: "cus_replay" }),
      stripeEvents.invoice("invoice.paid", customer.user.uid, "cus_replay"),
      stripeEvents.chargeRefunded("cus_replay"),
    ];
    for (const event of events) expect((await deliver(event)).statusCode).toBe(200);
    const once = comparable(await rowsOf(customer.user.id));
    expect(once).toHaveLength(3);

    for (let round = 0; round < 10; round++) {
      for (const event of [...events].reverse()) expect((await deliver(event)).statusCode).toBe(200);
    }
    expect(comparable(await rowsOf(customer.user.id))).toEqual(once);

    // The same three events, new ids, arriving in reverse: the refund comes before the checkout that
    // recorded its Stripe customer, so it names no known customer until... it never does; it is kept.
    const reversed = [
      stripeEvents.chargeRefunded("cus_reverse"),
      stripeEvents.invoice("invoice.paid", other.user.uid, "cus_reverse"),
      stripeEvents.checkoutCompleted(other.user.uid, { customer: "cus_reverse" }),
    ];
    for (const event of reversed) expect((await deliver(event)).statusCode).toBe(200);
    const rows = await rowsOfEvents(reversed.map((e) => e.id));
    expect(rows.map((r) => [r.eventType, r.userId])).toEqual([
      ["refund.created", null],
      ["payment.succeeded", other.user.id],
      ["checkout.session.completed", other.user.id],
    ]);
  });

  it("keeps an event for no known customer for the admin, and shows it to no customer", async () => {
    const stray = stripeEvents.chargeRefunded("cus_nobody_knows");
    expect((await deliver(stray)).statusCode).toBe(200);
    const [row] = await rowsOfEvents([stray.id]);
    expect(row).toMatchObject({ userId: null, uid: null, eventType: "refund.created", amountCents: 5000 });

    const forAdmin = await get("/api/admin/transactions/unlinked", admin.cookie);
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.json().map((r: { eventId: string }) => r.eventId)).toContain(stray.id);
    expect((await get("/api/admin/transactions/unlinked", customer.cookie)).statusCode).toBe(403);
    const own = transactionListSchema.parse((await get("/api/transactions", customer.cookie)).json());
    expect(own.transactions.map((r) => r.eventId)).not.toContain(stray.id);
  });

  describe("whose payment it is, when the uid names nobody", () => {
    const orderFor = async (userId: number, stripeCustomerId: string | null = null) => {
      const [order] = await t.database.db
        .insert(orders)
        .values({
          userId,
          provider: "test",
          channel: "checkout",
          lines: [],
          subtotalCents: 18620,
          totalCents: 18620,
          stripeCustomerId,
        })
        .returning({ id: orders.id });
      if (!order) throw new Error("no order");
      return order.id;
    };

    /** A renewal invoice whose subscription metadata names `orderId` and an unknown uid. */
    const renewalNaming = (orderId: number, stripeCustomer: string) => {
      const event = stripeEvents.invoice("invoice.paid", "uid-of-nobody", stripeCustomer);
      event.data.object.parent.subscription_details.metadata = {
        customer_uid: "uid-of-nobody",
        order_id: String(orderId),
      };
      return event;
    };

    it("is the owner of the order its metadata names", async () => {
      const orderId = await orderFor(customer.user.id);
      const event = renewalNaming(orderId, "cus_unseen_order");
      expect((await deliver(event)).statusCode).toBe(200);
      const [row] = await rowsOfEvents([event.id]);
      expect(row).toMatchObject({ userId: customer.user.id, uid: customer.user.uid });
    });

    it("falls back to the Stripe customer when the order its metadata names is gone", async () => {
      await orderFor(other.user.id, "cus_known_elsewhere");
      const event = renewalNaming(2_147_483_000, "cus_known_elsewhere");
      expect((await deliver(event)).statusCode).toBe(200);
      const [row] = await rowsOfEvents([event.id]);
      expect(row).toMatchObject({ userId: other.user.id, uid: other.user.uid });
    });

    it("is whoever ordered earlier as the same Stripe customer, the newest order first", async () => {
      await orderFor(other.user.id, "cus_shared_order");
      await orderFor(customer.user.id, "cus_shared_order");
      const event = stripeEvents.invoice("invoice.paid", "uid-of-nobody", "cus_shared_order");
      expect((await deliver(event)).statusCode).toBe(200);
      const [row] = await rowsOfEvents([event.id]);
      expect(row).toMatchObject({ userId: customer.user.id, uid: customer.user.uid });
    });

    it("is whoever paid earlier as the same Stripe customer when no order names it", async () => {
      const first = stripeEvents.checkoutCompleted(other.user.uid, { customer: "cus_paid_before" });
      await deliver(first);
      const refund = stripeEvents.chargeRefunded("cus_paid_before");
      expect((await deliver(refund)).statusCode).toBe(200);
      const [row] = await rowsOfEvents([refund.id]);
      expect(row).toMatchObject({ userId: other.user.id, uid: other.user.uid, amountCents: 5000 });
    });

    it("is nobody when neither the order nor the Stripe customer is known", async () => {
      const event = stripeEvents.checkoutCompleted("uid-of-nobody", {
        customer: "cus_never_seen",
        metadata: { order_id: "2147483600" },
      });
      expect((await deliver(event)).statusCode).toBe(200);
      const [row] = await rowsOfEvents([event.id]);
      expect(row).toMatchObject({ userId: null, uid: null });
    });
  });

  it("acknowledges events of other types and records nothing for them", async () => {
    const event = { ...stripeEvents.checkoutCompleted(customer.user.uid), type: "customer.created" };
    const res = await deliver(event);
    expect(res.statusCode).toBe(200);
    expect(await rowsOfEvents([event.id])).toEqual([]);
    const [seen] = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, event.id));
    expect(seen?.type).toBe("customer.created");
  });

  describe("with the operator's base", () => {
    const baseRecord = (uid: string, values: Record<string, unknown>) =>
      fake.insert(TABLE.transactions, [{ fields: transactionFields({ uid: [uid], ...values }) }])[0];

    it("converts the base's text amounts to cents, and reports one that is no amount", async () => {
      baseRecord(customer.user.uid, {
        eventId: nextEventId("base"),
        amountActual: "1,234.50",
        currency: "usd",
      });
      baseRecord(customer.user.uid, { eventId: nextEventId("base"), amountActual: "$98", currency: "" });
      const bad = baseRecord(customer.user.uid, { eventId: nextEventId("base"), amountActual: "ninety" });
      const { run } = await t.app.sync.run({ kind: "full", trigger: "admin" });
      const rows = await rowsOf(customer.user.id);
      expect(rows.map((r) => [r.amountActual, r.amountCents, r.currency, r.source])).toEqual([
        ["1,234.50", 123450, "USD", "airtable"],
        ["$98", 9800, "USD", "airtable"],
      ]);
      expect(run.errorDetails).toContainEqual(
        expect.objectContaining({ recordId: bad?.id, message: expect.stringContaining("must be an amount") }),
      );
    });

    it("keeps one row when the webhook brings an event first and the base a copy of it later", async () => {
      const event = stripeEvents.checkoutCompleted(customer.user.uid, { customer: "cus_both" });
      await deliver(event);
      const record = baseRecord(customer.user.uid, {
        eventId: event.id,
        amountActual: "1.00",
        product: "Product as the base names it",
        discounts: "15%",
        name: "Base Name",
      });
      await t.app.sync.run({ kind: "full", trigger: "admin" });

      const rows = await rowsOfEvents([event.id]);
      expect(rows).toHaveLength(1);
      // The webhook's fields stay; the base fills only what was empty, and links its record.
      expect(rows[0]).toMatchObject({
        source: "test",
        amountCents: 18620,
        name: "Pat Payer",
        product: "Product as the base names it",
        discounts: "15%",
        airtableRecordId: record?.id,
      });

      // The base's record leaving it does not take the payment event's row with it. (Another record
      // stays: a table that reads empty removes nothing.)
      baseRecord(customer.user.uid, { eventId: nextEventId("stays"), amountActual: "1.00" });
      if (record) fake.remove(TABLE.transactions, record.id);
      await t.app.sync.run({ kind: "full", trigger: "admin" });
      expect(await rowsOfEvents([event.id])).toHaveLength(1);
    });

    it("keeps the webhook's fields through every later sync, and fills what is still empty", async () => {
      const event = stripeEvents.checkoutCompleted(customer.user.uid, { customer: "cus_resync" });
      await deliver(event);
      const record = baseRecord(customer.user.uid, { eventId: event.id, amountActual: "186.20" });
      if (!record) throw new Error("no record");
      await t.app.sync.run({ kind: "full", trigger: "admin" });

      // The operator edits the copy in the base: another amount, name and event type, and a receipt.
      fake.update(
        TABLE.transactions,
        record.id,
        transactionFields({
          amountActual: "999.00",
          name: "Edited In The Base",
          eventType: "refund.created",
          addressLine2: "Flat 2",
        }),
      );
      const { run } = await t.app.sync.run({ kind: "full", trigger: "admin" });
      expect(run.errorDetails ?? []).toEqual([]);

      const rows = await rowsOfEvents([event.id]);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        source: "test",
        amountCents: 18620,
        amountActual: "186.20",
        name: "Pat Payer",
        eventType: "checkout.session.completed",
        addressLine2: "Flat 2",
        airtableRecordId: record.id,
      });
    });

    it("updates a row that came from the base when the base changes it", async () => {
      const record = baseRecord(customer.user.uid, {
        eventId: nextEventId("edited"),
        amountActual: "10.00",
        name: "First Name",
      });
      if (!record) throw new Error("no record");
      await t.app.sync.run({ kind: "full", trigger: "admin" });
      fake.update(
        TABLE.transactions,
        record.id,
        transactionFields({ amountActual: "12.50", name: "Second Name" }),
      );
      await t.app.sync.run({ kind: "full", trigger: "admin" });
      const rows = await rowsOf(customer.user.id);
      expect(rows.map((r) => [r.airtableRecordId, r.amountCents, r.amountActual, r.name, r.source])).toEqual([
        [record.id, 1250, "12.50", "Second Name", "airtable"],
      ]);
    });

    it("keeps every record without an event id, and counts each row it writes", async () => {
      for (const amountActual of ["1.00", "2.00", "3.00"]) baseRecord(customer.user.uid, { amountActual });
      const paid = stripeEvents.checkoutCompleted(customer.user.uid, { customer: "cus_counted" });
      await deliver(paid);
      baseRecord(customer.user.uid, { eventId: paid.id, amountActual: "186.20" });
      const { run, tables } = await t.app.sync.run({ kind: "full", trigger: "admin" });
      expect(run.errorDetails ?? []).toEqual([]);
      // Three new rows and the webhook's row filled.
      expect(tables.transactions?.synced).toBe(4);
      expect((await rowsOf(customer.user.id)).map((r) => [r.eventId, r.amountCents])).toEqual([
        [paid.id, 18620],
        [null, 100],
        [null, 200],
        [null, 300],
      ]);
    });

    it("refuses to give a synced record the event id of a payment the webhook brought", async () => {
      const record = baseRecord(customer.user.uid, { amountActual: "5.00" });
      if (!record) throw new Error("no record");
      await t.app.sync.run({ kind: "full", trigger: "admin" });
      const paid = stripeEvents.checkoutCompleted(customer.user.uid, { customer: "cus_renamed" });
      await deliver(paid);
      fake.update(TABLE.transactions, record.id, transactionFields({ eventId: paid.id }));
      const { run } = await t.app.sync.run({ kind: "full", trigger: "admin" });
      expect(run.errorDetails).toContainEqual(
        expect.objectContaining({
          recordId: record.id,
          message: "Event ID: a payment event already has this event id",
        }),
      );
      expect((await rowsOfEvents([paid.id])).map((r) => [r.airtableRecordId, r.source])).toEqual([
        [null, "test"],
      ]);
    });

    it("syncs a batch made only of copies of webhook events", async () => {
      const events = [
        stripeEvents.checkoutCompleted(customer.user.uid, { customer: "cus_copies" }),
        stripeEvents.invoice("invoice.paid", customer.user.uid, "cus_copies"),
      ];
      for (const event of events) await deliver(event);
      const records = events.map((event) =>
        baseRecord(customer.user.uid, { eventId: event.id, amountActual: "1.00" }),
      );
      const { run } = await t.app.sync.run({ kind: "full", trigger: "admin" });
      expect(run.status).toBe("succeeded");
      const rows = await rowsOfEvents(events.map((e) => e.id));
      expect(rows.map((r) => [r.airtableRecordId, r.source, r.amountCents])).toEqual([
        [records[0]?.id, "test", 18620],
        [records[1]?.id, "test", 13400],
      ]);
    });

    it("refuses a new record with an event id an earlier record or a linked payment holds", async () => {
      const eventId = nextEventId("earlier");
      const paid = stripeEvents.checkoutCompleted(customer.user.uid, { customer: "cus_linked" });
      await deliver(paid);
      // Modified a day ago: an incremental run later reads only the records added after them.
      const lastModifiedTime = new Date(Date.now() - 24 * 60 * 60_000).toISOString();
      const [first, linked] = fake.insert(TABLE.transactions, [
        {
          fields: transactionFields({ uid: [customer.user.uid], eventId, amountActual: "10.00" }),
          lastModifiedTime,
        },
        {
          fields: transactionFields({ uid: [customer.user.uid], eventId: paid.id, amountActual: "186.20" }),
          lastModifiedTime,
        },
      ]);
      await t.app.sync.run({ kind: "full", trigger: "admin" });

      const second = baseRecord(customer.user.uid, { eventId, amountActual: "20.00" });
      const third = baseRecord(customer.user.uid, { eventId: paid.id, amountActual: "1.00" });
      const { run } = await t.app.sync.run({ kind: "incremental", trigger: "admin" });

      expect((await rowsOfEvents([eventId])).map((r) => [r.airtableRecordId, r.amountCents])).toEqual([
        [first?.id, 1000],
      ]);
      expect((await rowsOfEvents([paid.id])).map((r) => [r.airtableRecordId, r.amountCents])).toEqual([
        [linked?.id, 18620],
      ]);
      expect(run.errorDetails).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            recordId: second?.id,
            message: expect.stringContaining(`${first?.id} already has this event id`),
          }),
          expect.objectContaining({
            recordId: third?.id,
            message: expect.stringContaining(`${linked?.id} already has this event id`),
          }),
        ]),
      );
    });

    it("keeps one row when the base brings an event first and the webhook a copy of it later", async () => {
      const event = stripeEvents.checkoutCompleted(customer.user.uid, { customer: "cus_base_first" });
      baseRecord(customer.user.uid, {
        eventId: event.id,
        amountActual: "186.20",
        eventType: "checkout.session.completed",
      });
      await t.app.sync.run({ kind: "full", trigger: "admin" });
      expect((await deliver(event)).statusCode).toBe(200);

      const rows = await rowsOfEvents([event.id]);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        source: "airtable",
        amountCents: 18620,
        // Empty in the base, filled from the event.
        name: "Pat Payer",
        stripeCustomerId: "cus_base_first",
      });
    });

    it("refuses a second record with an event id another record holds, and keeps the first", async () => {
      const eventId = nextEventId("twice");
      const first = baseRecord(customer.user.uid, { eventId, amountActual: "10.00" });
      const second = baseRecord(customer.user.uid, { eventId, amountActual: "20.00" });
      const { run } = await t.app.sync.run({ kind: "full", trigger: "admin" });
      const rows = await rowsOfEvents([eventId]);
      expect(rows.map((r) => [r.airtableRecordId, r.amountCents])).toEqual([[first?.id, 1000]]);
      expect(run.errorDetails).toContainEqual(
        expect.objectContaining({
          recordId: second?.id,
          message: `Event ID: record ${first?.id} has the same event id`,
        }),
      );
    });

    it("removes on a full sync only the rows that came from the base", async () => {
      const event = stripeEvents.invoice("invoice.paid", customer.user.uid, "cus_keep");
      await deliver(event);
      const record = baseRecord(customer.user.uid, { eventId: nextEventId("gone"), amountActual: "5.00" });
      const stays = baseRecord(customer.user.uid, { eventId: nextEventId("stays"), amountActual: "6.00" });
      await t.app.sync.run({ kind: "full", trigger: "admin" });
      expect(await rowsOf(customer.user.id)).toHaveLength(3);
      if (record) fake.remove(TABLE.transactions, record.id);
      await t.app.sync.run({ kind: "full", trigger: "admin" });
      expect((await rowsOf(customer.user.id)).map((r) => r.eventId)).toEqual([
        event.id,
        stays?.fields["Event ID"],
      ]);
    });
  });

  describe("GET /api/transactions", () => {
    it("answers the caller's own rows, newest first, and refuses another customer's uid", async () => {
      for (const created of [1_700_000_000, 1_760_000_000, 1_730_000_000]) {
        await deliver({
          ...stripeEvents.chargeRefunded("none"),
          created,
          data: {
            object: {
              ...stripeEvents.chargeRefunded("none").data.object,
              metadata: { customer_uid: customer.user.uid },
            },
          },
        });
      }
      await deliver(stripeEvents.paymentIntentFailed(other.user.uid));

      const res = await get("/api/transactions", customer.cookie);
      expect(res.statusCode).toBe(200);
      const list = transactionListSchema.parse(res.json());
      expect(list.total).toBe(3);
      expect(list.limit).toBe(50);
      expect(list.nextCursor).toBeNull();
      expect(list.transactions.map((r) => r.createdTime)).toEqual([
        new Date(1_760_000_000_000).toISOString(),
        new Date(1_730_000_000_000).toISOString(),
        new Date(1_700_000_000_000).toISOString(),
      ]);
      expect(list.transactions.every((r) => r.clientRefId === customer.user.uid)).toBe(true);

      expect((await get(`/api/transactions?uid=${customer.user.uid}`, customer.cookie)).statusCode).toBe(200);
      const refused = await get(`/api/transactions?uid=${other.user.uid}`, customer.cookie);
      expect(refused.statusCode).toBe(403);
      expect(Object.keys(refused.json())).toEqual(["error"]);
      const asAdmin = await get(`/api/transactions?uid=${other.user.uid}`, admin.cookie);
      expect(transactionListSchema.parse(asAdmin.json()).transactions).toHaveLength(1);
      expect((await get("/api/transactions?uid=no-such-uid", admin.cookie)).statusCode).toBe(404);
      expect((await get("/api/transactions")).statusCode).toBe(401);
      const bad = await get("/api/transactions?uid=%00", customer.cookie);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual(["error"]);
    });

    it("answers a page of at most 200 of the newest rows and counts them all", async () => {
      const values = Array.from({ length: 1005 }, (_, n) => ({
        userId: customer.user.id,
        uid: customer.user.uid,
        source: "stripe" as const,
        eventId: `evt_cap_${customer.user.id}_${n}`,
        amountCents: n,
        createdTime: new Date(1_700_000_000_000 + n * 60_000),
      }));
      await t.database.db.insert(transactions).values(values);
      const list = transactionListSchema.parse(
        (await get("/api/transactions?limit=200", customer.cookie)).json(),
      );
      expect(list.total).toBe(1005);
      expect(list.matching).toBe(1005);
      expect(list.transactions).toHaveLength(200);
      expect(list.transactions[0]?.amountCents).toBe(1004);
      expect(list.transactions.at(-1)?.amountCents).toBe(805);
      expect(list.nextCursor).not.toBeNull();

      // An unchanged history costs a 304; a long one travels gzipped.
      const first = await t.app.inject({
        method: "GET",
        url: "/api/transactions?limit=200",
        headers: { cookie: customer.cookie, "accept-encoding": "gzip" },
      });
      expect(first.headers["content-encoding"]).toBe("gzip");
      expect(first.headers["cache-control"]).toBe("no-store");
      expect(first.rawPayload.length).toBeLessThan(JSON.stringify(list).length / 5);
      const again = await t.app.inject({
        method: "GET",
        url: "/api/transactions?limit=200",
        headers: {
          cookie: customer.cookie,
          "accept-encoding": "gzip",
          "if-none-match": String(first.headers.etag),
        },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
    });
  });

  describe("GET /api/transactions/export.csv", () => {
    it("exports the caller's own rows, filtered, with formulas defused", async () => {
      await t.database.db.insert(transactions).values([
        {
          userId: customer.user.id,
          uid: customer.user.uid,
          source: "airtable",
          airtableRecordId: `rec_csv_${customer.user.id}_1`,
          eventId: `evt_csv_${customer.user.id}_1`,
          eventType: "payment.succeeded",
          product: '=HYPERLINK("http://evil.example","Plus")',
          name: "@SUM(1+1)",
          amountCents: 13400,
          createdTime: new Date("2026-05-01T10:00:00Z"),
        },
        {
          userId: customer.user.id,
          uid: customer.user.uid,
          source: "stripe",
          eventId: `evt_csv_${customer.user.id}_2`,
          eventType: "refund.created",
          product: "LinkedIn Lite",
          amountCents: 5000,
          createdTime: new Date("2026-06-01T10:00:00Z"),
        },
        {
          userId: other.user.id,
          uid: other.user.uid,
          source: "stripe",
          eventId: `evt_csv_${other.user.id}_3`,
          eventType: "payment.succeeded",
          product: "Someone else's",
          amountCents: 1,
        },
      ]);

      const all = await get("/api/transactions/export.csv", customer.cookie);
      expect(all.statusCode).toBe(200);
      expect(all.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(all.headers["content-disposition"]).toBe('attachment; filename="transactions.csv"');
      const lines = all.body
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      expect(lines[0]).toMatch(/^Date,Event Type,Product,Amount,Currency,Name,/);
      expect(lines).toHaveLength(3);
      expect(lines[1]).toMatch(/^2026-06-01T10:00:00\.000Z,refund\.created,LinkedIn Lite,50\.00,USD,/);
      expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil.example"",""Plus"")"`);
      expect(lines[2]).toContain(`"'@SUM(1+1)"`);
      expect(lines[2]).toContain(",134.00,USD,");
      expect(all.body).not.toContain("Someone else's");

      const filtered = await get(
        "/api/transactions/export.csv?eventType=refund.created&q=lite",
        customer.cookie,
      );
      expect(filtered.body.trimEnd().split("\r\n")).toHaveLength(2);
      const none = await get("/api/transactions/export.csv?q=%25", customer.cookie);
      expect(none.body.trimEnd().split("\r\n")).toHaveLength(1);
      expect((await get("/api/transactions/export.csv")).statusCode).toBe(401);
    });
  });

  describe("POST /api/billing/portal", () => {
    const open = (cookie?: string) =>
      t.post("/api/billing/portal", {}, { headers: cookie ? { cookie } : {} });

    it("says there is no billing account before a first payment", async () => {
      const res = await open(customer.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatch(/no billing account yet/);
      const list = transactionListSchema.parse((await get("/api/transactions", customer.cookie)).json());
      expect(list.canManageBilling).toBe(false);
      expect((await open()).statusCode).toBe(401);
    });

    it("opens the test provider's billing page for a customer who paid, and that page says what Stripe offers", async () => {
      await t.database.db.insert(orders).values({
        userId: customer.user.id,
        provider: "test",
        status: "paid",
        channel: "checkout",
        lines: [],
        subtotalCents: 9800,
        totalCents: 9800,
        stripeCustomerId: "cus_local_portal",
      });
      const list = transactionListSchema.parse((await get("/api/transactions", customer.cookie)).json());
      expect(list.canManageBilling).toBe(true);
      const res = await open(customer.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ url: `${TEST_APP_URL}/test-billing-portal?customer=cus_local_portal` });

      const page = await get("/test-billing-portal?customer=%3Cscript%3E");
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("Test billing portal");
      expect(page.body).toContain("cancel or change them");
      expect(page.body).toContain(`href="${TEST_APP_URL}/billing/transactions"`);
      expect(page.body).not.toContain("<script>");
    });

    it("refuses a body with fields it does not take", async () => {
      const res = await t.post(
        "/api/billing/portal",
        { customerId: "cus_someone" },
        { headers: { cookie: customer.cookie } },
      );
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(["error"]);
    });
  });
});
