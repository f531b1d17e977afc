import type { ProfileOptimization } from "../../../../shared/api/profile-optimizations";
import { Field, LongText, Section, text } from "../../../components/detail-layout";
import { ExternalLink } from "../../../components/external-link";

function link(url: string | null) {
  return url ? <ExternalLink href={url} /> : text(null);
}

/** What expanding a request adds to its card: the spec's four sections. */
export function RequestDetails({ request }: { request: ProfileOptimization }) {
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
