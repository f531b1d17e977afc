import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Download, ScrollText } from "lucide-react";
import { type ReactNode, useMemo } from "react";
import { EmptyState, NoMatches } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { LoadMoreFooter } from "../../../components/load-more-footer";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { failureText } from "../../../lib/api-error";
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

function ExportCsvButton({ filters }: { filters: AuditFilters }) {
  const { t } = useLingui();
  const download = useDownloadAuditCsv({
    onError: (error) =>
      toast({
        variant: "destructive",
        title: t({ id: "admin.audit.export-failed", message: "Export failed" }),
        description: failureText(
          error,
          t({ id: "admin.audit.export-failed-text", message: "The audit log could not be exported" }),
        ),
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
      {download.isPending
        ? t({ id: "admin.audit.exporting", message: "Exporting…" })
        : t({ id: "admin.audit.export", message: "Export CSV" })}
    </Button>
  );
}

function Loading() {
  const { t } = useLingui();
  const loading = t({ id: "admin.audit.loading", message: "Loading the audit log" });
  return (
    <div role="status" aria-label={loading} className="space-y-3">
      <span className="sr-only">{loading}</span>
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} className="h-14 w-full" />
      ))}
    </div>
  );
}

export function AuditLogPage() {
  const { t } = useLingui();
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
        title={t({ id: "admin.audit.load-failed", message: "The audit log could not be loaded" })}
        error={log.error}
        retrying={log.isFetching}
        onRetry={() => void log.refetch()}
      />
    );
  else if (entries.length === 0)
    body = filtered ? (
      <NoMatches
        title={t({ id: "admin.audit.no-matches", message: "No entries match these filters" })}
        onClear={clearFilters}
      />
    ) : (
      <EmptyState
        icon={<ScrollText aria-hidden="true" />}
        title={t({ id: "admin.audit.empty", message: "No entries yet" })}
      >
        {t({
          id: "admin.audit.empty-text",
          message: "Sign-ins, security changes and admin actions appear here as they happen.",
        })}
      </EmptyState>
    );
  else {
    const count = entries.length;
    body = (
      <div className="space-y-4">
        <p role="status" className="text-sm text-muted-foreground">
          {log.hasNextPage
            ? t({
                id: "admin.audit.showing-more",
                message: plural(count, {
                  one: "Showing # entry, newest first; more below",
                  other: "Showing # entries, newest first; more below",
                }),
              })
            : t({
                id: "admin.audit.showing",
                message: plural(count, { one: "Showing # entry", other: "Showing # entries" }),
              })}
        </p>
        <AuditEntries entries={entries} />
        <LoadMoreFooter
          hasMore={log.hasNextPage}
          loading={log.isFetchingNextPage}
          failed={log.isFetchNextPageError}
          error={log.error}
          onLoadMore={() => void log.fetchNextPage()}
          labels={{
            button: t({ id: "admin.audit.load-more", message: "Load more" }),
            loading: t({ id: "admin.audit.loading-more", message: "Loading more entries" }),
            failed: t({ id: "admin.audit.more-failed", message: "More entries could not be loaded" }),
          }}
        />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title={t({ id: "admin.audit.title", message: "Audit Log" })}
        description={t({
          id: "admin.audit.description",
          message:
            "Sign-ins, security changes, secrets shown and every admin action: who, to whom, when and from where. Entries cannot be changed, and leave only when they are older than the retention period.",
        })}
      />
      <AuditFiltersBar filters={filters} onChange={setFilters} onClear={clearFilters}>
        <ExportCsvButton filters={filters} />
      </AuditFiltersBar>
      {body}
    </div>
  );
}
