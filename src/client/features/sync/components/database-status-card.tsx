import { type ReactNode, useId } from "react";
import type { ImportStatus } from "../../../../shared/api/sync";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatCount, formatDateTime } from "../../../lib/format";
import { formatInterval, sourceKindLabels } from "./sync-format";

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg border bg-muted/40 p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">
        {value}
        {hint ? <span className="block text-sm font-normal text-muted-foreground">{hint}</span> : null}
      </dd>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words sm:col-span-2">{children}</dd>
    </div>
  );
}

/** "Airtable · appXXXX" or "CSV folder · demo-data". */
function describeSource(source: ImportStatus["source"]): string {
  const kind = sourceKindLabels[source.kind];
  const description = source.description.trim();
  return description === "" ? kind : `${kind} · ${description}`;
}

/** What the portal's database holds now, where the sync reads from, and when it next runs by itself. */
export function DatabaseStatusCard({ status }: { status: ImportStatus }) {
  const titleId = useId();
  const { database, source } = status;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={titleId}>Database status</CardTitle>
          {status.importCompleted ? (
            <Badge variant="success">Import completed</Badge>
          ) : (
            <Badge variant="secondary">Not imported yet</Badge>
          )}
        </div>
        {status.message ? <CardDescription>{status.message}</CardDescription> : null}
      </CardHeader>
      <CardContent className="space-y-6">
        <dl aria-label="Totals" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
          <Figure label="Total users" value={formatCount(database.totalUsers)} />
          <Figure
            label="Linked to the base"
            value={formatCount(database.usersWithUid)}
            hint={`${database.successRate}% of users`}
          />
          <Figure label="LinkedIn accounts" value={formatCount(database.linkedinAccounts)} />
          <Figure label="Profile optimizations" value={formatCount(database.profileOptimizations)} />
          <Figure label="Transactions" value={formatCount(database.transactions)} />
        </dl>
        <dl aria-label="Sync details" className="divide-y">
          <Detail label="Source">{describeSource(source)}</Detail>
          <Detail label="Import completed">{status.importCompleted ? "Yes" : "No"}</Detail>
          <Detail label="Next scheduled run">
            {status.nextScheduledRunAt === null ? (
              "Schedule off"
            ) : (
              <time dateTime={status.nextScheduledRunAt}>{formatDateTime(status.nextScheduledRunAt)}</time>
            )}
          </Detail>
          {status.scheduleIntervalMinutes > 0 ? (
            <Detail label="Interval">{formatInterval(status.scheduleIntervalMinutes)}</Detail>
          ) : null}
          <Detail label="Pending write-backs">
            {database.pendingWriteBacks === 0
              ? "None: every settings change has reached the base"
              : `${formatCount(database.pendingWriteBacks)} settings ${database.pendingWriteBacks === 1 ? "change" : "changes"} waiting to be written back to the base`}
          </Detail>
          {database.lastWriteBackError ? (
            <Detail label="Last write-back error">
              <span className="text-destructive dark:text-red-300">{database.lastWriteBackError}</span>
            </Detail>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}
