import { useLingui } from "@lingui/react/macro";
import { GitCompareArrows, LoaderCircle, RefreshCw } from "lucide-react";
import { useId } from "react";
import type { SyncRun } from "../../../../shared/api/sync";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatCount, formatDateTime } from "../../../lib/format";
import type { AdminSyncKind } from "../api/sync-users";
import { runStartedAt } from "./sync-format";

function Progress({ currentRun }: { currentRun: SyncRun | null }) {
  const { t } = useLingui();
  const processed = formatCount(currentRun?.processed ?? 0);
  const synced = formatCount(currentRun?.synced ?? 0);
  const errors = formatCount(currentRun?.errors ?? 0);
  return (
    <div className="flex items-start gap-3 rounded-lg border border-primary/25 bg-primary/5 p-4">
      <LoaderCircle
        aria-hidden="true"
        className="mt-0.5 size-5 shrink-0 animate-spin text-primary motion-reduce:animate-none dark:text-blue-300"
      />
      <div className="min-w-0 space-y-0.5">
        <p className="font-medium">
          {currentRun
            ? t({
                id: "sync.progress.counts",
                message: `Syncing… ${processed} records processed, ${synced} synced`,
              })
            : t({ id: "sync.progress.starting", message: "Syncing… starting the run" })}
        </p>
        {currentRun ? (
          <p className="text-sm text-muted-foreground">
            {runStartedAt(currentRun, { capital: true })}{" "}
            <time dateTime={currentRun.startedAt}>{formatDateTime(currentRun.startedAt)}</time>
            {currentRun.errors > 0
              ? ` · ${t({ id: "sync.progress.errors", message: `${errors} errors so far` })}`
              : null}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The two ways to start a run and, while one runs (started here, by another admin or by the
 * schedule), its live counts. The buttons stay focusable while a run is under way, so a keyboard user
 * who pressed one keeps their place; they are marked and treated as disabled.
 */
export function SyncControlsCard({
  currentRun,
  pendingKind,
  onStart,
}: {
  currentRun: SyncRun | null;
  /** The run this page has asked for and is waiting on, if any. */
  pendingKind: AdminSyncKind | null;
  onStart: (kind: AdminSyncKind) => void;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const busy = pendingKind !== null || currentRun !== null;
  const start = (kind: AdminSyncKind) => () => {
    if (!busy) onStart(kind);
  };
  const icon = (kind: AdminSyncKind, Idle: typeof RefreshCw) =>
    pendingKind === kind ? (
      <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
    ) : (
      <Idle aria-hidden="true" />
    );

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t({ id: "sync.controls.title", message: "Sync" })}</CardTitle>
        <CardDescription>
          {t({
            id: "sync.controls.description",
            message:
              "Start User Sync reads every table of the base and removes what is gone from it. Sync changes only reads the records changed since the last run.",
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap gap-3">
          <Button
            onClick={start("full")}
            aria-disabled={busy || undefined}
            className="aria-disabled:opacity-50"
          >
            {icon("full", RefreshCw)}
            {t({ id: "sync.controls.full", message: "Start User Sync" })}
          </Button>
          <Button
            variant="outline"
            onClick={start("incremental")}
            aria-disabled={busy || undefined}
            className="aria-disabled:opacity-50"
          >
            {icon("incremental", GitCompareArrows)}
            {t({ id: "sync.controls.incremental", message: "Sync changes only" })}
          </Button>
        </div>
        {/* Always in the page, so screen readers announce the progress as it appears and changes. */}
        <div role="status" aria-live="polite" aria-atomic="true">
          {busy ? <Progress currentRun={currentRun} /> : null}
        </div>
      </CardContent>
    </Card>
  );
}
