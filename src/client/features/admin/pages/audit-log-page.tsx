import { Download, ScrollText } from "lucide-react";
import { type ReactNode, useMemo } from "react";
import { EmptyState, NoMatches } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { failureText } from "../../../lib/api-error";
import { formatCount } from "../../../lib/format";
import { toast } from "../../../lib/use-toast";
import { useUrlFilters } from "../../../lib/use-url-filters";
import { useAuditLog, useDownloadAuditCsv } from "../api/audit-log";
import { AuditEntries } from "../components/audit-entries";
import {
  AUDIT_URL_FILTERS,
  type AuditFilters,
  auditQueryOf,
  isAuditFiltered,
} from "../components/audit-filters";
import { AuditFiltersBar } from "../components/audit-filters-bar";

const TITLE = "Audit Log";
const DESCRIPTION =
  "Sign-ins, security changes, secrets shown and every admin action: who, to whom, when and from where. Entries cannot be changed or deleted.";

function ExportCsvButton({ filters }: { filters: AuditFilters }) {
  const download = useDownloadAuditCsv({
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Export failed",
        description: failureText(error, "The audit log could not be exported"),
      }),
  });
  return (
    <Button
      type="button"
      variant="outline"
      disabled={download.isPending}
      onClick={() => download.mutate(auditQueryOf(filters))}
    >
      <Download aria-hidden="true" />
      {download.isPending ? "Exporting…" : "Export CSV"}
    </Button>
  );
}

function Loading() {
  return (
    <div role="status" aria-label="Loading the audit log" className="space-y-3">
      <span className="sr-only">Loading the audit log</span>
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} className="h-14 w-full" />
      ))}
    </div>
  );
}

export function AuditLogPage() {
  const { filters, setFilters, clearFilters } = useUrlFilters(AUDIT_URL_FILTERS);
  const query = useMemo(() => auditQueryOf(filters), [filters]);
  const log = useAuditLog(query);
  const entries = useMemo(() => log.data?.pages.flatMap((page) => page.events) ?? [], [log.data]);
  const filtered = isAuditFiltered(filters);

  let body: ReactNode;
  if (log.isPending) body = <Loading />;
  else if (log.isError && entries.length === 0)
    body = (
      <ErrorState
        title="The audit log could not be loaded"
        error={log.error}
        retrying={log.isFetching}
        onRetry={() => void log.refetch()}
      />
    );
  else if (entries.length === 0)
    body = filtered ? (
      <NoMatches title="No entries match these filters" onClear={clearFilters} />
    ) : (
      <EmptyState icon={<ScrollText aria-hidden="true" />} title="No entries yet">
        Sign-ins, security changes and admin actions appear here as they happen.
      </EmptyState>
    );
  else
    body = (
      <div className="space-y-4">
        <p role="status" className="text-sm text-muted-foreground">
          {`Showing ${formatCount(entries.length)} ${entries.length === 1 ? "entry" : "entries"}${log.hasNextPage ? ", newest first; more below" : ""}`}
        </p>
        <AuditEntries entries={entries} />
        {log.isFetchNextPageError ? (
          <p role="alert" className="text-sm text-destructive">
            {`More entries could not be loaded. ${failureText(log.error)}`}
          </p>
        ) : null}
        {log.hasNextPage ? (
          <Button
            type="button"
            variant="outline"
            disabled={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            {log.isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
        ) : null}
      </div>
    );

  return (
    <div className="space-y-6">
      <PageHeader title={TITLE} description={DESCRIPTION} />
      <AuditFiltersBar filters={filters} onChange={setFilters} onClear={clearFilters}>
        <ExportCsvButton filters={filters} />
      </AuditFiltersBar>
      {body}
    </div>
  );
}
