import { z } from "zod";

/**
 * What the customer asked for beyond the profile itself, put together from the request's criteria
 * fields in the operator's base. Each is null when the request left it empty.
 */
export const optimizationCriteriaSchema = z.object({
  /** Which parts of the profiles to work on ("Full Profile", "Headline & About"...). */
  optimizationType: z.string().nullable(),
  /** What the profile pictures should look like. */
  linkedinPfp: z.string().nullable(),
  linkedinCompanyPage: z.string().nullable(),
  /** A link to the files the customer sent with the request. */
  optimizationFiles: z.string().nullable(),
  otherCriteria: z.string().nullable(),
});
export type OptimizationCriteria = z.infer<typeof optimizationCriteriaSchema>;

/**
 * One profile-optimization request as `GET /api/profile-optimizations` and
 * `GET /api/profile-optimizations/{uid}` list it: the fields the spec shows (section 3). Times are ISO
 * 8601 in UTC; `status` is the base's own text (see optimization-status.ts for how it is read).
 */
export const profileOptimizationSchema = z.object({
  id: z.number().int(),
  formName: z.string().nullable(),
  profilesToOptimize: z.number().int().nullable(),
  formSubmissionDate: z.string().nullable(),
  lastSyncedAt: z.string(),
  companyName: z.string().nullable(),
  industry: z.string().nullable(),
  currentLocation: z.string().nullable(),
  targetLocation: z.string().nullable(),
  accountLocations: z.string().nullable(),
  seniorityLevel: z.string().nullable(),
  companySize: z.string().nullable(),
  gender: z.string().nullable(),
  ethnicity: z.string().nullable(),
  ageRange: z.string().nullable(),
  headline: z.string().nullable(),
  aboutSection: z.string().nullable(),
  jobTitles: z.string().nullable(),
  experienceJobTitle: z.string().nullable(),
  experienceDescription: z.string().nullable(),
  education: z.string().nullable(),
  skills: z.string().nullable(),
  optimizationCriteria: optimizationCriteriaSchema,
  profileUrl: z.string().nullable(),
  linkedinBanner: z.string().nullable(),
  linkedinProfilePicture: z.string().nullable(),
  status: z.string(),
  notes: z.string().nullable(),
});
export type ProfileOptimization = z.infer<typeof profileOptimizationSchema>;

/** Both endpoints answer a plain list, newest submission first. */
export const profileOptimizationListSchema = z.array(profileOptimizationSchema);
