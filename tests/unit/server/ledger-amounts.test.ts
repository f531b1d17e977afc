import { describe, expect, it } from "vitest";
import { amountTextOfCents, centsOfAmountText, currencyCode } from "../../../src/server/ledger/amounts";
import { paymentEventEntry } from "../../../src/server/ledger/payment-event-entry";

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
    ["40.00 usd", 4000],
    ["-5.00", -500],
    [" 7.10 ", 710],
  ])("reads %j as %i cents", (text, cents) => {
    expect(centsOfAmountText(text)).toBe(cents);
  });

  it.each(["", "ninety", "98.005", "1,23.00", "12.3.4", "1e3", "99999999999.00", "--5"])(
    "refuses %j",
    (text) => {
      expect(centsOfAmountText(text)).toBeNull();
    },
  );

  it("writes cents as the base writes amounts", () => {
    expect(amountTextOfCents(9800)).toBe("98.00");
    expect(amountTextOfCents(7)).toBe("0.07");
    expect(amountTextOfCents(-1205)).toBe("-12.05");
  });

  it("keeps an ISO currency code in capitals and defaults to USD", () => {
    expect(currencyCode("usd")).toBe("USD");
    expect(currencyCode(" eur ")).toBe("EUR");
    expect(currencyCode("")).toBe("USD");
    expect(currencyCode(null)).toBe("USD");
    expect(currencyCode("dollars")).toBe("USD");
  });
});

describe("a payment event as a ledger row", () => {
  const event = (type: string, object: Record<string, unknown>) => ({
    id: "evt_1",
    type,
    created: 1_780_000_000,
    data: { object },
  });

  it("maps Stripe's types to the spec's event types, or to no row", () => {
    expect(paymentEventEntry(event("checkout.session.completed", {}))?.entry.eventType).toBe(
      "checkout.session.completed",
    );
    expect(paymentEventEntry(event("invoice.paid", {}))?.entry.eventType).toBe("payment.succeeded");
    expect(paymentEventEntry(event("invoice.payment_failed", {}))?.entry.eventType).toBe("payment.failed");
    expect(paymentEventEntry(event("payment_intent.payment_failed", {}))?.entry.eventType).toBe(
      "payment.failed",
    );
    expect(paymentEventEntry(event("charge.refunded", {}))?.entry.eventType).toBe("refund.created");
    expect(paymentEventEntry(event("customer.subscription.updated", {}))).toBeNull();
  });

  it("takes the amount due of a failed invoice and the amount refunded of a refund, positive", () => {
    const failed = paymentEventEntry(event("invoice.payment_failed", { amount_due: 13400, amount_paid: 0 }));
    expect(failed?.entry.amountCents).toBe(13400);
    const refund = paymentEventEntry(event("charge.refunded", { amount: 13400, amount_refunded: 2500 }));
    expect(refund?.entry).toMatchObject({ amountCents: 2500, amountActual: "25.00", currency: "USD" });
  });

  it("finds the customer's references where each object keeps them, and ignores a malformed amount", () => {
    const invoice = paymentEventEntry(
      event("invoice.paid", {
        customer: { id: "cus_1" },
        amount_paid: "134.00",
        subscription_details: { metadata: { customer_uid: "uid-1", order_id: "42" } },
      }),
    );
    expect(invoice?.references).toEqual({ uid: "uid-1", orderId: 42, stripeCustomerId: "cus_1" });
    expect(invoice?.entry.amountCents).toBe(0);
    const session = paymentEventEntry(
      event("checkout.session.completed", { client_reference_id: "uid-2", metadata: { order_id: "x" } }),
    );
    expect(session?.references).toEqual({ uid: "uid-2", orderId: null, stripeCustomerId: null });
  });
});
