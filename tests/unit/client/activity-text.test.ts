import { describe, expect, it } from "vitest";
import {
  activityLink,
  describeActivity,
  relativeTime,
} from "../../../src/client/features/dashboard/components/activity-text";
import { formatMoney } from "../../../src/client/lib/money";

const at = "2026-03-01T10:00:00.000Z";

describe("describeActivity", () => {
  it("words syncs by how they ended", () => {
    const sync = { type: "sync", at, kind: "user", status: "succeeded", synced: 12, errors: 0 } as const;
    expect(describeActivity(sync)).toBe("Synced your accounts and optimizations: 12 records");
    expect(describeActivity({ ...sync, synced: 1 })).toBe("Synced your accounts and optimizations: 1 record");
    expect(describeActivity({ ...sync, errors: 2 })).toBe(
      "Synced your accounts and optimizations: 12 records (2 errors)",
    );
    expect(describeActivity({ ...sync, status: "failed" })).toBe("A sync of your LinkedIn accounts failed");
  });

  it("words reveals by what was shown and by whom", () => {
    const reveal = {
      type: "reveal",
      at,
      secret: "password",
      account: "x@y.com",
      accounts: 1,
      byAnotherUser: false,
    } as const;
    expect(describeActivity(reveal)).toBe("Revealed the password of x@y.com");
    expect(describeActivity({ ...reveal, secret: "proxyPassword" })).toBe(
      "Revealed the proxy password of x@y.com",
    );
    expect(describeActivity({ ...reveal, secret: "recoveryCodes" })).toBe(
      "Revealed the 2FA recovery codes of x@y.com",
    );
    expect(describeActivity({ ...reveal, secret: "loginCode" })).toBe("Showed a 2FA login code of x@y.com");
    expect(describeActivity({ ...reveal, secret: "export" })).toBe("Exported the passwords of x@y.com");
    expect(describeActivity({ ...reveal, byAnotherUser: true })).toBe(
      "An administrator revealed the password of x@y.com",
    );
  });

  it("words one action over many accounts as one line with their number", () => {
    const exported = {
      type: "reveal",
      at,
      secret: "export",
      account: "x@y.com",
      accounts: 40,
      byAnotherUser: false,
    } as const;
    expect(describeActivity(exported)).toBe("Exported the passwords of 40 accounts");
    expect(describeActivity({ ...exported, accounts: 1_200, byAnotherUser: true })).toBe(
      "An administrator exported the passwords of 1,200 accounts",
    );
  });
});

describe("payments and orders", () => {
  const payment = {
    type: "payment",
    at,
    kind: "payment",
    amountCents: 44200,
    currency: "USD",
    product: "3 × LinkedIn Plus, 1 × Sales Navigator",
  } as const;

  it("words a ledger event in the customer's words, with its amount and what it paid for", () => {
    expect(describeActivity(payment, "en-US")).toBe(
      "Payment: $442.00 for 3 × LinkedIn Plus, 1 × Sales Navigator",
    );
    expect(
      describeActivity({ ...payment, kind: "renewal", amountCents: 13400, product: null }, "en-US"),
    ).toBe("Renewal: $134.00");
    expect(
      describeActivity({ ...payment, kind: "failed", amountCents: 9800, product: "Lite" }, "en-US"),
    ).toBe("Payment failed: $98.00 for Lite");
    expect(describeActivity({ ...payment, kind: "refund", amountCents: -4400, product: null }, "en-US")).toBe(
      "Refund: \u2212$44.00",
    );
    expect(activityLink(payment)).toBe("/billing/transactions");
  });

  it("words an order by where it stands", () => {
    const order = {
      type: "order",
      at,
      status: "open",
      totalCents: 9800,
      currency: "USD",
      product: "1 × LinkedIn Lite",
    } as const;
    expect(describeActivity(order, "en-US")).toBe("Order started: $98.00 for 1 × LinkedIn Lite");
    expect(describeActivity({ ...order, status: "paid" }, "en-US")).toBe(
      "Order paid: $98.00 for 1 × LinkedIn Lite",
    );
    expect(describeActivity({ ...order, status: "expired" }, "en-US")).toMatch(/^Order expired: /);
    expect(describeActivity({ ...order, status: "cancelled" }, "en-US")).toMatch(/^Order cancelled: /);
    expect(activityLink(order)).toBe("/billing/orders");
    expect(
      activityLink({ type: "sync", at, kind: "user", status: "succeeded", synced: 1, errors: 0 }),
    ).toBeNull();
  });

  it("writes money in its own currency, with a true minus sign", () => {
    expect(formatMoney(-4400, "usd", "en-US")).toBe("\u2212$44.00");
    expect(formatMoney(1500, "JPY", "en-US")).toBe("¥1,500");
    expect(formatMoney(250, "EUR", "de-DE")).toBe("2,50\u00a0€");
    expect(formatMoney(-250, "XX1", "en-US")).toBe("\u22122.50 XX1");
  });
});

describe("relativeTime", () => {
  const now = Date.parse(at);
  it("says just now, then minutes, hours and days ago", () => {
    expect(relativeTime(at, now + 10_000)).toBe("just now");
    expect(relativeTime(at, now + 5 * 60_000)).toBe("5 minutes ago");
    expect(relativeTime(at, now + 3 * 3_600_000)).toBe("3 hours ago");
    expect(relativeTime(at, now + 24 * 3_600_000)).toBe("yesterday");
  });
});
