import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { transactionsCsv } from "../../../src/server/features/billing/transactions-csv";
import type { TransactionRow } from "../../../src/server/platform/db/schema";

/** A row as the ledger holds it; only what the export reads matters. */
function row(overrides: Partial<TransactionRow>): TransactionRow {
  return {
    createdTime: new Date("2026-05-01T10:00:00Z"),
    createdAt: new Date("2026-05-01T10:00:01Z"),
    eventType: "payment.succeeded",
    product: "LinkedIn Lite",
    amountCents: 9800,
    currency: "USD",
    name: "Dana Smith",
    email: "dana@example.test",
    phone: null,
    eventId: "evt_1",
    clientRefId: null,
    object: "checkout.session",
    discounts: null,
    addressLine1: null,
    addressLine2: null,
    addressCity: null,
    addressPostcode: null,
    addressCountry: null,
    receiptUrl: null,
    ...overrides,
  } as TransactionRow;
}

const lines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");

describe("the transactions CSV", () => {
  it("writes amounts as plain numbers, negative ones too", () => {
    const csv = transactionsCsv(
      [row({ amountCents: 9800 }), row({ amountCents: -1250, eventId: "evt_2" })],
      "en",
    );
    expect(lines(csv)[1]).toContain(",98.00,USD,");
    expect(lines(csv)[2]).toContain(",-12.50,USD,");
  });

  it("guards text cells through the shared writer, invisible leads and full-width signs included", () => {
    const csv = transactionsCsv(
      [
        row({
          product: '\u200B=HYPERLINK("http://evil.example")',
          name: "\u00A0@SUM(1+1)",
          phone: "\uFF0B1 555 0100",
          addressLine1: "\uFEFF=cmd",
          discounts: "-10%",
        }),
      ],
      "en",
    );
    const [record] = parse(csv.replace(/^\uFEFF/, ""), { columns: true }) as Array<Record<string, string>>;
    expect(record).toMatchObject({
      Product: '\'\u200B=HYPERLINK("http://evil.example")',
      Name: "'\u00A0@SUM(1+1)",
      Phone: "'\uFF0B1 555 0100",
      "Address Line 1": "'\uFEFF=cmd",
      Discounts: "'-10%",
      Amount: "98.00",
      Email: "dana@example.test",
    });
  });

  it("starts with a byte order mark and ends every row with CRLF", () => {
    const csv = transactionsCsv([row({})], "en");
    expect(csv.startsWith("\uFEFFDate,Event Type,Product,Amount,")).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(csv.split("\r\n")).toHaveLength(3);
  });
});
