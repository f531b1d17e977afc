import { describe, expect, it } from "vitest";
import {
  amountTextOfCents,
  centsOfAmountText,
  currencyCode,
} from "../../../src/server/features/billing/ledger/amounts";
import {
  checkoutSessionEntry,
  invoiceEntry,
  orderIdOf,
  type PaymentEventEntry,
  paymentFailedEntry,
  refundEntry,
} from "../../../src/server/features/billing/ledger/payment-event-entry";
import {
  parsePaymentEvent,
  WebhookEventError,
} from "../../../src/server/platform/adapters/payments/payment-event";

describe("amounts in the ledger", () => {
  it.each([
    ["98.00", 9800],
    ["98", 9800],
    ["98.5", 9850],
    ["0.07", 7],
    ["1,234.50", 123450],
    ["$1,234.50", 123450],
    ["€ 12.30", 1230],
    ["USD 40.00", 4000],
    ["USD40.00", 4000],
    ["40.00usd", 4000],
    ["12,345.00", 1234500],
    ["1,234,567.89", 123456789],
    ["21474836.47", 2_147_483_647],
    ["40.00 usd", 4000],
    ["-5.00", -500],
    [" 7.10 ", 710],
  ])("reads %j as %i cents", (text, cents) => {
    expect(centsOfAmountText(text)).toBe(cents);
  });

  it.each([
    "",
    "ninety",
    "98.005",
    "1,23.00",
    "12.3.4",
    "1e3",
    "99999999999.00",
    "21474836.48",
    "--5",
    "1abc2.00",
    "12,34.00",
    "$",
  ])("refuses %j", (text) => {
    expect(centsOfAmountText(text)).toBeNull();
  });

  it("writes cents as the base writes amounts", () => {
    expect(amountTextOfCents(9800)).toBe("98.00");
    expect(amountTextOfCents(7)).toBe("0.07");
    expect(amountTextOfCents(-1205)).toBe("-12.05");
    expect(amountTextOfCents(0)).toBe("0.00");
    expect(amountTextOfCents(100)).toBe("1.00");
  });

  it("keeps an ISO currency code in capitals and defaults to USD", () => {
    expect(currencyCode("usd")).toBe("USD");
    expect(currencyCode(" eur ")).toBe("EUR");
    expect(currencyCode("")).toBe("USD");
    expect(currencyCode(null)).toBe("USD");
    expect(currencyCode("dollars")).toBe("USD");
  });
});

/** An event read as the webhook reads it, then mapped to its ledger row by the builder of its kind. */
function entryOfEvent(type: string, object: Record<string, unknown>): PaymentEventEntry | null {
  const event = parsePaymentEvent({ id: "evt_1", type, created: 1_780_000_000, data: { object } });
  switch (event.kind) {
    case "checkout.session.completed":
      return checkoutSessionEntry(event);
    case "invoice.paid":
    case "invoice.payment_failed":
      return invoiceEntry(event);
    case "payment_intent.payment_failed":
      return paymentFailedEntry(event);
    case "charge.refunded":
      return refundEntry(event);
    default:
      return null;
  }
}
const entryOf = (type: string, object: Record<string, unknown>) => entryOfEvent(type, object)?.entry;

describe("a payment event as a ledger row", () => {
  it("maps Stripe's types to the spec's event types, or to no row", () => {
    expect(entryOf("checkout.session.completed", {})?.eventType).toBe("checkout.session.completed");
    expect(entryOf("invoice.paid", {})?.eventType).toBe("payment.succeeded");
    expect(entryOf("invoice.payment_failed", {})?.eventType).toBe("payment.failed");
    expect(entryOf("payment_intent.payment_failed", {})?.eventType).toBe("payment.failed");
    expect(entryOf("charge.refunded", {})?.eventType).toBe("refund.created");
    expect(entryOf("customer.subscription.updated", { id: "sub_1", status: "active" })).toBeUndefined();
    expect(entryOf("customer.created", {})).toBeUndefined();
  });

  it("takes the amount due of a failed invoice and the amount refunded of a refund, positive", () => {
    expect(entryOf("invoice.payment_failed", { amount_due: 13400, amount_paid: 0 })?.amountCents).toBe(13400);
    expect(entryOf("invoice.paid", { amount_due: 13400, amount_paid: 9900 })?.amountCents).toBe(9900);
    expect(entryOf("charge.refunded", { amount: 13400, amount_refunded: 2500 })).toMatchObject({
      amountCents: 2500,
      amountActual: "25.00",
      currency: "USD",
    });
    expect(entryOf("checkout.session.completed", { amount_total: 18620, currency: "eur" })).toMatchObject({
      amountCents: 18620,
      currency: "EUR",
    });
    expect(entryOf("payment_intent.payment_failed", { amount: 4200 })?.amountCents).toBe(4200);
  });

  it("finds the customer's references where each object keeps them", () => {
    const invoice = entryOfEvent("invoice.paid", {
      customer: { id: "cus_1" },
      subscription_details: { metadata: { customer_uid: "uid-1", order_id: "42" } },
    });
    expect(invoice?.references).toEqual({ uid: "uid-1", orderId: 42, stripeCustomerId: "cus_1" });
    const newer = entryOfEvent("invoice.paid", {
      customer: "cus_2",
      parent: { subscription_details: { metadata: { customer_uid: "uid-3", order_id: "7" } } },
    });
    expect(newer?.references).toEqual({ uid: "uid-3", orderId: 7, stripeCustomerId: "cus_2" });
    const session = entryOfEvent("checkout.session.completed", {
      client_reference_id: "uid-2",
      metadata: { order_id: "x" },
    });
    expect(session?.references).toEqual({ uid: "uid-2", orderId: null, stripeCustomerId: null });
    const refund = entryOfEvent("charge.refunded", { id: "ch_1", metadata: { customer_uid: "uid-4" } });
    expect(refund?.references.uid).toBe("uid-4");
    expect(refund?.entry.chargeId).toBe("ch_1");
  });

  it("refuses at the edge an amount that is not whole, non-negative cents the database holds", () => {
    expect(entryOf("checkout.session.completed", { amount_total: 2_147_483_647 })?.amountCents).toBe(
      2_147_483_647,
    );
    for (const bad of [-100, 12.5, 2_147_483_648, "186.20"]) {
      expect(() => entryOf("checkout.session.completed", { amount_total: bad }), String(bad)).toThrow(
        WebhookEventError,
      );
    }
    expect(() => entryOf("invoice.paid", { amount_paid: "134.00" })).toThrow(/data\.object\.amount_paid/);
    expect(entryOf("checkout.session.completed", { amount_total: null })?.amountCents).toBe(0);
  });

  it("reads the portal's order id only as a positive whole number that fits an order row", () => {
    expect(orderIdOf({ order_id: "42" })).toBe(42);
    expect(orderIdOf({ order_id: "2147483647" })).toBe(2_147_483_647);
    for (const bad of ["0", "2147483648", "99999999999", "12abc", "abc12", "-3", "4.5", ""]) {
      expect(orderIdOf({ order_id: bad }), String(bad)).toBeNull();
    }
    expect(orderIdOf({})).toBeNull();
    expect(orderIdOf(null)).toBeNull();
  });

  it("names an invoice's product from all its line descriptions, else the invoice's own", () => {
    const product = (invoice: Record<string, unknown>) => entryOf("invoice.paid", invoice)?.product;
    expect(
      product({
        lines: {
          data: [
            { description: "1 × LinkedIn Plus" },
            { description: "" },
            { description: "1 × Sales Navigator" },
          ],
        },
        description: "ignored",
      }),
    ).toBe("1 × LinkedIn Plus, 1 × Sales Navigator");
    expect(product({ lines: { data: [] }, description: "Monthly plan" })).toBe("Monthly plan");
    expect(product({ lines: null, description: "Monthly plan" })).toBe("Monthly plan");
    expect(product({})).toBeNull();
  });

  it("takes each object's kind, and its emails where each object keeps them", () => {
    expect(entryOf("checkout.session.completed", {})?.object).toBe("checkout.session");
    expect(entryOf("invoice.paid", {})?.object).toBe("invoice");
    expect(entryOf("payment_intent.payment_failed", {})?.object).toBe("payment_intent");
    expect(entryOf("charge.refunded", {})?.object).toBe("charge");

    const session = entryOf("checkout.session.completed", { customer_email: "typed@example.com" });
    expect(session).toMatchObject({ email: "typed@example.com", customerEmail: "typed@example.com" });
    const detailed = entryOf("checkout.session.completed", {
      customer_email: "typed@example.com",
      customer_details: { email: "card@example.com" },
    });
    expect(detailed).toMatchObject({ email: "card@example.com", customerEmail: "typed@example.com" });
    expect(
      entryOf("checkout.session.completed", { customer_details: { email: "card@example.com" } }),
    ).toMatchObject({
      email: "card@example.com",
      customerEmail: "card@example.com",
    });

    const billing = {
      last_payment_error: { payment_method: { billing_details: { email: "card@example.com" } } },
    };
    expect(entryOf("payment_intent.payment_failed", billing)?.email).toBe("card@example.com");
    expect(
      entryOf("payment_intent.payment_failed", { ...billing, receipt_email: "r@example.com" })?.email,
    ).toBe("r@example.com");
    expect(entryOf("charge.refunded", { receipt_email: "r@example.com" })?.email).toBe("r@example.com");
    expect(
      entryOf("charge.refunded", {
        receipt_email: "r@example.com",
        billing_details: { email: "card@example.com" },
      })?.email,
    ).toBe("card@example.com");
  });

  it("reads empty strings and missing objects as nothing, and refuses other types at the edge", () => {
    const entry = entryOf("invoice.paid", {
      customer_name: "",
      customer_address: null,
      metadata: null,
      customer: "",
    });
    expect(entry).toMatchObject({ name: null, email: null, addressCity: null, stripeCustomerId: null });
    const bare = entryOfEvent("charge.refunded", {});
    expect(bare?.entry).toMatchObject({ amountCents: 0, currency: "USD", eventType: "refund.created" });
    expect(bare?.references).toEqual({ uid: null, orderId: null, stripeCustomerId: null });
    expect(() => entryOf("invoice.paid", { customer_email: 42 })).toThrow(/data\.object\.customer_email/);
    expect(() => entryOf("invoice.paid", { customer: ["cus_x"] })).toThrow(WebhookEventError);
    expect(() => parsePaymentEvent({ id: "evt_1", type: "invoice.paid", created: 1 })).toThrow(/data/);
  });
});
