import { Trans, useLingui } from "@lingui/react/macro";
import { CircleAlert, CircleCheck } from "lucide-react";
import { useId } from "react";
import type { SyncErrorDetail, SyncRun } from "../../../../shared/api/sync";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatCount, formatDateTime } from "../../../lib/format";
import { ErrorDetailsTable } from "./error-details-table";
import { formatDuration, runStartedAt } from "./sync-format";

/** One finished run as the results card shows it, whichever answer it came from. */
export interface SyncOutcome {
  run: SyncRun;
  success: boolean;
  message: string;
  processed: number;
  synced: number;
  errors: number;
  errorDetails: SyncErrorDetail[];
  /** The run was started from this page just now, rather than read from the history. */
  fromThisPage: boolean;
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="min-w-0 rounded-lg border bg-muted/40 p-3 sm:p-4">
      <dt className="text-xs text-muted-foreground sm:text-sm">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums sm:text-2xl">{formatCount(value)}</dd>
    </div>
  );
}

/** The spec's "results": what the last run read, wrote and could not write, and why. */
export function SyncResultsCard({ outcome }: { outcome: SyncOutcome }) {
  const { t } = useLingui();
  const titleId = useId();
  const { run } = outcome;
  const duration = formatDuration(run);
  const started = runStartedAt(run);
  const when = formatDateTime(run.startedAt);
  const kept = formatCount(outcome.errorDetails.length);
  const errors = formatCount(outcome.errors);
  const missingDetails = outcome.errors - outcome.errorDetails.length;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t({ id: "sync.results.title", message: "Results" })}</CardTitle>
        <CardDescription>
          {outcome.fromThisPage ? (
            <Trans id="sync.results.yours">
              The run you started: {started} <time dateTime={run.startedAt}>{when}</time>.
            </Trans>
          ) : (
            <Trans id="sync.results.latest">
              The latest finished run: {started} <time dateTime={run.startedAt}>{when}</time>.
            </Trans>
          )}
          {duration ? ` ${t({ id: "sync.results.took", message: `It took ${duration}.` })}` : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {outcome.success ? (
          <Alert variant="success">
            <CircleCheck aria-hidden="true" />
            <AlertTitle>{t({ id: "sync.results.succeeded", message: "Sync succeeded" })}</AlertTitle>
            <AlertDescription>{outcome.message}</AlertDescription>
          </Alert>
        ) : (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>{t({ id: "sync.results.failed", message: "Sync failed" })}</AlertTitle>
            <AlertDescription>{outcome.message}</AlertDescription>
          </Alert>
        )}
        <dl
          aria-label={t({ id: "sync.results.counts", message: "Run counts" })}
          className="grid grid-cols-3 gap-3"
        >
          <Count label={t({ id: "sync.counts.processed", message: "Processed" })} value={outcome.processed} />
          <Count label={t({ id: "sync.counts.synced", message: "Synced" })} value={outcome.synced} />
          <Count label={t({ id: "sync.counts.errors", message: "Errors" })} value={outcome.errors} />
        </dl>
        {outcome.errorDetails.length > 0 ? (
          <div className="space-y-3">
            <h3 className="text-sm font-semibold">
              {t({ id: "sync.results.failed-records", message: "Records that could not be synced" })}
            </h3>
            <ErrorDetailsTable details={outcome.errorDetails} />
          </div>
        ) : null}
        {missingDetails > 0 ? (
          <p className="text-sm text-muted-foreground">
            {outcome.errorDetails.length === 0
              ? t({ id: "sync.results.no-details", message: "The run kept no details of its errors." })
              : t({
                  id: "sync.results.some-details",
                  message: `Details were kept for ${kept} of the ${errors} errors.`,
                })}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
