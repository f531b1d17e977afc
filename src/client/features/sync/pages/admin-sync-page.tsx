import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { type FailingJob, failingJobsSchema } from "../../../../shared/api/outbox";
import type { SyncResults } from "../../../../shared/api/sync";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { apiRequest, getJson } from "../../../lib/api-client";
import { failureText } from "../../../lib/api-error";
import { formatDateTime } from "../../../lib/format";
import { toast } from "../../../lib/use-toast";
import { IMPORT_STATUS_REFRESH_MS, useImportStatus } from "../api/get-import-status";
import { type AdminSyncKind, useSyncUsers } from "../api/sync-users";
import { DatabaseStatusCard } from "../components/database-status-card";
import { NextStepsCard } from "../components/next-steps-card";
import { RecentRunsCard } from "../components/recent-runs-card";
import { SyncControlsCard } from "../components/sync-controls-card";
import type { SyncOutcome } from "../components/sync-results-card";
import { SyncResultsCard } from "../components/sync-results-card";

const failingJobsQueryKey = ["/api/admin/outbox"] as const;

const jobKindLabels: Record<string, string> = {
  mail: "Mail",
  "mail-request": "Mail (link to issue)",
  "airtable-write-back": "Write-back to the base",
};

/**
 * Mail and write-backs that keep failing (dead, or tried three times or more), with "Retry now" for
 * each; never the mail's text. Quiet when all is well.
 */
function BackgroundWorkCard() {
  const titleId = useId();
  const queryClient = useQueryClient();
  const failing = useQuery({
    queryKey: failingJobsQueryKey,
    queryFn: async () => failingJobsSchema.parse(await getJson("/api/admin/outbox", { on401: "throw" })).jobs,
    refetchInterval: IMPORT_STATUS_REFRESH_MS,
  });
  const retry = useMutation({
    mutationFn: (job: FailingJob) => apiRequest("POST", `/api/admin/outbox/${job.id}/retry`),
    onSuccess: () => toast({ title: "Retrying", description: "The job will be tried again now." }),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Retry failed",
        description: failureText(error, "The job could not be retried"),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: failingJobsQueryKey }),
  });
  const jobs = failing.data ?? [];
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Background work</CardTitle>
        <CardDescription>
          Mail and write-backs to the base that keep failing. They are retried on their own; a dead one waits
          for Retry now.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {failing.isPending ? (
          <Spinner label="Loading background work" />
        ) : failing.isError ? (
          <p className="text-sm text-destructive">
            {failureText(failing.error, "The background work could not be loaded")}
          </p>
        ) : jobs.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            Nothing is failing.
          </p>
        ) : (
          <Table scrollLabel="Failing background jobs table" aria-labelledby={titleId}>
            <TableHeader>
              <TableRow>
                <TableHead>Kind</TableHead>
                <TableHead>State</TableHead>
                <TableHead className="text-right">Attempts</TableHead>
                <TableHead>Last error</TableHead>
                <TableHead>Next attempt</TableHead>
                <TableHead>
                  <span className="sr-only">Action</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {jobs.map((job) => (
                <TableRow key={job.id} className="align-top">
                  <TableCell>{jobKindLabels[job.kind] ?? job.kind}</TableCell>
                  <TableCell>
                    <Badge variant={job.state === "dead" ? "destructive" : "secondary"}>
                      {job.state === "dead" ? "Dead" : "Retrying"}
                    </Badge>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{job.attempts}</TableCell>
                  <TableCell className="max-w-72 text-xs break-words text-muted-foreground">
                    {job.lastError ?? "—"}
                  </TableCell>
                  <TableCell>
                    {job.nextAttemptAt ? (
                      <time dateTime={job.nextAttemptAt}>{formatDateTime(job.nextAttemptAt)}</time>
                    ) : (
                      "Not on its own"
                    )}
                  </TableCell>
                  <TableCell>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={retry.isPending && retry.variables?.id === job.id}
                      onClick={() => retry.mutate(job)}
                    >
                      Retry now
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function outcomeOf(results: SyncResults): SyncOutcome {
  return {
    run: results.run,
    success: results.success,
    message: results.message,
    processed: results.results.processed,
    synced: results.results.synced,
    errors: results.results.errors,
    errorDetails: results.results.errorDetails,
    fromThisPage: true,
  };
}

export function AdminSyncPage() {
  const status = useImportStatus();
  const sync = useSyncUsers({
    onSuccess: (results) =>
      results.success
        ? toast({ title: "Sync Completed", description: results.message })
        : toast({ variant: "destructive", title: "Sync Failed", description: results.message }),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Sync Failed",
        description: failureText(error, "The sync could not be completed"),
      }),
  });
  const startSync = (kind: AdminSyncKind) => sync.mutate(kind);

  const header = (
    <PageHeader
      title="Admin Sync"
      description="Bring the operator's base of about 70 customers into the portal, with their LinkedIn accounts, profile optimizations and transactions."
    />
  );

  if (status.isPending) {
    return (
      <div className="space-y-6">
        {header}
        <div className="flex justify-center py-16">
          <Spinner label="Loading import status" />
        </div>
      </div>
    );
  }

  if (status.isError && status.data === undefined) {
    return (
      <div className="space-y-6">
        {header}
        <ErrorState
          title="The import status could not be loaded"
          error={status.error}
          retrying={status.isFetching}
          onRetry={() => void status.refetch()}
        />
      </div>
    );
  }

  const data = status.data;
  // The latest finished run of the whole base (a customer's own run is only in the history), which
  // is the run `lastErrorDetails` belongs to. The run started here is shown until a newer one (the
  // schedule's, say) has finished.
  const latestFinished = data.recentRuns.find((run) => run.status !== "running" && run.kind !== "user");
  const fromThisPage =
    sync.data && (!latestFinished || sync.data.run.id >= latestFinished.id) ? outcomeOf(sync.data) : null;
  const outcome: SyncOutcome | null =
    fromThisPage ??
    (latestFinished
      ? {
          run: latestFinished,
          success: latestFinished.status === "succeeded",
          message:
            latestFinished.message ??
            (latestFinished.status === "succeeded"
              ? `Synced ${latestFinished.synced.toLocaleString()} of ${latestFinished.processed.toLocaleString()} records.`
              : "The run failed."),
          processed: latestFinished.processed,
          synced: latestFinished.synced,
          errors: latestFinished.errors,
          errorDetails: data.lastErrorDetails,
          fromThisPage: false,
        }
      : null);

  return (
    <div className="space-y-6">
      {header}
      {status.isError ? (
        // An earlier answer is still on screen; say that it may be out of date.
        <ErrorState
          title="The import status could not be refreshed"
          note="The figures below may be out of date."
          error={status.error}
          retrying={status.isFetching}
          onRetry={() => void status.refetch()}
        />
      ) : null}
      <DatabaseStatusCard status={data} />
      <SyncControlsCard
        currentRun={data.currentRun}
        pendingKind={sync.isPending ? sync.variables : null}
        onStart={startSync}
      />
      {outcome ? <SyncResultsCard key={outcome.run.id} outcome={outcome} /> : null}
      <RecentRunsCard runs={data.recentRuns} />
      <BackgroundWorkCard />
      <NextStepsCard hasErrors={(outcome?.errors ?? 0) > 0} scheduleOn={data.nextScheduledRunAt !== null} />
    </div>
  );
}
