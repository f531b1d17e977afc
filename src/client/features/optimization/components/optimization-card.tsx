import { ChevronDown } from "lucide-react";
import { memo, useId, useState } from "react";
import type { ProfileOptimization } from "../../../../shared/api/profile-optimizations";
import { OptimizationStatusBadge } from "../../../components/optimization-status-badge";
import { Button } from "../../../components/ui/button";
import { formatCount, formatDate } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import { OptimizationDetails } from "./optimization-details";

export function requestTitle(request: ProfileOptimization): string {
  return request.formName?.trim() || "Optimization request";
}

/** The line under a card's title: when, for whom and how many profiles. */
function summary(request: ProfileOptimization): string[] {
  const parts: string[] = [];
  if (request.formSubmissionDate) parts.push(`Submitted ${formatDate(request.formSubmissionDate)}`);
  if (request.companyName) parts.push(request.companyName);
  if (request.profilesToOptimize !== null) {
    const n = request.profilesToOptimize;
    parts.push(`${formatCount(n)} ${n === 1 ? "profile" : "profiles"}`);
  }
  return parts;
}

/** One request as a card with its real status, expanding in place to every detail. */
export const OptimizationCard = memo(function OptimizationCard({
  request,
}: {
  request: ProfileOptimization;
}) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const titleId = useId();
  const title = requestTitle(request);

  return (
    <article aria-labelledby={titleId} className="rounded-xl border bg-card text-card-foreground shadow-sm">
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
        <div className="min-w-0 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="font-semibold [overflow-wrap:anywhere]">
              {title}
            </h2>
            <OptimizationStatusBadge status={request.status} />
          </div>
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            {summary(request).join(" · ") || "No details yet"}
          </p>
          {request.industry || request.currentLocation ? (
            <p className="text-sm [overflow-wrap:anywhere]">
              {[request.industry, request.currentLocation].filter(Boolean).join(" · ")}
            </p>
          ) : null}
        </div>
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          aria-expanded={expanded}
          aria-controls={detailsId}
          onClick={() => setExpanded((value) => !value)}
        >
          <ChevronDown
            aria-hidden="true"
            className={cn("transition-transform motion-reduce:transition-none", expanded && "rotate-180")}
          />
          {expanded ? "Hide details" : "Show details"}
          <span className="sr-only">{` of ${title}`}</span>
        </Button>
      </div>
      <div id={detailsId} hidden={!expanded} className="border-t p-4 sm:p-5">
        {expanded ? <OptimizationDetails request={request} /> : null}
      </div>
    </article>
  );
});
