/** How the outbox health page words a background job. */
import type { FailingJob } from "../../../../shared/api/outbox";

const jobKindWords: Record<string, string> = {
  mail: "Mail",
  "mail-request": "Mail with a one-time link",
  "airtable-write-back": "Write-back to the operator's base",
};

/** A job's kind in words; a kind the page does not know keeps its code. */
export function jobKindLabel(kind: string): string {
  return jobKindWords[kind] ?? kind;
}

export function jobStateLabel(job: Pick<FailingJob, "state">): string {
  return job.state === "dead" ? "Gave up" : "Retrying";
}
