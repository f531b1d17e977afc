/** `GET /api/admin/attention`: what the admin's dashboard counts as needing attention, in one answer. */
import { z } from "zod";
import { SYNC_RUN_KINDS } from "./values";

/** The latest finished sync of the whole base (not one customer's), and how it ended. */
export const lastSyncSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SYNC_RUN_KINDS),
  status: z.enum(["succeeded", "failed"]),
  finishedAt: z.string(),
  /** Records that could not be synced in a run that succeeded as a whole. */
  errors: z.number().int(),
});

export const attentionSchema = z.object({
  /** Payments that named no known customer (`/admin/payments/unlinked`). */
  unlinkedPayments: z.number().int(),
  /** Background jobs that keep failing: dead, or tried three times or more (`/admin/outbox`). */
  failingJobs: z.number().int(),
  /** Null before the first run has finished. */
  lastSync: lastSyncSchema.nullable(),
});
export type Attention = z.infer<typeof attentionSchema>;
