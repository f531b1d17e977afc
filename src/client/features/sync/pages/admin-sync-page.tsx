import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { SyncResults } from "../../../../shared/api/sync";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { failureText } from "../../../lib/api-error";
import { formatCount } from "../../../lib/format";
import { i18n } from "../../../lib/i18n/i18n";
import { toast } from "../../../lib/use-toast";
import { useImportStatus } from "../api/get-import-status";
import { type AdminSyncKind, useSyncUsers } from "../api/sync-users";
import { DatabaseStatusCard } from "../components/database-status-card";
import { NextStepsCard } from "../components/next-steps-card";
import { RecentRunsCard } from "../components/recent-runs-card";
import { SyncControlsCard } from "../components/sync-controls-card";
import type { SyncOutcome } from "../components/sync-results-card";
import { SyncResultsCard } from "../components/sync-results-card";

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
  const { t } = useLingui();
  const status = useImportStatus();
  // The toasts are worded when the run ends, in the language spoken then (see sync-users.ts).
  const sync = useSyncUsers({
    onSuccess: (results) =>
      results.success
        ? toast({
            title: i18n._(msg({ id: "sync.toast.completed", message: "Sync Completed" })),
            description: results.message,
          })
        : toast({
            variant: "destructive",
            title: i18n._(msg({ id: "sync.toast.failed", message: "Sync Failed" })),
            description: results.message,
          }),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: i18n._(msg({ id: "sync.toast.failed", message: "Sync Failed" })),
        description: failureText(
          error,
          i18n._(msg({ id: "sync.toast.failed-text", message: "The sync could not be completed" })),
        ),
      }),
  });
  const startSync = (kind: AdminSyncKind) => sync.mutate(kind);

  const header = (
    <PageHeader
      title={t({ id: "sync.page.title", message: "Admin Sync" })}
      description={t({
        id: "sync.page.description",
        message:
          "Bring the operator's base of about 70 customers into the portal, with their LinkedIn accounts, profile optimizations and transactions.",
      })}
    />
  );

  if (status.isPending) {
    return (
      <div className="space-y-6">
        {header}
        <div className="flex justify-center py-16">
          <Spinner label={t({ id: "sync.page.loading", message: "Loading import status" })} />
        </div>
      </div>
    );
  }

  if (status.isError && status.data === undefined) {
    return (
      <div className="space-y-6">
        {header}
        <ErrorState
          title={t({ id: "sync.page.load-failed", message: "The import status could not be loaded" })}
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
  const synced = formatCount(latestFinished?.synced ?? 0);
  const processed = formatCount(latestFinished?.processed ?? 0);
  const outcome: SyncOutcome | null =
    fromThisPage ??
    (latestFinished
      ? {
          run: latestFinished,
          success: latestFinished.status === "succeeded",
          message:
            latestFinished.message ??
            (latestFinished.status === "succeeded"
              ? t({ id: "sync.page.synced-of", message: `Synced ${synced} of ${processed} records.` })
              : t({ id: "sync.page.run-failed", message: "The run failed." })),
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
          title={t({ id: "sync.page.refresh-failed", message: "The import status could not be refreshed" })}
          note={t({ id: "sync.page.out-of-date", message: "The figures below may be out of date." })}
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
      <NextStepsCard hasErrors={(outcome?.errors ?? 0) > 0} scheduleOn={data.nextScheduledRunAt !== null} />
    </div>
  );
}
