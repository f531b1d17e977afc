/**
 * Viewing the portal as a customer, read only (decision 036): an administrator opens a customer's
 * screens in their own browser, with the reason they typed; the customer sees in Settings that
 * support looked, and when.
 */
import { z } from "zod";
import { singleLineText } from "./text";

export const VIEW_AS_REASON_MIN = 3;
export const VIEW_AS_REASON_MAX = 500;

/** The `error` of every request refused while a session views the portal as a customer. */
export const READ_ONLY_WHILE_VIEWING = "Read only while viewing as a customer";

/** `POST /api/admin/customers/{uid}/view-as`: why the administrator looks, kept in the audit log. */
export const startViewingSchema = z.object({
  reason: singleLineText({ error: "Required" })
    .trim()
    .min(VIEW_AS_REASON_MIN, `Reason must be at least ${VIEW_AS_REASON_MIN} characters`)
    .max(VIEW_AS_REASON_MAX, `Reason must be at most ${VIEW_AS_REASON_MAX} characters`),
});
export type StartViewingBody = z.infer<typeof startViewingSchema>;

/** Who is viewing, since when and why: what the banner of a viewing session shows. */
export const viewingSchema = z.object({
  admin: z.object({ name: z.string(), email: z.string() }),
  since: z.string(),
  reason: z.string(),
});
export type Viewing = z.infer<typeof viewingSchema>;

/**
 * One time support viewed the customer's account, as the customer sees it: when it started, when it
 * ended (null while it lasts, or when the session ended without a stop), and whether it lasts still.
 * Never who looked, from where or why.
 */
export const supportViewSchema = z.object({
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  ongoing: z.boolean(),
});
export type SupportView = z.infer<typeof supportViewSchema>;

/** `GET /api/me/support-views`: the newest first. */
export const supportViewsSchema = z.object({ views: z.array(supportViewSchema) });

/** `POST /api/admin/customers/{uid}/view-as`: whom the session now views as, and the banner's facts. */
export const viewingStartedSchema = z.object({
  customer: z.object({ uid: z.string(), name: z.string(), email: z.string() }),
  viewing: viewingSchema,
});
export type ViewingStarted = z.infer<typeof viewingStartedSchema>;
