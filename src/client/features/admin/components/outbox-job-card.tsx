import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { FailingJob } from "../../../../shared/api/outbox";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { formatDateTime } from "../../../lib/format";
import { jobKindLabel, jobStateLabel } from "./outbox-format";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

/** One failing job: what it is, where it stands, why it failed last, and "Retry now". */
export function OutboxJobCard({
  job,
  retrying,
  onRetry,
}: {
  job: FailingJob;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useLingui();
  const kind = jobKindLabel(job.kind);
  const queued = formatDateTime(job.createdAt);
  const jobId = job.id;
  return (
    <li className="rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 className="flex flex-wrap items-center gap-2 font-medium">
            {kind}
            <Badge variant={job.state === "dead" ? "destructive" : "secondary"}>{jobStateLabel(job)}</Badge>
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans id="admin.outbox.queued">
              Queued <time dateTime={job.createdAt}>{queued}</time>
            </Trans>
          </p>
        </div>
        <Button variant="outline" size="sm" disabled={retrying} onClick={onRetry}>
          <Trans id="admin.outbox.retry-now">
            Retry now
            <span className="sr-only">
              : {kind}, job {jobId}
            </span>
          </Trans>
        </Button>
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-[auto_auto_minmax(0,1fr)] sm:gap-x-8">
        <Field label={t({ id: "admin.outbox.attempts", message: "Attempts" })}>
          <span className="tabular-nums">{job.attempts}</span>
        </Field>
        <Field label={t({ id: "admin.outbox.next-attempt", message: "Next attempt" })}>
          {job.nextAttemptAt ? (
            <time dateTime={job.nextAttemptAt}>{formatDateTime(job.nextAttemptAt)}</time>
          ) : (
            t({ id: "admin.outbox.next-attempt-none", message: "Only on Retry now" })
          )}
        </Field>
        <Field label={t({ id: "admin.outbox.last-error", message: "Last error" })}>
          <span className="text-muted-foreground">
            {job.lastError ?? t({ id: "admin.outbox.last-error-none", message: "None recorded" })}
          </span>
        </Field>
      </dl>
    </li>
  );
}
