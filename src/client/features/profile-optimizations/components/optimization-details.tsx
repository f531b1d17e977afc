import { useLingui } from "@lingui/react/macro";
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
  const { t } = useLingui();
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Section title={t({ id: "optimizations.section.basic-information", message: "Basic Information" })}>
        <dl className="divide-y">
          <Field label={t({ id: "optimizations.field.form-name", message: "Form name" })}>
            {text(request.formName)}
          </Field>
          <Field label={t({ id: "optimizations.field.company", message: "Company" })}>
            {text(request.companyName)}
          </Field>
          <Field label={t({ id: "optimizations.field.industry", message: "Industry" })}>
            {text(request.industry)}
          </Field>
          <Field
            label={t({ id: "optimizations.field.profiles-to-optimize", message: "Profiles to optimize" })}
          >
            {text(request.profilesToOptimize)}
          </Field>
          <Field label={t({ id: "optimizations.field.seniority-level", message: "Seniority level" })}>
            {text(request.seniorityLevel)}
          </Field>
          <Field label={t({ id: "optimizations.field.company-size", message: "Company size" })}>
            {text(request.companySize)}
          </Field>
          <Field label={t({ id: "optimizations.field.submitted", message: "Submitted" })}>
            {request.formSubmissionDate ? (
              <time dateTime={request.formSubmissionDate}>{formatDate(request.formSubmissionDate)}</time>
            ) : (
              text(null)
            )}
          </Field>
        </dl>
      </Section>

      <Section title={t({ id: "optimizations.section.demographics", message: "Demographics" })}>
        <dl className="divide-y">
          <Field label={t({ id: "optimizations.field.gender", message: "Gender" })}>
            {text(request.gender)}
          </Field>
          <Field label={t({ id: "optimizations.field.ethnicity", message: "Ethnicity" })}>
            {text(request.ethnicity)}
          </Field>
          <Field label={t({ id: "optimizations.field.age-range", message: "Age range" })}>
            {text(request.ageRange)}
          </Field>
          <Field label={t({ id: "optimizations.field.current-location", message: "Current location" })}>
            {text(request.currentLocation)}
          </Field>
          <Field label={t({ id: "optimizations.field.target-location", message: "Target location" })}>
            {text(request.targetLocation)}
          </Field>
          <Field label={t({ id: "optimizations.field.account-locations", message: "Account locations" })}>
            {text(request.accountLocations)}
          </Field>
        </dl>
      </Section>

      <Section title={t({ id: "optimizations.section.profile-content", message: "Profile Content" })}>
        <dl className="divide-y">
          <Field label={t({ id: "optimizations.field.headline", message: "Headline" })}>
            {text(request.headline)}
          </Field>
          <Field label={t({ id: "optimizations.field.about", message: "About" })}>
            <LongText value={request.aboutSection} />
          </Field>
          <Field label={t({ id: "optimizations.field.job-titles", message: "Job titles" })}>
            {text(request.jobTitles)}
          </Field>
          <Field
            label={t({ id: "optimizations.field.experience-job-title", message: "Experience job title" })}
          >
            {text(request.experienceJobTitle)}
          </Field>
          <Field label={t({ id: "optimizations.field.experience", message: "Experience" })}>
            <LongText value={request.experienceDescription} />
          </Field>
          <Field label={t({ id: "optimizations.field.education", message: "Education" })}>
            {text(request.education)}
          </Field>
          <Field label={t({ id: "optimizations.field.skills", message: "Skills" })}>
            {text(request.skills)}
          </Field>
        </dl>
      </Section>

      <Section title={t({ id: "optimizations.section.profile-urls-media", message: "Profile URLs & Media" })}>
        <dl className="divide-y">
          <Field label={t({ id: "optimizations.field.profile-url", message: "Profile URL" })}>
            {link(request.profileUrl)}
          </Field>
          <Field label={t({ id: "optimizations.field.banner", message: "Banner" })}>
            {link(request.linkedinBanner)}
          </Field>
          <Field label={t({ id: "optimizations.field.profile-picture", message: "Profile picture" })}>
            {link(request.linkedinProfilePicture)}
          </Field>
        </dl>
      </Section>

      <Section title={t({ id: "optimizations.section.status", message: "Status" })}>
        <dl className="divide-y">
          <Field label={t({ id: "optimizations.field.status", message: "Status" })}>
            <OptimizationStatusBadge status={request.status} />
          </Field>
          <Field label={t({ id: "optimizations.field.last-synced", message: "Last synced" })}>
            <time dateTime={request.lastSyncedAt}>{formatDateTime(request.lastSyncedAt)}</time>
          </Field>
        </dl>
      </Section>

      <Section title={t({ id: "optimizations.section.notes", message: "Notes" })}>
        {request.notes ? (
          <LongText value={request.notes} className="text-sm" />
        ) : (
          <p className="text-sm text-muted-foreground">
            {t({ id: "optimizations.details.no-notes", message: "No notes." })}
          </p>
        )}
      </Section>
    </div>
  );
}

/** /profile-optimization: what the card does not show already, in four sections. */
function CriteriaDetails({ request }: { request: ProfileOptimization }) {
  const { t } = useLingui();
  const criteria = request.optimizationCriteria;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Section
        title={t({ id: "optimizations.section.professional-details", message: "Professional Details" })}
      >
        <dl className="divide-y">
          <Field label={t({ id: "optimizations.field.industry", message: "Industry" })}>
            {text(request.industry)}
          </Field>
          <Field label={t({ id: "optimizations.field.seniority-level", message: "Seniority level" })}>
            {text(request.seniorityLevel)}
          </Field>
          <Field label={t({ id: "optimizations.field.company-size", message: "Company size" })}>
            {text(request.companySize)}
          </Field>
          <Field label={t({ id: "optimizations.field.age-range", message: "Age range" })}>
            {text(request.ageRange)}
          </Field>
          <Field label={t({ id: "optimizations.field.job-titles", message: "Job titles" })}>
            {text(request.jobTitles)}
          </Field>
          <Field label={t({ id: "optimizations.field.headline", message: "Headline" })}>
            {text(request.headline)}
          </Field>
          <Field label={t({ id: "optimizations.field.about", message: "About" })}>
            <LongText value={request.aboutSection} />
          </Field>
        </dl>
      </Section>

      <Section title={t({ id: "optimizations.section.experience", message: "Experience" })}>
        <dl className="divide-y">
          <Field label={t({ id: "optimizations.field.job-title", message: "Job title" })}>
            {text(request.experienceJobTitle)}
          </Field>
          <Field label={t({ id: "optimizations.field.description", message: "Description" })}>
            <LongText value={request.experienceDescription} />
          </Field>
        </dl>
      </Section>

      <Section title={t({ id: "optimizations.section.education-skills", message: "Education & Skills" })}>
        <dl className="divide-y">
          <Field label={t({ id: "optimizations.field.education", message: "Education" })}>
            {text(request.education)}
          </Field>
          <Field label={t({ id: "optimizations.field.skills", message: "Skills" })}>
            {text(request.skills)}
          </Field>
        </dl>
      </Section>

      <Section title={t({ id: "optimizations.section.additional-criteria", message: "Additional Criteria" })}>
        <dl className="divide-y">
          <Field label={t({ id: "optimizations.field.optimization-type", message: "Optimization type" })}>
            {text(criteria.optimizationType)}
          </Field>
          <Field label={t({ id: "optimizations.field.profile-pictures", message: "Profile pictures" })}>
            {text(criteria.linkedinPfp)}
          </Field>
          <Field label={t({ id: "optimizations.field.company-page", message: "Company page" })}>
            {link(criteria.linkedinCompanyPage)}
          </Field>
          <Field label={t({ id: "optimizations.field.files", message: "Files" })}>
            {link(criteria.optimizationFiles)}
          </Field>
          <Field label={t({ id: "optimizations.field.other-criteria", message: "Other criteria" })}>
            <LongText value={criteria.otherCriteria} />
          </Field>
          <Field label={t({ id: "optimizations.field.banner", message: "Banner" })}>
            {link(request.linkedinBanner)}
          </Field>
          <Field label={t({ id: "optimizations.field.profile-picture", message: "Profile picture" })}>
            {link(request.linkedinProfilePicture)}
          </Field>
          <Field label={t({ id: "optimizations.field.notes", message: "Notes" })}>
            <LongText value={request.notes} />
          </Field>
        </dl>
      </Section>
    </div>
  );
}
