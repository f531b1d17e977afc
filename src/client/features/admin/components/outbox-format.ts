/** How the outbox health page words a background job, in the page's language when asked. */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { FailingJob } from "../../../../shared/api/outbox";
import { i18n } from "../../../lib/i18n/i18n";

const jobKindWords: Record<string, MessageDescriptor> = {
  mail: msg({ id: "admin.outbox.kind-mail", message: "Mail" }),
  "mail-request": msg({ id: "admin.outbox.kind-mail-request", message: "Mail with a one-time link" }),
  "airtable-write-back": msg({
    id: "admin.outbox.kind-write-back",
    message: "Write-back to the operator's base",
  }),
};

/** A job's kind in words; a kind the page does not know keeps its code. */
export function jobKindLabel(kind: string): string {
  const words = Object.hasOwn(jobKindWords, kind) ? jobKindWords[kind] : undefined;
  return words ? i18n._(words) : kind;
}

export function jobStateLabel(job: Pick<FailingJob, "state">): string {
  return job.state === "dead"
    ? i18n._(msg({ id: "admin.outbox.state-dead", message: "Gave up" }))
    : i18n._(msg({ id: "admin.outbox.state-retrying", message: "Retrying" }));
}
