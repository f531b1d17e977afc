import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { memo, useId, useState } from "react";
import type { ProfileOptimization } from "../../../../shared/api/profile-optimizations";
import { Field, text } from "../../../components/detail-layout";
import { ExpandButton } from "../../../components/expand-button";
import { ExternalLink } from "../../../components/external-link";
import { OptimizationStatusBadge } from "../../../components/optimization-status-badge";
import { formatDate } from "../../../lib/format";
import { i18n } from "../../../lib/i18n/i18n";
import { OptimizationDetails } from "./optimization-details";
import type { OptimizationView } from "./optimization-filters";

/** The line under a card's title on /optimization: when, for whom and how many profiles. */
function summary(request: ProfileOptimization): string[] {
  const parts: string[] = [];
  if (request.formSubmissionDate) {
    const date = formatDate(request.formSubmissionDate);
    parts.push(i18n._(msg({ id: "optimizations.card.submitted", message: `Submitted ${date}` })));
  }
  if (request.companyName) parts.push(request.companyName);
  if (request.profilesToOptimize !== null) {
    const profiles = request.profilesToOptimize;
    parts.push(
      i18n._(
        msg({
          id: "optimizations.card.profiles",
          message: plural(profiles, { one: "# profile", other: "# profiles" }),
        }),
      ),
    );
  }
  return parts;
}

/** Where the profiles should be: the request's current, target and account locations, without repeats. */
function locations(request: ProfileOptimization): string | null {
  const all = [request.currentLocation, request.targetLocation, request.accountLocations]
    .flatMap((value) => (value ? value.split(";") : []))
    .map((place) => place.trim())
    .filter(Boolean);
  const unique = [...new Set(all)];
  return unique.length > 0 ? unique.join("; ") : null;
}

function ProgressSummary({ request }: { request: ProfileOptimization }) {
  const { t } = useLingui();
  return (
    <>
      <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
        {summary(request).join(" · ") ||
          t({ id: "optimizations.card.no-details", message: "No details yet" })}
      </p>
      {request.industry || request.currentLocation ? (
        <p className="text-sm [overflow-wrap:anywhere]">
          {[request.industry, request.currentLocation].filter(Boolean).join(" · ")}
        </p>
      ) : null}
    </>
  );
}

/** The spec's card fields on /profile-optimization. */
function CriteriaSummary({ request }: { request: ProfileOptimization }) {
  const { t } = useLingui();
  return (
    <dl className="grid gap-x-6 md:grid-cols-2">
      <Field label={t({ id: "optimizations.field.number-of-profiles", message: "Number of profiles" })}>
        {text(request.profilesToOptimize)}
      </Field>
      <Field label={t({ id: "optimizations.field.submitted", message: "Submitted" })}>
        {request.formSubmissionDate ? (
          <time dateTime={request.formSubmissionDate}>{formatDate(request.formSubmissionDate)}</time>
        ) : (
          text(null)
        )}
      </Field>
      <Field label={t({ id: "optimizations.field.gender", message: "Gender" })}>{text(request.gender)}</Field>
      <Field label={t({ id: "optimizations.field.ethnicity", message: "Ethnicity" })}>
        {text(request.ethnicity)}
      </Field>
      <Field label={t({ id: "optimizations.field.locations", message: "Locations" })}>
        {text(locations(request))}
      </Field>
      <Field label={t({ id: "optimizations.field.company", message: "Company" })}>
        {text(request.companyName)}
      </Field>
      <Field label={t({ id: "optimizations.field.profile-link", message: "Profile link" })}>
        {request.profileUrl ? <ExternalLink href={request.profileUrl} /> : text(null)}
      </Field>
    </dl>
  );
}

/** One request as a card with its real status, expanding in place to the rest of its screen's view. */
export const OptimizationCard = memo(function OptimizationCard({
  request,
  view,
}: {
  request: ProfileOptimization;
  view: OptimizationView;
}) {
  const { t } = useLingui();
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const titleId = useId();
  const title =
    request.formName?.trim() || t({ id: "optimizations.card.untitled", message: "Optimization request" });

  return (
    <article aria-labelledby={titleId} className="rounded-xl border bg-card text-card-foreground shadow-sm">
      <div className="space-y-3 p-4 sm:p-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={titleId} className="font-semibold [overflow-wrap:anywhere]">
                {title}
              </h2>
              <OptimizationStatusBadge status={request.status} />
            </div>
            {view === "progress" ? <ProgressSummary request={request} /> : null}
          </div>
          <ExpandButton
            className="self-start"
            expanded={expanded}
            controls={detailsId}
            onToggle={() => setExpanded((value) => !value)}
          >
            {expanded ? (
              <Trans id="optimizations.card.hide-details">
                Hide details<span className="sr-only"> of {title}</span>
              </Trans>
            ) : (
              <Trans id="optimizations.card.show-details">
                Show details<span className="sr-only"> of {title}</span>
              </Trans>
            )}
          </ExpandButton>
        </div>
        {view === "criteria" ? <CriteriaSummary request={request} /> : null}
      </div>
      {expanded ? (
        <div id={detailsId} className="border-t p-4 sm:p-5">
          <OptimizationDetails request={request} view={view} />
        </div>
      ) : null}
    </article>
  );
});
