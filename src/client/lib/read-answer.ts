/**
 * Hand checks for the answers a first load reads, in place of their zod schemas: zod and the schemas
 * cost a phone about 24 KB and a long task to evaluate before the page can show (decision 013). Each
 * check keeps its schema's rules (tests/unit/client/first-load-answers.test.ts compares them), and
 * drops unknown fields as the schemas do.
 */

/** A field's rule: a string, an integer, a count (an integer of at least 1), a boolean, one of a list; `?` allows null. */
export type FieldKind = "string" | "string?" | "int" | "int?" | "count" | "boolean" | readonly string[];

function fits(kind: FieldKind, value: unknown): boolean {
  if (typeof kind !== "string") return kind.includes(value as string);
  switch (kind) {
    case "string?":
      return value === null || typeof value === "string";
    case "int?":
      return value === null || Number.isInteger(value);
    case "int":
      return Number.isInteger(value);
    case "count":
      return Number.isInteger(value) && (value as number) >= 1;
    default:
      return typeof value === kind;
  }
}

/** `value` as a `T`, once each of `fields` has passed its rule; throws "Unexpected <what>: <field>" otherwise. */
export function readRecord<T>(value: unknown, fields: Record<keyof T, FieldKind>, what: string): T {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error(`Unexpected ${what}`);
  }
  const record = value as Record<string, unknown>;
  const read: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries<FieldKind>(fields)) {
    if (!fits(kind, record[key])) throw new Error(`Unexpected ${what}: ${key}`);
    read[key] = record[key];
  }
  return read as T;
}

/** `value` as a list, each item read by `readItem`. */
export function readList<T>(value: unknown, readItem: (item: unknown) => T, what: string): T[] {
  if (!Array.isArray(value)) throw new Error(`Unexpected ${what}`);
  return value.map(readItem);
}
