/**
 * Writing CSV (RFC 4180) that is safe to open in a spreadsheet: the one cell writer of every export,
 * the server's and the browser's.
 *
 * A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` as a formula (CSV injection), and
 * some do the same for a leading tab or carriage return. Spreadsheets also skip or fold what a person
 * cannot see: leading spaces of any kind (the non-breaking one too), zero-width and other format
 * characters, controls, and the full-width forms of those signs (`＝＋－＠`, typed by East Asian
 * input methods). So a text cell is guarded when its first character is a classic trigger, or when
 * the first character after anything invisible reads as one of the signs once folded to its plain
 * form (NFKC). A guarded cell gets a leading apostrophe, which makes it text, and is quoted.
 *
 * Numbers stay numbers: a JavaScript number, or a `CsvNumber` the export builds itself (an amount
 * as "-12.50"), is written as it is, so a negative amount keeps being read as one.
 */

/** A number as the export formats it ("98.00", "-12.50"), never text from a user: written unguarded. */
export class CsvNumber {
  private constructor(readonly text: string) {}

  /** Only digits with an optional sign and decimals: anything else is text, and gets the guard. */
  static of(text: string): CsvNumber {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error("Not a number for a CSV cell");
    return new CsvNumber(text);
  }
}

export type CsvValue = string | number | CsvNumber | null | undefined;

// Classic triggers: the first character alone makes a formula.
const CLASSIC_START = /^[=+\-@\t\r]/;
// What a person does not see before the first visible character: white space of any kind (\s has the
// non-breaking and ideographic spaces and the byte order mark), controls, format characters (zero-width
// spaces and joiners, direction marks and overrides, the soft hyphen, the Mongolian vowel separator)
// and the Hangul fillers, which render as nothing.
const INVISIBLE_LEAD = /^[\s\p{Cc}\p{Cf}\u115f\u1160\u3164\uffa0]+/u;
const FORMULA_SIGNS = new Set(["=", "+", "-", "@"]);

/** Whether a text cell would start a formula in a spreadsheet, and so needs the guard. */
export function startsFormula(text: string): boolean {
  if (CLASSIC_START.test(text)) return true;
  const first = text.replace(INVISIBLE_LEAD, "").codePointAt(0);
  if (first === undefined) return false;
  // NFKC folds the full-width and small forms (＝ U+FF1D, ﹦ U+FE66, ...) to the plain signs.
  const folded = String.fromCodePoint(first).normalize("NFKC").charAt(0);
  return FORMULA_SIGNS.has(folded);
}

// RFC 4180 quotes a comma, a quote and a line break. A semicolon, a pipe and a tab are quoted too:
// a spreadsheet set to split on one of them (German ones split on semicolons) would otherwise make
// what follows it a cell of its own, and run "a;=1+1" as "a" and the formula "=1+1". Quoted, the
// text stays one cell, whatever the separator, and reads back the same for every CSV reader.
const NEEDS_QUOTES = /[",\r\n;|\t]/;

/** One cell: guarded when it would start a formula, quoted when RFC 4180 or the guard asks for it. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof CsvNumber) return value.text;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  const text = String(value);
  const guarded = startsFormula(text);
  const safe = guarded ? `'${text}` : text;
  return guarded || NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows of cells, CRLF after every row, as RFC 4180 and spreadsheets expect. */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}
