import { Search } from "lucide-react";
import { type ReactNode, type Ref, useId } from "react";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import type { TransactionFilters } from "./transaction-format";

// The export's query accepts a search this long; the page's search stops at the same length.
const SEARCH_MAX_LENGTH = 200;

const selectClass =
  "h-9 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm dark:bg-input/30";

/** Search by product and filter by event type, kept in the URL by the page; `children` sit at the end (Export CSV). */
export function TransactionFiltersBar({
  filters,
  eventTypes,
  onChange,
  searchRef,
  children,
}: {
  filters: TransactionFilters;
  eventTypes: readonly string[];
  onChange: (patch: Partial<TransactionFilters>) => void;
  /** The search box, for the page to put focus back on after clearing. */
  searchRef?: Ref<HTMLInputElement>;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
      <search
        aria-label="Filter transactions"
        className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_16rem] sm:items-end"
      >
        <div className="space-y-2">
          <Label htmlFor={`${id}-q`}>Search by product</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              ref={searchRef}
              id={`${id}-q`}
              type="search"
              value={filters.q}
              maxLength={SEARCH_MAX_LENGTH}
              onChange={(event) => onChange({ q: event.target.value })}
              placeholder="e.g. LinkedIn Plus"
              className="pl-9"
              autoComplete="off"
            />
          </div>
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-type`}>Event type</Label>
          <select
            id={`${id}-type`}
            className={selectClass}
            value={filters.eventType}
            onChange={(event) => onChange({ eventType: event.target.value })}
          >
            <option value="">All</option>
            {eventTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
      </search>
      {children}
    </div>
  );
}
