/** The read of a customer's profile-optimization requests, as the contract lists them. */
import { eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { OptimizationCriteria, ProfileOptimization } from "../../../shared/api/profile-optimizations";
import type { Database } from "../../platform/db/database";
import { preparedPerDatabase } from "../../platform/db/prepared";
import { profileOptimizations as requests } from "../../platform/db/schema";

type ValueOf<C extends AnyPgColumn> = C["_"]["notNull"] extends true ? C["_"]["data"] : C["_"]["data"] | null;
/** A column as a typed SQL value, so the field map below is checked against the contract's types. */
const value = <C extends AnyPgColumn>(column: C) => sql<ValueOf<C>>`${column}`;
/** The same text as Date.prototype.toISOString, which every other answer uses. */
const isoTime = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const criteriaFields = {
  optimizationType: value(requests.optimizationType),
  linkedinPfp: value(requests.linkedinPfp),
  linkedinCompanyPage: value(requests.linkedinCompanyPage),
  optimizationFiles: value(requests.optimizationFiles),
  otherCriteria: value(requests.otherCriteria),
} satisfies { [K in keyof OptimizationCriteria]: SQL<OptimizationCriteria[K]> };

/** One JSON object of named SQL values, in the order given. */
function jsonObject(fields: Record<string, SQL>) {
  return sql.join(
    Object.entries(fields).map(([key, field]) => sql`${field} as ${sql.identifier(key)}`),
    sql`, `,
  );
}

/**
 * Every field of the contract's request and where it comes from; the compiler checks that the keys
 * are exactly the contract's and the types agree. Columns the spec does not show (the owner's uid,
 * the record id, the timestamps of the sync's own bookkeeping) are never read.
 */
const listFields = {
  id: value(requests.id),
  formName: value(requests.formName),
  profilesToOptimize: value(requests.profilesToOptimize),
  formSubmissionDate: sql<
    string | null
  >`case when ${requests.formSubmissionDate} is null then null else ${isoTime(requests.formSubmissionDate)} end`,
  lastSyncedAt: isoTime(requests.lastSyncedAt),
  companyName: value(requests.companyName),
  industry: value(requests.industry),
  currentLocation: value(requests.currentLocation),
  targetLocation: value(requests.targetLocation),
  accountLocations: value(requests.accountLocations),
  seniorityLevel: value(requests.seniorityLevel),
  companySize: value(requests.companySize),
  gender: value(requests.gender),
  ethnicity: value(requests.ethnicity),
  ageRange: value(requests.ageRange),
  headline: value(requests.headline),
  aboutSection: value(requests.aboutSection),
  jobTitles: value(requests.jobTitles),
  experienceJobTitle: value(requests.experienceJobTitle),
  experienceDescription: value(requests.experienceDescription),
  education: value(requests.education),
  skills: value(requests.skills),
  optimizationCriteria: sql<OptimizationCriteria>`(select criteria from (select ${jsonObject(criteriaFields)}) as criteria)`,
  profileUrl: value(requests.profileUrl),
  linkedinBanner: value(requests.linkedinBanner),
  linkedinProfilePicture: value(requests.linkedinProfilePicture),
  status: value(requests.status),
  notes: value(requests.notes),
} satisfies { [K in keyof ProfileOptimization]: SQL<ProfileOptimization[K]> };

/**
 * A customer's requests, newest submission first (those without a date last), as the JSON text of the
 * list endpoints' body (profileOptimizationListSchema). The database writes the JSON: a thousand
 * requests with their long texts are one value to read instead of thirty thousand.
 */
export async function optimizationListJson(db: Database, ownerId: number): Promise<string> {
  const [row] = await optimizationListQuery(db).execute({ ownerId });
  return row?.body ?? "[]";
}

/** Built once per database, planned once per connection (see prepared.ts). */
const optimizationListQuery = preparedPerDatabase((db) =>
  db
    .select({
      body: sql<string>`coalesce(json_agg(
        (select request from (select ${jsonObject(listFields)}) as request)
        order by ${requests.formSubmissionDate} desc nulls last, ${requests.createdAt} desc, ${requests.id} desc
      ), '[]')::text`,
    })
    .from(requests)
    .where(eq(requests.userId, sql.placeholder("ownerId")))
    .prepare("optimization_list_json"),
);
