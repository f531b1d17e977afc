import { ChevronDown, Search, SlidersHorizontal } from "lucide-react";
import { useId, useState } from "react";
import { OPTIMIZATION_STATUSES, optimizationStatusLabel } from "../../../../shared/optimization-status";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { cn } from "../../../lib/utils";
import type { OptimizationFilters, StatusFilter } from "./optimization-filters";

const selectClass =
  "h-9 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:w-64 md:text-sm dark:bg-input/30";

/**
 * The search, and the Filters button that shows and hides the status filter. The panel starts open
 * when a status is already chosen (a reload, a shared link), so a filter in effect is never hidden.
 */
export function OptimizationToolbar({
  filters,
  onChange,
  onClear,
}: {
  filters: OptimizationFilters;
  onChange: (patch: Partial<OptimizationFilters>) => void;
  onClear: () => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(filters.status !== "all");
  const active = filters.status === "all" ? 0 : 1;

  return (
    <search aria-label="Search and filter optimization requests" className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1 space-y-2">
          <Label htmlFor={`${id}-q`}>Search</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={`${id}-q`}
              type="search"
              value={filters.q}
              onChange={(event) => onChange({ q: event.target.value })}
              placeholder="Form name, industry or location"
              className="pl-9"
              autoComplete="off"
            />
          </div>
        </div>
        <Button
          variant="outline"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((value) => !value)}
          className="self-start sm:self-auto"
        >
          <SlidersHorizontal aria-hidden="true" />
          Filters
          {active > 0 ? (
            <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
              {active}
              <span className="sr-only"> in effect</span>
            </span>
          ) : null}
          <ChevronDown
            aria-hidden="true"
            className={cn("transition-transform motion-reduce:transition-none", open && "rotate-180")}
          />
        </Button>
      </div>
      <div
        id={`${id}-panel`}
        hidden={!open}
        className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-end"
      >
        <div className="space-y-2">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <select
            id={`${id}-status`}
            className={selectClass}
            value={filters.status}
            onChange={(event) => onChange({ status: event.target.value as StatusFilter })}
          >
            <option value="all">All Statuses</option>
            {OPTIMIZATION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {optimizationStatusLabel(status)}
              </option>
            ))}
          </select>
        </div>
        <Button variant="ghost" onClick={onClear} disabled={filters.status === "all" && filters.q === ""}>
          Clear filters
        </Button>
      </div>
    </search>
  );
}
