import { z } from "zod";

/**
 * A background job that keeps failing (dead, or tried three times or more), as an admin sees it: its
 * kind and where it stands, never its payload (a mail's text holds a one-time link).
 */
export const failingJobSchema = z.object({
  id: z.number().int(),
  /** "mail", "mail-request", "airtable-write-back", or a later kind. */
  kind: z.string(),
  /** "dead": gave up after its kind's attempts and waits for "Retry now"; "retrying": still tried on its own. */
  state: z.enum(["dead", "retrying"]),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** When it is tried next on its own; null for a dead job. */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type FailingJob = z.infer<typeof failingJobSchema>;

export const failingJobsSchema = z.object({
  jobs: z.array(failingJobSchema),
});

export const retryJobParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const retryJobAnswerSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
});
