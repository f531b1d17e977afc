import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useId } from "react";
import type { ImportStatus } from "../../../../shared/api/sync";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatCount, formatDateTime } from "../../../lib/format";
import { formatInterval, sourceKindLabel } from "./sync-format";

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
  const kind = sourceKindLabel(source.kind);
  const description = source.description.trim();
  return description === "" ? kind : `${kind} · ${description}`;
}

/** What the portal's database holds now, where the sync reads from, and when it next runs by itself. */
export function DatabaseStatusCard({ status }: { status: ImportStatus }) {
  const { t } = useLingui();
  const titleId = useId();
  const { database, source } = status;
  const rate = database.successRate;
  const pending = database.pendingWriteBacks;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={titleId}>{t({ id: "sync.database.title", message: "Database status" })}</CardTitle>
          {status.importCompleted ? (
            <Badge variant="success">
              {t({ id: "sync.database.imported", message: "Import completed" })}
            </Badge>
          ) : (
            <Badge variant="secondary">
              {t({ id: "sync.database.not-imported", message: "Not imported yet" })}
            </Badge>
          )}
        </div>
        {status.message ? <CardDescription>{status.message}</CardDescription> : null}
      </CardHeader>
      <CardContent className="space-y-6">
        <dl
          aria-label={t({ id: "sync.database.totals", message: "Totals" })}
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5"
        >
          <Figure
            label={t({ id: "sync.database.total-users", message: "Total users" })}
            value={formatCount(database.totalUsers)}
          />
          <Figure
            label={t({ id: "sync.database.linked", message: "Linked to the base" })}
            value={formatCount(database.usersWithUid)}
            hint={t({ id: "sync.database.linked-rate", message: `${rate}% of users` })}
          />
          <Figure
            label={t({ id: "sync.database.linkedin-accounts", message: "LinkedIn accounts" })}
            value={formatCount(database.linkedinAccounts)}
          />
          <Figure
            label={t({ id: "sync.database.optimizations", message: "Profile optimizations" })}
            value={formatCount(database.profileOptimizations)}
          />
          <Figure
            label={t({ id: "sync.database.transactions", message: "Transactions" })}
            value={formatCount(database.transactions)}
          />
        </dl>
        <dl aria-label={t({ id: "sync.database.details", message: "Sync details" })} className="divide-y">
          <Detail label={t({ id: "sync.database.source", message: "Source" })}>
            {describeSource(source)}
          </Detail>
          <Detail label={t({ id: "sync.database.imported", message: "Import completed" })}>
            {status.importCompleted
              ? t({ id: "sync.database.yes", message: "Yes" })
              : t({ id: "sync.database.no", message: "No" })}
          </Detail>
          <Detail label={t({ id: "sync.database.next-run", message: "Next scheduled run" })}>
            {status.nextScheduledRunAt === null ? (
              t({ id: "sync.database.schedule-off", message: "Schedule off" })
            ) : (
              <time dateTime={status.nextScheduledRunAt}>{formatDateTime(status.nextScheduledRunAt)}</time>
            )}
          </Detail>
          {status.scheduleIntervalMinutes > 0 ? (
            <Detail label={t({ id: "sync.database.interval", message: "Interval" })}>
              {formatInterval(status.scheduleIntervalMinutes)}
            </Detail>
          ) : null}
          <Detail label={t({ id: "sync.database.write-backs", message: "Pending write-backs" })}>
            {pending === 0
              ? t({
                  id: "sync.database.write-backs.none",
                  message: "None: every settings change has reached the base",
                })
              : t({
                  id: "sync.database.write-backs.waiting",
                  message: plural(pending, {
                    one: "# settings change waiting to be written back to the base",
                    other: "# settings changes waiting to be written back to the base",
                  }),
                })}
          </Detail>
          {database.lastWriteBackError ? (
            <Detail label={t({ id: "sync.database.write-back-error", message: "Last write-back error" })}>
              <span className="text-destructive dark:text-red-300">{database.lastWriteBackError}</span>
            </Detail>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}
