import { ChevronDown } from "lucide-react";
import { memo, useId, useState } from "react";
import type { ProfileOptimization } from "../../../../shared/api/profile-optimizations";
import { Field, text } from "../../../components/detail-layout";
import { ExternalLink } from "../../../components/external-link";
import { OptimizationStatusBadge } from "../../../components/optimization-status-badge";
import { Button } from "../../../components/ui/button";
import { formatDate } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import { RequestDetails } from "./request-details";

/** Where the profiles should be: the request's current, target and account locations, without repeats. */
function locations(request: ProfileOptimization): string | null {
  const all = [request.currentLocation, request.targetLocation, request.accountLocations]
    .flatMap((value) => (value ? value.split(";") : []))
    .map((place) => place.trim())
    .filter(Boolean);
  const unique = [...new Set(all)];
  return unique.length > 0 ? unique.join("; ") : null;
}

/** One request: the spec's card fields, expanding in place to the rest. */
export const RequestCard = memo(function RequestCard({ request }: { request: ProfileOptimization }) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const titleId = useId();
  const title = request.formName?.trim() || "Optimization request";

  return (
    <article aria-labelledby={titleId} className="rounded-xl border bg-card text-card-foreground shadow-sm">
      <div className="space-y-3 p-4 sm:p-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <h2 id={titleId} className="font-semibold [overflow-wrap:anywhere]">
              {title}
            </h2>
            <OptimizationStatusBadge status={request.status} />
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
            {expanded ? "Show less" : "Show more"}
            <span className="sr-only">{` about ${title}`}</span>
          </Button>
        </div>
        <dl className="grid gap-x-6 md:grid-cols-2">
          <Field label="Number of profiles">{text(request.profilesToOptimize)}</Field>
          <Field label="Submitted">
            {request.formSubmissionDate ? (
              <time dateTime={request.formSubmissionDate}>{formatDate(request.formSubmissionDate)}</time>
            ) : (
              text(null)
            )}
          </Field>
          <Field label="Gender">{text(request.gender)}</Field>
          <Field label="Ethnicity">{text(request.ethnicity)}</Field>
          <Field label="Locations">{text(locations(request))}</Field>
          <Field label="Company">{text(request.companyName)}</Field>
          <Field label="Profile link">
            {request.profileUrl ? <ExternalLink href={request.profileUrl} /> : text(null)}
          </Field>
        </dl>
      </div>
      <div id={detailsId} hidden={!expanded} className="border-t p-4 sm:p-5">
        {expanded ? <RequestDetails request={request} /> : null}
      </div>
    </article>
  );
});
