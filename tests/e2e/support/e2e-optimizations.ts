/**
 * The profile-optimization requests the browser tests see: one of every status (decision R14) and one
 * the rules do not know, one with long multi-line texts. The e2e server start script writes them
 * straight into the database and also into the sync source folder, so that a full sync run by another
 * test (the admin's Start User Sync) finds them in the "base" and keeps them.
 */
import { appendFileSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Database } from "../../../src/server/platform/db/database";
import { profileOptimizations } from "../../../src/server/platform/db/schema";

export interface E2eOptimization {
  recordId: string;
  formName: string;
  status: string;
  industry: string;
  currentLocation: string;
  companyName: string;
  gender: string;
  ethnicity: string;
  formSubmissionDate: string;
  profilesToOptimize: number;
  aboutSection: string | null;
  experienceDescription: string | null;
  notes: string | null;
}

/** A word longer than a phone is wide: it must wrap, not widen the page. */
const UNBROKEN = `https://example.com/brief/${"x".repeat(120)}`;

export const LONG_ABOUT = [
  "Customer Success Director with 12 years in Hospital & Health Care.",
  "",
  "At Meridian Health Partners I help teams build pipeline, hire well and turn conversations into revenue.",
  `Brief: ${UNBROKEN}`,
].join("\n");

export const LONG_EXPERIENCE = [
  "• Built and ran the recruiting motion at Meridian Health Partners.",
  "• Grew pipeline by 117% in 6 months.",
  "• Led a team of 22.",
].join("\n");

const base = (n: number) => ({
  recordId: `recE2eOptimization${String(n).padStart(2, "0")}`,
  formSubmissionDate: new Date(Date.UTC(2026, 5, 30 - n, 12)).toISOString(),
  profilesToOptimize: n + 1,
  aboutSection: null,
  experienceDescription: null,
  notes: null,
});

export const optimizerRequests: E2eOptimization[] = [
  {
    ...base(0),
    formName: "Sales Team Refresh",
    status: "submitted",
    industry: "Software Development",
    currentLocation: "Austin, Texas, United States",
    companyName: "Northwind Software",
    gender: "Female",
    ethnicity: "Hispanic / Latino",
  },
  {
    ...base(1),
    formName: "Recruiter Profiles",
    status: "pending",
    industry: "Staffing and Recruiting",
    currentLocation: "Toronto, Ontario, Canada",
    companyName: "Maple Talent",
    gender: "Any",
    ethnicity: "Mixed",
  },
  {
    ...base(2),
    formName: "Healthcare Outreach",
    status: "in_review",
    industry: "Hospital & Health Care",
    currentLocation: "Dublin, County Dublin, Ireland",
    companyName: "Meridian Health Partners",
    gender: "Male",
    ethnicity: "Caucasian",
    aboutSection: LONG_ABOUT,
    experienceDescription: LONG_EXPERIENCE,
    notes: "Use the photos in the shared folder.\nNo stock images.",
  },
  {
    ...base(3),
    formName: "Berlin Expansion",
    status: "in_progress",
    industry: "Marketing Services",
    currentLocation: "Berlin, Germany",
    companyName: "Spree Media",
    gender: "Mixed",
    ethnicity: "Any",
  },
  {
    ...base(4),
    formName: "Founder Headlines",
    status: "confirmed",
    industry: "Venture Capital",
    currentLocation: "London, England, United Kingdom",
    companyName: "Thames Ventures",
    gender: "Female",
    ethnicity: "Black / African",
  },
  {
    ...base(5),
    formName: "Q1 Campaign Profiles",
    status: "completed",
    industry: "Financial Services",
    currentLocation: "New York, New York, United States",
    companyName: "Hudson Capital",
    gender: "Male",
    ethnicity: "Asian",
  },
  {
    ...base(6),
    formName: "Paused Fintech Request",
    status: "cancelled",
    industry: "Fintech",
    currentLocation: "Singapore",
    companyName: "Lion City Pay",
    gender: "Any",
    ethnicity: "Asian",
  },
  {
    ...base(7),
    formName: "Agency Partnership",
    status: "on_hold",
    industry: "Advertising Services",
    currentLocation: "Sydney, New South Wales, Australia",
    companyName: "Harbour Creative",
    gender: "Any",
    ethnicity: "Any",
  },
];

const columns: Record<string, (r: E2eOptimization) => string | number | null> = {
  "Form Name": (r) => r.formName,
  Status: (r) => r.status,
  Industry: (r) => r.industry,
  "Current Location": (r) => r.currentLocation,
  "Company Name": (r) => r.companyName,
  Gender: (r) => r.gender,
  Ethnicity: (r) => r.ethnicity,
  "Form Submission Date": (r) => r.formSubmissionDate,
  "Profiles To Optimize": (r) => r.profilesToOptimize,
  "About Section": (r) => r.aboutSection,
  "Experience Description": (r) => r.experienceDescription,
  Notes: (r) => r.notes,
  "Record ID": (r) => r.recordId,
};

/** The requests as the sync would have written them. */
export async function insertOptimizations(db: Database, userId: number, uid: string): Promise<void> {
  await db.insert(profileOptimizations).values(
    optimizerRequests.map(({ recordId, formSubmissionDate, ...r }) => ({
      ...r,
      userId,
      uid,
      airtableRecordId: recordId,
      formSubmissionDate: new Date(formSubmissionDate),
    })),
  );
}

/** RFC 4180, as the demo files are written. */
function csvCell(value: string | number | null): string {
  if (value === null) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The same requests, added to the sync source's Profile Optimizations table. */
export function addOptimizationsToSyncSource(sourceDir: string, uid: string): void {
  const file = path.join(sourceDir, "Profile Optimizations.csv");
  const demo = readFileSync(file, "utf8");
  const header = (demo.split("\n", 1)[0] ?? "").split(",");
  const unknown = ["UID", ...Object.keys(columns)].filter((column) => !header.includes(column));
  if (unknown.length > 0) throw new Error(`the demo optimizations file has no column ${unknown.join(", ")}`);
  const rows = optimizerRequests.map((r) =>
    header.map((column) => (column === "UID" ? uid : csvCell(columns[column]?.(r) ?? null))).join(","),
  );
  appendFileSync(file, `${demo.endsWith("\n") ? "" : "\n"}${rows.join("\n")}\n`);
}
