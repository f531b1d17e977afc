/**
 * The CSV export of a customer's transactions: amounts as numbers, dates in ISO 8601, and every text
 * cell safe to open in a spreadsheet (a cell that starts like a formula is quoted with a leading ').
 */
import type { TransactionRow } from "../../db/schema";
import { amountTextOfCents } from "../../ledger/amounts";

const HEADER = [
  "Date",
  "Event Type",
  "Product",
  "Amount",
  "Currency",
  "Name",
  "Email",
  "Phone",
  "Event ID",
  "Client Reference ID",
  "Object",
  "Discounts",
  "Address Line 1",
  "Address Line 2",
  "City",
  "Postcode",
  "Country",
  "Receipt",
];

// What spreadsheets read as the start of a formula (OWASP's list), tab and carriage return included.
const FORMULA_START = /^[=+\-@\t\r]/;

/** A number the export writes itself ("98.00"), never from user text: written as it is. */
class NumberCell {
  constructor(readonly text: string) {}
}

function cell(value: string | NumberCell | null): string {
  if (value === null) return "";
  if (value instanceof NumberCell) return value.text;
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== value ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function amountOf(cents: number): NumberCell {
  return new NumberCell(amountTextOfCents(cents));
}

export function transactionsCsv(rows: TransactionRow[]): string {
  const lines = [HEADER.join(",")];
  for (const row of rows) {
    lines.push(
      [
        (row.createdTime ?? row.createdAt).toISOString(),
        row.eventType,
        row.product,
        amountOf(row.amountCents),
        row.currency,
        row.name,
        row.email,
        row.phone,
        row.eventId,
        row.clientRefId,
        row.object,
        row.discounts,
        row.addressLine1,
        row.addressLine2,
        row.addressCity,
        row.addressPostcode,
        row.addressCountry,
        row.receiptUrl,
      ]
        .map(cell)
        .join(","),
    );
  }
  // CRLF as RFC 4180 writes it; a BOM so that spreadsheets read the UTF-8 names right.
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
