/**
 * The LinkedIn accounts the browser tests see. The e2e server start script writes them straight into
 * the database (secrets sealed under E2E_SECRETS_KEY) and also into the sync source folder it gives
 * the server, so that a full sync run by another test (the admin's Start User Sync) finds them in the
 * "base" and keeps them, as it would any real customer's accounts.
 */
import { ACCOUNT_TYPES } from "../../../src/shared/linkedin-account-rules";
import { TOTP_SECRET } from "../../support/builders";

/** 32 bytes, base64: the server's SECRETS_KEY in the browser tests. */
export const E2E_SECRETS_KEY = Buffer.from("e2e-secrets-key-0123456789abcdef").toString("base64");

/** The accounts' authenticator key; tests compute its codes too. */
export const E2E_TOTP_SECRET = TOTP_SECRET;

export interface E2eAccount {
  recordId: string;
  accountType: string;
  firstName: string;
  lastName: string;
  linkedinEmail: string;
  password: string | null;
  profileUrl: string | null;
  status: string;
  isPremium: boolean;
  isVerified: boolean;
  isOptimized: boolean;
  connectionsCount: number;
  followers: number | null;
  headline: string | null;
  location: string | null;
  industry: string | null;
  gender: string | null;
  proxyCountry: string | null;
  proxyIp: string | null;
  proxyPort: string | null;
  proxyUsername: string | null;
  proxyPassword: string | null;
  proxyZoneName: string | null;
  twoFaSecret: string | null;
  recoveryCodes: string[];
  twoFaStatus: string | null;
  verificationType: string | null;
  notes: string | null;
  createdAt: string;
}

const BLANK: Omit<
  E2eAccount,
  "recordId" | "accountType" | "firstName" | "lastName" | "linkedinEmail" | "status"
> = {
  password: null,
  profileUrl: null,
  isPremium: false,
  isVerified: false,
  isOptimized: false,
  connectionsCount: 0,
  followers: null,
  headline: null,
  location: null,
  industry: null,
  gender: null,
  proxyCountry: null,
  proxyIp: null,
  proxyPort: null,
  proxyUsername: null,
  proxyPassword: null,
  proxyZoneName: null,
  twoFaSecret: null,
  recoveryCodes: [],
  twoFaStatus: null,
  verificationType: null,
  notes: null,
  createdAt: "2026-01-15T09:30:00.000Z",
};

function account(
  recordId: string,
  fields: Pick<E2eAccount, "accountType" | "firstName" | "lastName" | "status"> & Partial<E2eAccount>,
): E2eAccount {
  const email = `${fields.firstName}.${fields.lastName}`.toLowerCase();
  return {
    ...BLANK,
    recordId,
    linkedinEmail: `${email}@example.com`,
    profileUrl: `https://www.linkedin.com/in/${email.replace(".", "-")}`,
    ...fields,
  };
}

/**
 * The accountsOwner's twelve: every type three times; 4 signed in, 3 not signed in ("Active" counts
 * as not signed in), 3 wrong password, 2 restricted; 5 premium, 3 verified.
 */
export const ownerAccounts: E2eAccount[] = [
  account("recE2eOwner000001", {
    accountType: "lite",
    firstName: "Alice",
    lastName: "Anders",
    status: "Signed In",
    password: "Al1ce-Pass!",
    isPremium: true,
    isVerified: true,
    isOptimized: true,
    connectionsCount: 1250,
    followers: 1430,
    headline: "Head of Growth | B2B SaaS",
    location: "Berlin, Germany",
    industry: "Software",
    gender: "Female",
    proxyCountry: "DE",
    proxyIp: "192.0.2.11",
    proxyPort: "8011",
    proxyUsername: "user-mobile-de-alice",
    proxyPassword: "prx-Alice-0001",
    proxyZoneName: "mobile_de",
    twoFaSecret: E2E_TOTP_SECRET,
    recoveryCodes: ["alpha-1111", "bravo-2222", "charlie-3333"],
    twoFaStatus: "Enabled",
    verificationType: "Email",
    notes: "Prefers morning logins.\nDo not change the headline.",
    createdAt: "2025-11-03T08:00:00.000Z",
  }),
  account("recE2eOwner000002", {
    accountType: "plus",
    firstName: "Bruno",
    lastName: "Brandt",
    status: "Wrong Password",
    password: "Brun0#pw",
    location: "Munich, Germany",
    industry: "Banking",
    connectionsCount: 320,
  }),
  account("recE2eOwner000003", {
    accountType: "exec",
    firstName: "Chloe",
    lastName: "Chen",
    status: "Restricted - Submit ID",
    password: "Chl0e=pw",
    isPremium: true,
    location: "London, United Kingdom",
    industry: "Marketing",
  }),
  account("recE2eOwner000004", {
    accountType: "navigator",
    firstName: "Dmitri",
    lastName: "Dahl",
    status: "Signed In",
    password: "Dm1tri-pw",
    isPremium: true,
    location: "Oslo, Norway",
    industry: "Recruiting",
  }),
  account("recE2eOwner000005", {
    accountType: "lite",
    firstName: "Elena",
    lastName: "Esposito",
    status: "Not Signed In",
    profileUrl: null,
    location: "Rome, Italy",
    industry: "Fashion",
  }),
  account("recE2eOwner000006", {
    accountType: "plus",
    firstName: "Farid",
    lastName: "Fadel",
    status: "Signed In",
    password: "Far1d-pw",
    isVerified: true,
    location: "Dubai, United Arab Emirates",
    industry: "Real Estate",
  }),
  account("recE2eOwner000007", {
    accountType: "exec",
    firstName: "Greta",
    lastName: "Gruber",
    status: "Wrong Password",
    password: "Gr3ta-pw",
    isPremium: true,
    location: "Vienna, Austria",
    industry: "Hospitality",
  }),
  account("recE2eOwner000008", {
    accountType: "navigator",
    firstName: "Hugo",
    lastName: "Hansen",
    status: "Restricted",
    password: "Hug0-pw",
    location: "Copenhagen, Denmark",
    industry: "Logistics",
  }),
  account("recE2eOwner000009", {
    accountType: "lite",
    firstName: "Ines",
    lastName: "Ibarra",
    status: "Active",
    password: "In3s-pw",
    location: "Madrid, Spain",
    industry: "Education",
  }),
  account("recE2eOwner000010", {
    accountType: "plus",
    firstName: "Jonas",
    lastName: "Jensen",
    status: "Not Signed In",
    password: "J0nas-pw",
    location: "Aarhus, Denmark",
    industry: "Retail",
  }),
  account("recE2eOwner000011", {
    accountType: "exec",
    firstName: "Keiko",
    lastName: "Kato",
    status: "Signed In",
    password: "Ke1ko-pw",
    isPremium: true,
    isVerified: true,
    location: "Tokyo, Japan",
    industry: "Automotive",
  }),
  account("recE2eOwner000012", {
    accountType: "navigator",
    firstName: "Liam",
    lastName: "Lopez",
    status: "Wrong Password",
    password: "L1am-pw",
    // As long as the longest addresses in real bases, to show that the table wraps it only at its @.
    linkedinEmail: "liam.lopez.valentina83@example-agency.com",
    location: "Lisbon, Portugal",
    industry: "Telecommunications",
  }),
];

const MANY_STATUSES = ["Signed In", "Not Signed In", "Wrong Password", "Restricted", "Signed In"];
const MANY_FIRST_NAMES = ["Mia", "Noah", "Olga", "Pavel", "Quinn", "Rosa", "Sami", "Tara"];
const MANY_LOCATIONS = ["Paris, France", "Austin, United States", "Toronto, Canada", "Sydney, Australia"];

/**
 * The manyAccounts customer's 2,000 (500 of each type; 800 signed in, 400 of each other status).
 * The list is newest first, so Member0001 is made the newest and the table reads in number order.
 */
export const MANY_ACCOUNTS = 2000;
const MANY_NEWEST = Date.parse("2026-02-01T12:00:00.000Z");
export const manyAccounts: E2eAccount[] = Array.from({ length: MANY_ACCOUNTS }, (_, i) => {
  const n = String(i + 1).padStart(4, "0");
  return account(`recE2eMany0${n}xx`, {
    accountType: ACCOUNT_TYPES[i % 4] ?? "lite",
    firstName: MANY_FIRST_NAMES[i % MANY_FIRST_NAMES.length] ?? "Mia",
    lastName: `Member${n}`,
    linkedinEmail: `many.user${n}@example.com`,
    status: MANY_STATUSES[i % MANY_STATUSES.length] ?? "Signed In",
    password: i % 10 === 0 ? `Many-${n}-pw` : null,
    location: MANY_LOCATIONS[i % MANY_LOCATIONS.length] ?? null,
    industry: "Staffing",
    createdAt: new Date(MANY_NEWEST - i * 60_000).toISOString(),
  });
});

/** The revealer's accounts: the dashboard test reveals a password and finds it in Recent Activity. */
export const revealerAccounts: E2eAccount[] = [
  account("recE2eReveal00001", {
    accountType: "exec",
    firstName: "Rita",
    lastName: "Reveal",
    status: "Signed In",
    password: "R1ta-pw",
  }),
  account("recE2eReveal00002", {
    accountType: "navigator",
    firstName: "Ravi",
    lastName: "Reveal",
    status: "Restricted",
  }),
];

/** The prover's one account: its password is shown only after a fresh proof. */
export const proverAccounts: E2eAccount[] = [
  account("recE2eProver00001", {
    accountType: "plus",
    firstName: "Paula",
    lastName: "Proof",
    status: "Signed In",
    password: "Paula-pw-9",
  }),
];

/** The syncer's accounts exist only in the source: Sync Accounts brings them in. */
/** The one account of the customer who registered first, only in the sync source until they are linked. */
export const registeredFirstSourceAccounts: E2eAccount[] = [
  account("recE2eRegisteredFirst01", {
    accountType: "lite",
    firstName: "Linus",
    lastName: "Linked",
    status: "Signed In",
    password: "Linus-pw",
  }),
];

export const syncerSourceAccounts: E2eAccount[] = ["Sora", "Sven", "Siri"].map((firstName, i) =>
  account(`recE2eSyncer0000${i + 1}`, {
    accountType: ACCOUNT_TYPES[i] ?? "lite",
    firstName,
    lastName: "Syncer",
    status: "Signed In",
    password: `${firstName}-pw`,
  }),
);

/**
 * A requester's three accounts (replacement-requests.spec.ts): one with a wrong password to report and
 * see replaced by the third, one restricted to report and withdraw. `tag` keeps the desktop's and the
 * phone's apart (their names and record ids).
 */
export function requesterAccounts(tag: "Desk" | "Phone"): E2eAccount[] {
  return [
    account(`recE2eRequester${tag}1`, {
      accountType: "plus",
      firstName: "Wendy",
      lastName: `Wrong${tag}`,
      status: "Wrong Password",
      password: "Wendy-pw-1",
    }),
    account(`recE2eRequester${tag}2`, {
      accountType: "exec",
      firstName: "Rex",
      lastName: `Restricted${tag}`,
      status: "Restricted - Submit ID",
      password: "Rex-pw-2",
    }),
    account(`recE2eRequester${tag}3`, {
      accountType: "plus",
      firstName: "Nora",
      lastName: `New${tag}`,
      status: "Signed In",
      password: "Nora-pw-3",
    }),
  ];
}
