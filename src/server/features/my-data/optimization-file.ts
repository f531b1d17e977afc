/** The customer's profile-optimization requests, every field the operator's form sent. */
import { and, asc, eq, gt } from "drizzle-orm";
import type { OptimizationRequestFileRow } from "../../../shared/api/my-data-files";
import { profileOptimizations as requests } from "../../platform/db/schema";
import type { ExportContext } from "./export-context";
import { iso, isoOrNull, jsonList, keysetPages, mapPages } from "./zip-stream";

function requestPages({ db, me }: ExportContext): AsyncIterable<OptimizationRequestFileRow[]> {
  const pages = keysetPages((afterId, limit) =>
    db
      .select()
      .from(requests)
      .where(and(eq(requests.userId, me.id), gt(requests.id, afterId)))
      .orderBy(asc(requests.id))
      .limit(limit),
  );
  return mapPages(pages, (page) =>
    page.map((row) => ({
      id: row.id,
      operatorRecordId: row.airtableRecordId,
      status: row.status,
      formName: row.formName,
      formSubmissionDate: isoOrNull(row.formSubmissionDate),
      profilesToOptimize: row.profilesToOptimize,
      optimizationType: row.optimizationType,
      companyName: row.companyName,
      industry: row.industry,
      seniorityLevel: row.seniorityLevel,
      companySize: row.companySize,
      gender: row.gender,
      ethnicity: row.ethnicity,
      ageRange: row.ageRange,
      currentLocation: row.currentLocation,
      targetLocation: row.targetLocation,
      accountLocations: row.accountLocations,
      headline: row.headline,
      aboutSection: row.aboutSection,
      jobTitles: row.jobTitles,
      experienceJobTitle: row.experienceJobTitle,
      experienceDescription: row.experienceDescription,
      education: row.education,
      skills: row.skills,
      otherCriteria: row.otherCriteria,
      profileUrl: row.profileUrl,
      linkedinBanner: row.linkedinBanner,
      linkedinProfilePicture: row.linkedinProfilePicture,
      linkedinPfp: row.linkedinPfp,
      linkedinCompanyPage: row.linkedinCompanyPage,
      optimizationFiles: row.optimizationFiles,
      notes: row.notes,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      lastSyncedAt: iso(row.lastSyncedAt),
    })),
  );
}

export const optimizationRequestsFile = (ctx: ExportContext) => jsonList(requestPages(ctx));
