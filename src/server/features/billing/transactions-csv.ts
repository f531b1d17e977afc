/**
 * The CSV export of a customer's transactions: amounts as numbers, dates in ISO 8601, and every text
 * cell safe to open in a spreadsheet (the shared cell writer guards a cell that starts like a formula).
 */
import { CsvNumber, toCsv } from "../../../shared/csv/csv-cell";
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

function amountOf(cents: number): CsvNumber {
  return CsvNumber.of(amountTextOfCents(cents));
}

export function transactionsCsv(rows: TransactionRow[]): string {
  const cells = rows.map((row) => [
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
  ]);
  // CRLF as RFC 4180 writes it; a BOM so that spreadsheets read the UTF-8 names right.
  return `\uFEFF${toCsv([HEADER, ...cells])}`;
}
