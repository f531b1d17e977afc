/**
 * The admin's one audit log (decision 035): the filters of `GET /api/admin/audit` and its CSV export,
 * and the entries it answers with.
 */
import { z } from "zod";
import { AUDIT_EVENT_KIND_NAMES } from "../audit/audit-kinds";
import { singleLineText } from "./text";

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_MAX = 200;

/** A customer or an admin as the filter names them: their UID, or their email (with an @). */
const personSchema = singleLineText()
  .trim()
  .min(1, "Required")
  .max(255, "must be at most 255 characters")
  .describe("A user's UID, or their email (any text with an @ is read as an email, without regard to case).");

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A bound of the time range: an ISO date (`2026-11-26`, midnight UTC) or date and time with its offset
 * (`2026-11-26T08:30:00+01:00`, `...Z`).
 */
const timeBoundSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** The time a bound names; a date alone as `to` takes in that whole day. */
export function timeOfBound(bound: string, end: "from" | "to"): Date {
  if (!DATE_ONLY.test(bound)) return new Date(bound);
  const midnight = new Date(`${bound}T00:00:00Z`);
  return end === "to" ? new Date(midnight.getTime() + 24 * 60 * 60_000) : midnight;
}

/** The opaque cursor of the next page: the last entry's id, which also fixes its time. */
export const auditCursorSchema = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, "is not a cursor this log gave")
  .describe("The nextCursor of the page before, as it was given.");

const filterShape = {
  customer: personSchema
    .optional()
    .describe("Entries about this customer or done by them: a UID or an email."),
  actor: personSchema
    .optional()
    .describe("Entries done by this user (an admin, or a customer): a UID or an email."),
  kind: z.enum(AUDIT_EVENT_KIND_NAMES).optional().describe("Entries of this kind only."),
  from: timeBoundSchema
    .optional()
    .describe("From this time on (inclusive): an ISO date or date and time with offset."),
  to: timeBoundSchema
    .optional()
    .describe("Before this time (exclusive); a date alone takes in that whole day (UTC)."),
};

const boundsInOrder = (query: { from?: string | undefined; to?: string | undefined }) =>
  query.from === undefined ||
  query.to === undefined ||
  timeOfBound(query.from, "from").getTime() < timeOfBound(query.to, "to").getTime();
const BOUNDS_MESSAGE = { message: "must be after from", path: ["to"] };

export const auditExportQuerySchema = z.object(filterShape).refine(boundsInOrder, BOUNDS_MESSAGE);
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

export const auditListQuerySchema = z
  .object({
    ...filterShape,
    cursor: auditCursorSchema.optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(AUDIT_PAGE_MAX)
      .default(AUDIT_PAGE_SIZE)
      .describe(`How many entries a page holds: ${AUDIT_PAGE_SIZE} unless asked, at most ${AUDIT_PAGE_MAX}.`),
  })
  .refine(boundsInOrder, BOUNDS_MESSAGE);

export const auditPersonSchema = z
  .object({ uid: z.string(), name: z.string(), email: z.string() })
  .nullable()
  .describe(
    "The user as they are now (a closed login as its anonymised row); null for the portal itself, an unknown caller, or a user that no longer exists.",
  );
export type AuditPerson = z.infer<typeof auditPersonSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** When it happened: an ISO time in UTC. */
  at: z.string(),
  kind: z.enum(AUDIT_EVENT_KIND_NAMES),
  actor: auditPersonSchema,
  subject: auditPersonSchema,
  detail: z
    .string()
    .nullable()
    .describe("What the kind needs to read well: the proof, the secret, the reason typed."),
  target: z
    .string()
    .nullable()
    .describe("What it was done to, as it read then (an account's label, a payment)."),
  ipAddress: z.string().nullable().describe("The internet address it came from."),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  events: z.array(auditEntrySchema).describe("Newest first."),
  nextCursor: auditCursorSchema
    .nullable()
    .describe("Pass as the cursor for the next page; null on the last page."),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
