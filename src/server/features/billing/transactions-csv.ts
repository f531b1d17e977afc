/**
 * The CSV export of a customer's transactions: amounts as numbers, dates in ISO 8601, and every text
 * cell safe to open in a spreadsheet (the shared cell writer guards a cell that starts like a formula).
 */
import { CsvNumber, toCsv } from "../../../shared/csv/csv-cell";
import type { Language } from "../../../shared/i18n/languages";
import type { TransactionRow } from "../../platform/db/schema";
import { type ServerMessage, sayIn } from "../../platform/i18n/message";
import { amountTextOfCents } from "./ledger/amounts";

/** The header row's words, in the language of the answer; the cells stay as the data has them. */
const HEADER: readonly ServerMessage[] = [
  /*i18n*/ { id: "csv.transactions.date", message: "Date" },
  /*i18n*/ { id: "csv.transactions.event-type", message: "Event Type" },
  /*i18n*/ { id: "csv.transactions.product", message: "Product" },
  /*i18n*/ { id: "csv.transactions.amount", message: "Amount" },
  /*i18n*/ { id: "csv.transactions.currency", message: "Currency" },
  /*i18n*/ { id: "csv.transactions.name", message: "Name" },
  /*i18n*/ { id: "csv.transactions.email", message: "Email" },
  /*i18n*/ { id: "csv.transactions.phone", message: "Phone" },
  /*i18n*/ { id: "csv.transactions.event-id", message: "Event ID" },
  /*i18n*/ { id: "csv.transactions.client-reference-id", message: "Client Reference ID" },
  /*i18n*/ { id: "csv.transactions.object", message: "Object" },
  /*i18n*/ { id: "csv.transactions.discounts", message: "Discounts" },
  /*i18n*/ { id: "csv.transactions.address-line-1", message: "Address Line 1" },
  /*i18n*/ { id: "csv.transactions.address-line-2", message: "Address Line 2" },
  /*i18n*/ { id: "csv.transactions.city", message: "City" },
  /*i18n*/ { id: "csv.transactions.postcode", message: "Postcode" },
  /*i18n*/ { id: "csv.transactions.country", message: "Country" },
  /*i18n*/ { id: "csv.transactions.receipt", message: "Receipt" },
];

function amountOf(cents: number): CsvNumber {
  return CsvNumber.of(amountTextOfCents(cents));
}

export function transactionsCsv(rows: TransactionRow[], language: Language): string {
  const header = HEADER.map((cell) => sayIn(language, cell));
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
  return `\uFEFF${toCsv([header, ...cells])}`;
}
