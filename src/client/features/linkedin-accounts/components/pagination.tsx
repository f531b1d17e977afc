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
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {`Showing ${formatCount(from)}–${formatCount(to)} of ${formatCount(total)}`}
      </p>
      {pageCount > 1 ? (
        <div className="flex items-center gap-2">
          <span className="text-sm text-muted-foreground">{`Page ${page} of ${pageCount}`}</span>
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
