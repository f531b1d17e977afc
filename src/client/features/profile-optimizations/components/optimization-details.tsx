import type { ProfileOptimization } from "../../../../shared/api/profile-optimizations";
import { Field, LongText, Section, text } from "../../../components/detail-layout";
import { ExternalLink } from "../../../components/external-link";
import { OptimizationStatusBadge } from "../../../components/optimization-status-badge";
import { formatDate, formatDateTime } from "../../../lib/format";
import type { OptimizationView } from "./optimization-filters";

function link(url: string | null) {
  return url ? <ExternalLink href={url} /> : text(null);
}

/** What an expanded card shows: its screen's sections, in the spec's order. */
export function OptimizationDetails({
  request,
  view,
}: {
  request: ProfileOptimization;
  view: OptimizationView;
}) {
  return view === "progress" ? <ProgressDetails request={request} /> : <CriteriaDetails request={request} />;
}

/** /optimization: Basic Information, Demographics, Profile Content, Profile URLs & Media, Status, Notes. */
function ProgressDetails({ request }: { request: ProfileOptimization }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Section title="Basic Information">
        <dl className="divide-y">
          <Field label="Form name">{text(request.formName)}</Field>
          <Field label="Company">{text(request.companyName)}</Field>
          <Field label="Industry">{text(request.industry)}</Field>
          <Field label="Profiles to optimize">{text(request.profilesToOptimize)}</Field>
          <Field label="Seniority level">{text(request.seniorityLevel)}</Field>
          <Field label="Company size">{text(request.companySize)}</Field>
          <Field label="Submitted">
            {request.formSubmissionDate ? (
              <time dateTime={request.formSubmissionDate}>{formatDate(request.formSubmissionDate)}</time>
            ) : (
              text(null)
            )}
          </Field>
        </dl>
      </Section>

      <Section title="Demographics">
        <dl className="divide-y">
          <Field label="Gender">{text(request.gender)}</Field>
          <Field label="Ethnicity">{text(request.ethnicity)}</Field>
          <Field label="Age range">{text(request.ageRange)}</Field>
          <Field label="Current location">{text(request.currentLocation)}</Field>
          <Field label="Target location">{text(request.targetLocation)}</Field>
          <Field label="Account locations">{text(request.accountLocations)}</Field>
        </dl>
      </Section>

      <Section title="Profile Content">
        <dl className="divide-y">
          <Field label="Headline">{text(request.headline)}</Field>
          <Field label="About">
            <LongText value={request.aboutSection} />
          </Field>
          <Field label="Job titles">{text(request.jobTitles)}</Field>
          <Field label="Experience job title">{text(request.experienceJobTitle)}</Field>
          <Field label="Experience">
            <LongText value={request.experienceDescription} />
          </Field>
          <Field label="Education">{text(request.education)}</Field>
          <Field label="Skills">{text(request.skills)}</Field>
        </dl>
      </Section>

      <Section title="Profile URLs & Media">
        <dl className="divide-y">
          <Field label="Profile URL">{link(request.profileUrl)}</Field>
          <Field label="Banner">{link(request.linkedinBanner)}</Field>
          <Field label="Profile picture">{link(request.linkedinProfilePicture)}</Field>
        </dl>
      </Section>

      <Section title="Status">
        <dl className="divide-y">
          <Field label="Status">
            <OptimizationStatusBadge status={request.status} />
          </Field>
          <Field label="Last synced">
            <time dateTime={request.lastSyncedAt}>{formatDateTime(request.lastSyncedAt)}</time>
          </Field>
        </dl>
      </Section>

      <Section title="Notes">
        {request.notes ? (
          <LongText value={request.notes} className="text-sm" />
        ) : (
          <p className="text-sm text-muted-foreground">No notes.</p>
        )}
      </Section>
    </div>
  );
}

/** /profile-optimization: what the card does not show already, in four sections. */
function CriteriaDetails({ request }: { request: ProfileOptimization }) {
  const criteria = request.optimizationCriteria;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Section title="Professional Details">
        <dl className="divide-y">
          <Field label="Industry">{text(request.industry)}</Field>
          <Field label="Seniority level">{text(request.seniorityLevel)}</Field>
          <Field label="Company size">{text(request.companySize)}</Field>
          <Field label="Age range">{text(request.ageRange)}</Field>
          <Field label="Job titles">{text(request.jobTitles)}</Field>
          <Field label="Headline">{text(request.headline)}</Field>
          <Field label="About">
            <LongText value={request.aboutSection} />
          </Field>
        </dl>
      </Section>

      <Section title="Experience">
        <dl className="divide-y">
          <Field label="Job title">{text(request.experienceJobTitle)}</Field>
          <Field label="Description">
            <LongText value={request.experienceDescription} />
          </Field>
        </dl>
      </Section>

      <Section title="Education & Skills">
        <dl className="divide-y">
          <Field label="Education">{text(request.education)}</Field>
          <Field label="Skills">{text(request.skills)}</Field>
        </dl>
      </Section>

      <Section title="Additional Criteria">
        <dl className="divide-y">
          <Field label="Optimization type">{text(criteria.optimizationType)}</Field>
          <Field label="Profile pictures">{text(criteria.linkedinPfp)}</Field>
          <Field label="Company page">{link(criteria.linkedinCompanyPage)}</Field>
          <Field label="Files">{link(criteria.optimizationFiles)}</Field>
          <Field label="Other criteria">
            <LongText value={criteria.otherCriteria} />
          </Field>
          <Field label="Banner">{link(request.linkedinBanner)}</Field>
          <Field label="Profile picture">{link(request.linkedinProfilePicture)}</Field>
          <Field label="Notes">
            <LongText value={request.notes} />
          </Field>
        </dl>
      </Section>
    </div>
  );
}
