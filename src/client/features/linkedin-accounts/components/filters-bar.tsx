import { Search } from "lucide-react";
import { useId } from "react";
import {
  ACCOUNT_STATUS_LABELS,
  ACCOUNT_STATUSES,
  ACCOUNT_TYPE_LABELS,
  ACCOUNT_TYPES,
} from "../../../../shared/linkedin-account-rules";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import type { AccountFilters, StatusFilter, TypeFilter } from "./account-filters";

const selectClass =
  "h-9 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm dark:bg-input/30";

/** Search, Status and Type, kept in the URL by the page. Native selects: every platform makes them usable. */
export function FiltersBar({
  filters,
  onChange,
}: {
  filters: AccountFilters;
  onChange: (patch: Partial<Omit<AccountFilters, "page">>) => void;
}) {
  const id = useId();
  return (
    <search aria-label="Filter accounts" className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem] sm:items-end">
      <div className="space-y-2">
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
            placeholder="Email, name, location or industry"
            className="pl-9"
            autoComplete="off"
          />
        </div>
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <select
          id={`${id}-status`}
          className={selectClass}
          value={filters.status}
          onChange={(event) => onChange({ status: event.target.value as StatusFilter })}
        >
          <option value="all">All Statuses</option>
          {ACCOUNT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ACCOUNT_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-type`}>Type</Label>
        <select
          id={`${id}-type`}
          className={selectClass}
          value={filters.type}
          onChange={(event) => onChange({ type: event.target.value as TypeFilter })}
        >
          <option value="all">All Types</option>
          {ACCOUNT_TYPES.map((type) => (
            <option key={type} value={type}>
              {ACCOUNT_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
    </search>
  );
}
