/**
 * Replacement requests (decision 040, R18): a customer reports an account that went wrong and follows
 * what the operator does about it.
 */
import { z } from "zod";
import { CONTROL_CHARACTER, singleLineText } from "./text";

export const REQUEST_KINDS = ["wrong_password", "restricted", "banned", "other"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const REQUEST_WISHES = ["replacement", "fix"] as const;
export type RequestWish = (typeof REQUEST_WISHES)[number];
export const REQUEST_STATUSES = [
  "submitted",
  "in_progress",
  "fixed",
  "replaced",
  "declined",
  "withdrawn",
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** A request is open while the operator may still act on it: one open request per account. */
export const OPEN_REQUEST_STATUSES = ["submitted", "in_progress"] as const satisfies readonly RequestStatus[];
/** Account statuses that may be reported without a note; any other status needs one (the reason). */
export const REPORTABLE_ACCOUNT_STATUSES = ["Wrong Password", "Restricted - Submit ID"] as const;
export const REQUEST_NOTE_MAX = 1000;
export const REQUEST_PAGE_DEFAULT = 50;
export const REQUEST_PAGE_MAX = 100;

/** A note: several lines allowed, but no other control characters. */
const noteText = z
  .string({ error: "note must be text" })
  .max(REQUEST_NOTE_MAX, `note must be at most ${REQUEST_NOTE_MAX} characters`)
  .refine(
    (v) => !CONTROL_CHARACTER.test(v.replace(/\r?\n/g, "")),
    "note must not contain control characters",
  );

/** `POST /api/replacement-requests` */
export const createReplacementRequestBodySchema = z
  .object({
    accountId: z.number({ error: "accountId must be a number" }).int().positive(),
    kind: z.enum(REQUEST_KINDS, { error: `kind must be one of ${REQUEST_KINDS.join(", ")}` }),
    wish: z.enum(REQUEST_WISHES, { error: `wish must be one of ${REQUEST_WISHES.join(", ")}` }),
    note: noteText.default(""),
  })
  .strict();
export type CreateReplacementRequestBody = z.input<typeof createReplacementRequestBodySchema>;

/** `GET /api/replacement-requests`: filters and the page asked for. */
export const replacementRequestListQuerySchema = z.object({
  /** `open` is submitted or in progress; `closed` is every other status. */
  status: z
    .enum([...REQUEST_STATUSES, "open", "closed"], { error: "status is not a request status" })
    .optional(),
  accountId: z.coerce.number({ error: "accountId must be a number" }).int().positive().optional(),
  cursor: singleLineText().max(200).optional(),
  limit: z.coerce
    .number({ error: "limit must be a whole number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(REQUEST_PAGE_MAX, `limit must be at most ${REQUEST_PAGE_MAX}`)
    .default(REQUEST_PAGE_DEFAULT),
});
export type ReplacementRequestListQuery = z.infer<typeof replacementRequestListQuerySchema>;

export const replacementRequestSchema = z.object({
  id: z.number().int(),
  /** The account reported; null once it is no longer the customer's. */
  accountId: z.number().int().nullable(),
  /** The account's name as the request was made (first and last name, or its LinkedIn email). */
  accountLabel: z.string(),
  kind: z.enum(REQUEST_KINDS),
  wish: z.enum(REQUEST_WISHES),
  note: z.string(),
  status: z.enum(REQUEST_STATUSES),
  /** The operator's note: why it was declined, say. */
  operatorNote: z.string().nullable(),
  /** The account that replaced it, when the customer has it in the portal. */
  replacementAccount: z.object({ id: z.number().int(), label: z.string() }).nullable(),
  /** Whether the operator's base has the request yet. */
  delivered: z.boolean(),
  createdAt: z.string(),
  statusChangedAt: z.string(),
});
export type ReplacementRequest = z.infer<typeof replacementRequestSchema>;

export const replacementRequestListSchema = z.object({
  requests: z.array(replacementRequestSchema),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type ReplacementRequestList = z.infer<typeof replacementRequestListSchema>;

/** The open request an account row shows. */
export const openRequestSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(OPEN_REQUEST_STATUSES),
  wish: z.enum(REQUEST_WISHES),
});
export type OpenRequestSummary = z.infer<typeof openRequestSummarySchema>;
