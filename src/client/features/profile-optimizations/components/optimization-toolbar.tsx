import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { SlidersHorizontal } from "lucide-react";
import { useId, useState } from "react";
import { ExpandButton } from "../../../components/expand-button";
import { NativeSelect } from "../../../components/native-select";
import { SearchBox } from "../../../components/search-box";
import { Button } from "../../../components/ui/button";
import {
  type OptimizationFilters,
  type OptimizationView,
  STATUS_FILTER_OPTIONS,
  type StatusFilter,
} from "./optimization-filters";

const SEARCH_HINT: Record<OptimizationView, MessageDescriptor> = {
  progress: msg({ id: "optimizations.search.progress", message: "Form name, industry or location" }),
  criteria: msg({ id: "optimizations.search.criteria", message: "Form name, gender, ethnicity or company" }),
};

/**
 * The search and, on /optimization, the Filters button that shows and hides the status filter. The
 * panel starts open when a status is already chosen (a reload, a shared link), so a filter in effect
 * is never hidden.
 */
export function OptimizationToolbar({
  view,
  filters,
  onChange,
  onClear,
}: {
  view: OptimizationView;
  filters: OptimizationFilters;
  onChange: (patch: Partial<OptimizationFilters>) => void;
  onClear: () => void;
}) {
  const { i18n, t } = useLingui();
  const panelId = useId();
  const [open, setOpen] = useState(filters.status !== "all");
  const active = filters.status === "all" ? 0 : 1;

  return (
    <search
      aria-label={t({ id: "optimizations.search.label", message: "Search and filter optimization requests" })}
      className="space-y-3"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchBox
          className="flex-1"
          value={filters.q}
          onChange={(q) => onChange({ q })}
          placeholder={i18n._(SEARCH_HINT[view])}
        />
        {view === "progress" ? (
          <ExpandButton
            size="default"
            expanded={open}
            controls={panelId}
            onToggle={() => setOpen((value) => !value)}
            className="self-start sm:self-auto"
          >
            <SlidersHorizontal aria-hidden="true" />
            {t({ id: "optimizations.filters", message: "Filters" })}
            {active > 0 ? (
              <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
                {active}
                <span className="sr-only">
                  {" "}
                  {t({ id: "optimizations.filters.in-effect", message: "in effect" })}
                </span>
              </span>
            ) : null}
          </ExpandButton>
        ) : null}
      </div>
      {view === "progress" && open ? (
        <div
          id={panelId}
          className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-end"
        >
          <NativeSelect<StatusFilter>
            label={t({ id: "optimizations.filters.status", message: "Status" })}
            className="sm:w-64"
            value={filters.status}
            options={STATUS_FILTER_OPTIONS.map(({ value, label }) => ({ value, label: i18n._(label) }))}
            onChange={(status) => onChange({ status })}
          />
          <Button variant="ghost" onClick={onClear} disabled={filters.status === "all" && filters.q === ""}>
            {t({ id: "optimizations.filters.clear", message: "Clear filters" })}
          </Button>
        </div>
      ) : null}
    </search>
  );
}
