/**
 * The field map: which table of the operator's base feeds which portal table, and which field of
 * that table feeds which column. The built-in map below matches the operator's base; a JSON file
 * named by AIRTABLE_FIELD_MAP replaces it whole (its format is `fieldMapFileSchema`).
 */

import { readFile } from "node:fs/promises";
import { z } from "zod";
import type { CsvColumns } from "../../platform/adapters/records/csv-folder-source";

export const SYNC_TABLES = [
  "users",
  "linkedinAccounts",
  "profileOptimizations",
  "transactions",
  "replacementRequests",
] as const;
export type SyncTable = (typeof SYNC_TABLES)[number];

/** Every column a table's records can feed, and which of them a record must have. */
export const TABLE_COLUMNS = {
  users: {
    required: ["uid", "email", "name"],
    // portalLoginClosed goes the other way: see WRITTEN_ONLY_COLUMNS.
    optional: ["username", "profileImageUrl", "onboardingUrl", "optimizationUrl", "portalLoginClosed"],
  },
  linkedinAccounts: {
    required: ["uid", "accountType"],
    optional: [
      "firstName",
      "lastName",
      "linkedinEmail",
      "linkedinPassword",
      "profileUrl",
      "status",
      "isPremium",
      "isVerified",
      "isOptimized",
      "connectionsCount",
      "followers",
      "headline",
      "location",
      "industry",
      "gender",
      "proxyCountry",
      "proxyIp",
      "proxyPort",
      "proxyUsername",
      "proxyPassword",
      "proxyZoneName",
      "proxyUrl",
      "twoFaCode",
      "twoFaRecoveryCodes",
      "twoFaStatus",
      "verificationType",
      "notes",
      "createdAt",
      "lastModified",
    ],
  },
  profileOptimizations: {
    required: ["uid"],
    optional: [
      "formName",
      "companyName",
      "formSubmissionDate",
      "headline",
      "aboutSection",
      "jobTitles",
      "linkedinBanner",
      "linkedinProfilePicture",
      "linkedinCompanyPage",
      "experienceJobTitle",
      "experienceDescription",
      "notes",
      "profilesToOptimize",
      "optimizationType",
      "profileUrl",
      "gender",
      "ethnicity",
      "ageRange",
      "currentLocation",
      "targetLocation",
      "industry",
      "seniorityLevel",
      "companySize",
      "accountLocations",
      "linkedinPfp",
      "education",
      "skills",
      "optimizationFiles",
      "otherCriteria",
      "status",
      "createdAt",
    ],
  },
  transactions: {
    required: ["uid"],
    optional: [
      "eventId",
      "csLiveId",
      "object",
      "clientRefId",
      "currency",
      "amountActual",
      "product",
      "eventType",
      "email",
      "name",
      "phone",
      "customerEmail",
      "addressCity",
      "addressLine1",
      "addressLine2",
      "addressCountry",
      "addressPostcode",
      "discounts",
      "createdTime",
    ],
  },
  // Replacement requests (decision 040): the portal creates the records; the operator's changes to
  // status, operator note and replacement account come back with the sync.
  replacementRequests: {
    required: ["portalRequestId"],
    optional: [
      "uid",
      "accountRecordId",
      "account",
      "kind",
      "wish",
      "note",
      "status",
      "operatorNote",
      "replacementRecordId",
      "requestedAt",
    ],
  },
} as const satisfies Record<SyncTable, { required: readonly string[]; optional: readonly string[] }>;

/**
 * Columns the portal writes to the base and never reads from it: the day a customer closed their
 * portal login (decision 034). The map names their fields like any other; the sync skips them.
 */
export const WRITTEN_ONLY_COLUMNS: Partial<Record<SyncTable, readonly string[]>> = {
  users: ["portalLoginClosed"],
  // What the customer asked for is the portal's own; only the operator's answer is read back.
  replacementRequests: ["accountRecordId", "account", "kind", "wish", "note", "requestedAt"],
};

export interface TableMap {
  /** The table's name in the operator's base, and the CSV file name (`<table>.csv`) in a folder source. */
  table: string;
  /** Portal column → source field name. */
  fields: Record<string, string>;
}

export interface FieldMap {
  tables: Record<SyncTable, TableMap>;
  /** Columns of a CSV folder that Airtable itself provides: the record id and its last-modified time. */
  csv: CsvColumns;
}

export const BUILT_IN_FIELD_MAP: FieldMap = {
  tables: {
    users: {
      table: "Users",
      fields: {
        uid: "UID",
        email: "Email",
        name: "Name",
        username: "Username",
        profileImageUrl: "Profile Image URL",
        onboardingUrl: "Onboarding URL",
        optimizationUrl: "Optimization URL",
        portalLoginClosed: "Portal login closed",
      },
    },
    linkedinAccounts: {
      table: "LinkedIn Accounts",
      fields: {
        uid: "UID",
        accountType: "Account Type",
        firstName: "First Name",
        lastName: "Last Name",
        linkedinEmail: "LinkedIn Email",
        linkedinPassword: "LinkedIn Password",
        profileUrl: "Profile URL",
        status: "Status",
        isPremium: "Premium",
        isVerified: "Verified",
        isOptimized: "Optimized",
        connectionsCount: "Connections",
        followers: "Followers",
        headline: "Headline",
        location: "Location",
        industry: "Industry",
        gender: "Gender",
        proxyCountry: "Proxy Country",
        proxyIp: "Proxy IP",
        proxyPort: "Proxy Port",
        proxyUsername: "Proxy Username",
        proxyPassword: "Proxy Password",
        proxyZoneName: "Proxy Zone Name",
        proxyUrl: "Proxy URL",
        twoFaCode: "2FA Secret",
        twoFaRecoveryCodes: "2FA Recovery Codes",
        twoFaStatus: "2FA Status",
        verificationType: "Verification Type",
        notes: "Notes",
        createdAt: "Created",
        lastModified: "Last Modified",
      },
    },
    profileOptimizations: {
      table: "Profile Optimizations",
      fields: {
        uid: "UID",
        formName: "Form Name",
        companyName: "Company Name",
        formSubmissionDate: "Form Submission Date",
        headline: "Headline",
        aboutSection: "About Section",
        jobTitles: "Job Titles",
        linkedinBanner: "LinkedIn Banner",
        linkedinProfilePicture: "LinkedIn Profile Picture",
        linkedinCompanyPage: "LinkedIn Company Page",
        experienceJobTitle: "Experience Job Title",
        experienceDescription: "Experience Description",
        notes: "Notes",
        profilesToOptimize: "Profiles To Optimize",
        optimizationType: "Optimization Type",
        profileUrl: "Profile URL",
        gender: "Gender",
        ethnicity: "Ethnicity",
        ageRange: "Age Range",
        currentLocation: "Current Location",
        targetLocation: "Target Location",
        industry: "Industry",
        seniorityLevel: "Seniority Level",
        companySize: "Company Size",
        accountLocations: "Account Locations",
        linkedinPfp: "LinkedIn PFP",
        education: "Education",
        skills: "Skills",
        optimizationFiles: "Optimization Files",
        otherCriteria: "Other Criteria",
        status: "Status",
        createdAt: "Created",
      },
    },
    transactions: {
      table: "Transactions",
      fields: {
        uid: "UID",
        eventId: "Event ID",
        csLiveId: "CS Live ID",
        object: "Object",
        clientRefId: "Client Reference ID",
        currency: "Currency",
        amountActual: "Amount",
        product: "Product",
        eventType: "Event Type",
        email: "Email",
        name: "Name",
        phone: "Phone",
        customerEmail: "Customer Email",
        addressCity: "Address City",
        addressLine1: "Address Line 1",
        addressLine2: "Address Line 2",
        addressCountry: "Address Country",
        addressPostcode: "Address Postcode",
        discounts: "Discounts",
        createdTime: "Created Time",
      },
    },
    replacementRequests: {
      table: "Replacement Requests",
      fields: {
        portalRequestId: "Portal Request ID",
        uid: "UID",
        accountRecordId: "Account Record ID",
        account: "Account",
        kind: "Kind",
        wish: "Wish",
        note: "Note",
        status: "Status",
        operatorNote: "Operator Note",
        replacementRecordId: "Replacement Account Record ID",
        requestedAt: "Requested At",
      },
    },
  },
  csv: { recordIdColumn: "Record ID", lastModifiedColumn: "Last Modified" },
};

const tableMapSchema = z.strictObject({
  table: z.string().trim().min(1, "must name the table"),
  fields: z.record(z.string(), z.string().trim().min(1, "must name a field")),
});

/**
 * The JSON format of an AIRTABLE_FIELD_MAP file; `csv` may be left out, and so may the
 * replacement requests' table (maps written before it existed keep working with its defaults).
 */
export const fieldMapFileSchema = z.strictObject({
  tables: z.strictObject({
    users: tableMapSchema,
    linkedinAccounts: tableMapSchema,
    profileOptimizations: tableMapSchema,
    transactions: tableMapSchema,
    replacementRequests: tableMapSchema.default(BUILT_IN_FIELD_MAP.tables.replacementRequests),
  }),
  csv: z
    .strictObject({ recordIdColumn: z.string().trim().min(1), lastModifiedColumn: z.string().trim().min(1) })
    .default(BUILT_IN_FIELD_MAP.csv),
});

export class FieldMapError extends Error {
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super(`The field map ${source} is not valid:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "FieldMapError";
  }
}

/**
 * Checks a parsed map: every table names its required columns, and no column is one the portal does
 * not know (a typo there would otherwise silently drop a field).
 */
export function parseFieldMap(input: unknown, source = "given"): FieldMap {
  const parsed = fieldMapFileSchema.safeParse(input);
  if (!parsed.success) {
    throw new FieldMapError(
      source,
      parsed.error.issues.map((issue) => `${issue.path.join(".") || "map"}: ${issue.message}`),
    );
  }
  const problems: string[] = [];
  for (const table of SYNC_TABLES) {
    const { fields } = parsed.data.tables[table];
    const known: readonly string[] = [...TABLE_COLUMNS[table].required, ...TABLE_COLUMNS[table].optional];
    for (const column of Object.keys(fields)) {
      if (!known.includes(column)) problems.push(`tables.${table}.fields.${column}: is not a portal column`);
    }
    for (const column of TABLE_COLUMNS[table].required) {
      if (!fields[column]) problems.push(`tables.${table}.fields.${column}: is required`);
    }
  }
  if (problems.length > 0) throw new FieldMapError(source, problems);
  return parsed.data;
}

/** The built-in map, or the file AIRTABLE_FIELD_MAP names. */
export async function loadFieldMap(path: string | undefined): Promise<FieldMap> {
  if (!path) return BUILT_IN_FIELD_MAP;
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (err) {
    throw new FieldMapError(path, [`cannot be read (${(err as NodeJS.ErrnoException).code ?? "error"})`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FieldMapError(path, ["is not valid JSON"]);
  }
  return parseFieldMap(json, path);
}
