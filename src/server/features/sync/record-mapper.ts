/**
 * Turns a source record into portal column values: picks each mapped field, converts it to the
 * column's type (Airtable's JSON and a CSV's text both arrive here), and reports the first problem
 * in the operator's own field names, so an admin can find the record and fix it.
 */
import { plainAddress, unfitNameCharacter } from "../../../shared/api/outside-identity";
import { CONTROL_CHARACTER as ANY_CONTROL_CHARACTER } from "../../../shared/api/text";
import { type AccountType, isAccountType } from "../../../shared/linkedin-account-rules";
import type { SourceRecord } from "../../platform/adapters/records/port";
import { centsOfAmountText } from "../billing";
import { type SyncTable, type TableMap, WRITTEN_ONLY_COLUMNS } from "./field-map";

type ColumnKind =
  | "text"
  | "boolean"
  | "integer"
  | "timestamp"
  | "accountType"
  | "list"
  | "amount"
  | "link"
  | "email"
  | "name";

/** Columns that are not plain text; every other mapped column is text. */
const COLUMN_KINDS: Record<SyncTable, Record<string, ColumnKind>> = {
  users: {
    email: "email",
    name: "name",
    profileImageUrl: "link",
    onboardingUrl: "link",
    optimizationUrl: "link",
  },
  linkedinAccounts: {
    accountType: "accountType",
    profileUrl: "link",
    isPremium: "boolean",
    isVerified: "boolean",
    isOptimized: "boolean",
    connectionsCount: "integer",
    followers: "integer",
    twoFaRecoveryCodes: "list",
    createdAt: "timestamp",
    lastModified: "timestamp",
  },
  profileOptimizations: {
    profileUrl: "link",
    formSubmissionDate: "timestamp",
    profilesToOptimize: "integer",
    createdAt: "timestamp",
  },
  transactions: { createdTime: "timestamp", amountActual: "amount" },
  replacementRequests: { requestedAt: "timestamp" },
};

// Decision R6: "sales navigator" and "navigator" are one type, stored as navigator.
const ACCOUNT_TYPE_ALIASES: Record<string, AccountType> = {
  "sales navigator": "navigator",
  salesnav: "navigator",
  sales_navigator: "navigator",
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const TRUE_TEXT = new Set(["true", "checked", "yes", "y", "1", "x", "✓", "✔"]);
const FALSE_TEXT = new Set(["false", "unchecked", "no", "n", "0"]);

export type MappedValue = string | number | boolean | Date | string[] | null;
export type MappedRecord = { ok: true; values: Record<string, MappedValue> } | { ok: false; message: string };

class FieldProblem extends Error {}

/** Airtable lookups and multiple selects are arrays; attachments are objects with a url. */
function asText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) {
    const parts = value.map(asText).filter((part): part is string => part !== null && part !== "");
    return parts.length > 0 ? parts.join(", ") : null;
  }
  if (typeof value === "object") {
    const url = (value as { url?: unknown }).url;
    if (typeof url === "string") return url;
    throw new FieldProblem("is not text");
  }
  const text = String(value).trim();
  const control = CONTROL_CHARACTER.exec(text)?.[0];
  if (control !== undefined) throw new FieldProblem(`holds the control character ${codePointName(control)}`);
  return text === "" ? null : text;
}

// C0 controls but the tab and the line breaks, and DEL: no text the base holds means one, PostgreSQL
// refuses U+0000 in text (which would fail the whole page's write), and ESC or BEL reach a terminal
// that shows a log or a mail. Refused like any other bad value, by record and field.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const codePointName = (char: string) =>
  `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;

/**
 * A web address the portal shows as a link or an image: http or https only, so that a
 * `javascript:` or `data:` address from the base never becomes something a click runs.
 */
function asLink(value: unknown): string | null {
  const given = asText(value);
  if (given === null) return null;
  // An address typed without its scheme ("www.linkedin.com/in/ann") is a web address all the same.
  const text = /^[a-z][a-z0-9+.-]*:/i.test(given) ? given : `https://${given}`;
  let protocol: string | undefined;
  try {
    protocol = new URL(text).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol !== "https:" && protocol !== "http:") {
    throw new FieldProblem(`must be a web address starting with https:// (got "${given.slice(0, 80)}")`);
  }
  return text;
}

/**
 * A customer's email, which the portal mails: one plain address as Settings takes it (decision 068),
 * never a list, a display name or a header after a line break.
 */
function asEmail(value: unknown): string | null {
  const given = asText(value);
  if (given === null) return null;
  const address = plainAddress(given);
  if (address === null) throw new FieldProblem("is not one plain email address");
  return address;
}

/** A customer's name as Settings takes it: one line, no invisible or text-direction characters. */
function asName(value: unknown): string | null {
  const given = asText(value);
  if (given === null) return null;
  const unfit = unfitNameCharacter(given);
  if (unfit === undefined) return given;
  throw new FieldProblem(
    ANY_CONTROL_CHARACTER.test(unfit)
      ? `holds the control character ${codePointName(unfit)}`
      : `holds the invisible or text-direction character ${codePointName(unfit)}`,
  );
}

function convert(kind: ColumnKind, value: unknown): MappedValue {
  switch (kind) {
    case "text":
      return asText(value);
    case "link":
      return asLink(value);
    case "email":
      return asEmail(value);
    case "name":
      return asName(value);
    case "boolean": {
      if (typeof value === "boolean") return value;
      const text = asText(value)?.toLowerCase();
      if (text === undefined) return null;
      if (TRUE_TEXT.has(text)) return true;
      if (FALSE_TEXT.has(text)) return false;
      throw new FieldProblem(`must be a checkbox (got "${text}")`);
    }
    case "integer": {
      let number: number;
      if (typeof value === "number") {
        if (!Number.isFinite(value)) throw new FieldProblem("must be a number");
        number = Math.round(value);
      } else {
        const text = asText(Array.isArray(value) ? value[0] : value);
        if (text === null) return null;
        const cleaned = text.replace(/[,\s_]/g, "");
        if (!/^-?\d+(\.\d+)?$/.test(cleaned)) throw new FieldProblem(`must be a number (got "${text}")`);
        number = Math.round(Number(cleaned));
      }
      // The columns are PostgreSQL integers.
      if (Math.abs(number) > 2_147_483_647) throw new FieldProblem("is too large");
      return number;
    }
    case "amount": {
      // Kept as the base writes it ("98.00"); the ledger also stores it in cents, so it must be one.
      if (typeof value === "number") {
        if (!Number.isFinite(value)) throw new FieldProblem("must be an amount");
        return value.toFixed(2);
      }
      const text = asText(value);
      if (text === null) return null;
      if (centsOfAmountText(text) === null) throw new FieldProblem(`must be an amount (got "${text}")`);
      return text;
    }
    case "timestamp": {
      const text = asText(Array.isArray(value) ? value[0] : value);
      if (text === null) return null;
      // ISO 8601 only (what Airtable sends and exports): JavaScript's Date reads "1" as the year 2001.
      const date = ISO_DATE.test(text) ? new Date(text) : new Date(Number.NaN);
      if (Number.isNaN(date.getTime())) throw new FieldProblem(`must be a date (got "${text}")`);
      return date;
    }
    case "accountType": {
      const text = asText(value)?.toLowerCase().replace(/\s+/g, " ");
      if (!text) return null;
      const type = ACCOUNT_TYPE_ALIASES[text] ?? text;
      if (!isAccountType(type)) {
        throw new FieldProblem(`must be lite, plus, exec or navigator (got "${text}")`);
      }
      return type;
    }
    case "list": {
      const items = Array.isArray(value) ? value.map(asText) : (asText(value)?.split(/[\n,;]+/) ?? []);
      const list = items.map((item) => item?.trim() ?? "").filter(Boolean);
      return list.length > 0 ? list : null;
    }
  }
}

export function mapRecord(
  table: SyncTable,
  map: TableMap,
  required: readonly string[],
  record: SourceRecord,
): MappedRecord {
  const values: Record<string, MappedValue> = {};
  const writtenOnly = WRITTEN_ONLY_COLUMNS[table] ?? [];
  for (const [column, field] of Object.entries(map.fields)) {
    if (writtenOnly.includes(column)) continue;
    try {
      values[column] = convert(COLUMN_KINDS[table][column] ?? "text", record.fields[field]);
    } catch (err) {
      if (err instanceof FieldProblem) return { ok: false, message: `${field}: ${err.message}` };
      throw err;
    }
  }
  for (const column of required) {
    if (values[column] === null || values[column] === undefined) {
      return { ok: false, message: `${map.fields[column]}: is required` };
    }
  }
  return { ok: true, values };
}
