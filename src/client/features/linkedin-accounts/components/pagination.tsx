import { useLingui } from "@lingui/react/macro";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { formatCount } from "../../../lib/format";

/** "Showing 1–50 of 2,000" with Previous and Next. */
export function Pagination({
  from,
  to,
  total,
  page,
  pageCount,
  onPageChange,
}: {
  from: number;
  to: number;
  total: number;
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useLingui();
  const first = formatCount(from);
  const last = formatCount(to);
  const all = formatCount(total);
  return (
    <nav
      aria-label={t({ id: "accounts.pagination.label", message: "Pagination" })}
      className="flex flex-wrap items-center justify-between gap-3"
    >
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t({ id: "accounts.pagination.showing", message: `Showing ${first}–${last} of ${all}` })}
      </p>
      {pageCount > 1 ? (
        <div className="flex items-center gap-2">
          <span className="text-sm text-muted-foreground">
            {t({ id: "accounts.pagination.page", message: `Page ${page} of ${pageCount}` })}
          </span>
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            <ChevronLeft aria-hidden="true" />
            {t({ id: "accounts.pagination.previous", message: "Previous" })}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            {t({ id: "accounts.pagination.next", message: "Next" })}
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
