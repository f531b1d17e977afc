/**
 * Generates the demo CSV folder `demo-data/`: one file per table of the operator's base, named
 * `<Airtable table name>.csv`, with the Airtable field names of the built-in field map as its header
 * plus the "Record ID" and "Last Modified" columns Airtable's export adds. An empty embedded database
 * is filled from this folder on the first `npm start`.
 *
 * Run it with `npx tsx scripts/build/generate-demo-data.ts`. The output is deterministic (a seeded PRNG and a
 * fixed base date), so re-running it rewrites byte-identical files; change the code, not the CSV files.
 *
 * The files are RFC 4180 CSV with `\n` (LF) line endings, including after the last row: values are
 * separated by commas and a value is quoted when it contains a comma, a double quote, CR or LF, with
 * any double quote inside doubled. Values are written the way Airtable's CSV export writes them:
 * checkboxes as `checked` or empty, numbers plain, dates and times as ISO 8601 UTC, no value as an
 * empty cell, multi-line text with `\n` inside a quoted cell.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  BUILT_IN_FIELD_MAP,
  SYNC_TABLES,
  type SyncTable,
  type TABLE_COLUMNS,
} from "../../src/server/features/sync/field-map";

const SEED = 0x5eed_2026;
const BASE_TIME = Date.parse("2026-11-01T09:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;

/** The demo customer: the README documents their sign-in, the tests check this row. */
const DEMO_CUSTOMER = {
  recordId: "recDemoCustomer01",
  uid: "5f0c7a2e-3b8d-4c1e-9a6f-2d7e8b9c0a11",
  email: "demo@example.com",
  name: "Dana Demo",
  username: "dana",
  onboardingUrl: "https://example.com/onboarding",
  optimizationUrl: "https://example.com/optimization-request",
};

const USER_COUNT = 70;
/** Other users who own accounts; the rest of the other users own none. */
const ACCOUNT_OWNER_COUNT = 60;

/** The portal columns a table's records can feed (the keys of its field map). */
type Column<T extends SyncTable> =
  | (typeof TABLE_COLUMNS)[T]["required"][number]
  | (typeof TABLE_COLUMNS)[T]["optional"][number];

interface Row<T extends SyncTable> {
  recordId: string;
  lastModified: string;
  values: Partial<Record<Column<T>, string>>;
}

// ---------------------------------------------------------------------------------------------------
// CSV

/** Quotes a value when RFC 4180 requires it: it contains a comma, a double quote, CR or LF. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The header of a table's file: every field of the map in map order, then the two export columns. */
function csvHeader(table: SyncTable): string[] {
  const { csv, tables } = BUILT_IN_FIELD_MAP;
  // A map may name one of the export columns itself ("Last Modified" in LinkedIn Accounts): once only.
  return [...new Set([...Object.values(tables[table].fields), csv.recordIdColumn, csv.lastModifiedColumn])];
}

function toCsv<T extends SyncTable>(table: SyncTable, rows: Row<T>[]): string {
  const { csv, tables } = BUILT_IN_FIELD_MAP;
  const header = csvHeader(table);
  const lines = [header.map(csvField).join(",")];
  for (const row of rows) {
    const cells = new Map<string, string>();
    for (const [column, field] of Object.entries(tables[table].fields)) {
      cells.set(field, row.values[column as Column<T>] ?? "");
    }
    cells.set(csv.recordIdColumn, row.recordId);
    cells.set(csv.lastModifiedColumn, row.lastModified);
    lines.push(header.map((field) => csvField(cells.get(field) ?? "")).join(","));
  }
  return `${lines.join("\n")}\n`;
}

// ---------------------------------------------------------------------------------------------------
// Randomness

/** mulberry32: a small, fast 32-bit PRNG; good enough for demo data and fully reproducible. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const LOWER_ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const HEX = "0123456789abcdef";

class Random {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }
  /** Picks by weight: `[[value, weight], ...]`. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, weight] of items) {
      r -= weight;
      if (r < 0) return value;
    }
    const last = items[items.length - 1];
    if (!last) throw new Error("weighted pick from an empty list");
    return last[0];
  }
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
  chars(alphabet: string, length: number): string {
    let s = "";
    for (let i = 0; i < length; i++) s += alphabet[Math.floor(this.next() * alphabet.length)];
    return s;
  }
  /** A version 4 UUID string. */
  uuid(): string {
    const h = this.chars(HEX, 32).split("");
    h[12] = "4";
    h[16] = HEX[8 + (HEX.indexOf(h[16] ?? "0") & 3)] ?? "8";
    const s = h.join("");
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
}

// ---------------------------------------------------------------------------------------------------
// Value pools

// biome-ignore format: a compact list
const FIRST_NAMES = [
  "James", "Maria", "Wei", "Aisha", "Lucas", "Priya", "Mateo", "Olivia", "Kenji", "Fatima", "Noah",
  "Sofia", "Ethan", "Amara", "Liam", "Chloé", "Hiroshi", "Isabella", "Omar", "Emma", "Raj", "Zoë",
  "Daniel", "Mei", "Samuel", "Leila", "Gabriel", "Hannah", "Carlos", "Nadia", "Benjamin", "Yuki", "Elijah",
  "Ava", "Tomasz", "Ingrid", "Diego", "Grace", "Kwame", "Anika", "Marcus", "Elena", "Arjun", "Freya",
  "José", "Lena", "Tariq", "Camille", "Ryan", "Sakura", "Patrick", "Ngozi", "Henrik", "Rosa", "André",
  "Mia", "Victor", "Leah", "Felix", "Nora", "Jürgen", "Renée", "Chidi", "Astrid", "Mohammed", "Julia",
  "Ivan", "Siobhan", "Rafael", "Ayesha", "Connor", "Valentina", "Dmitri", "Keisha", "Lars",
] as const;

// biome-ignore format: a compact list
const LAST_NAMES = [
  "Smith", "García", "Chen", "Khan", "Müller", "Patel", "Rossi", "Johnson", "Tanaka", "Okafor", "Nguyen",
  "Kowalski", "Silva", "O'Brien", "Andersson", "Dubois", "Kim", "Hernández", "Novak", "Ahmed", "Williams",
  "Schmidt", "Costa", "Mensah", "Ivanova", "Murphy", "Lopez", "Sato", "Brown", "Fischer", "Haddad",
  "Jensen", "Moreau", "Park", "Ramírez", "Singh", "Taylor", "van der Berg", "Walsh", "Yamamoto", "Zhang",
  "Bianchi", "Clarke", "Delgado", "Eriksen", "Fernandes", "Gallagher", "Hughes", "Iyer", "Jovanović",
  "Kaur", "Lindqvist", "Mahmoud", "Nakamura", "Osei", "Petrov", "Quinn", "Reyes", "Sokolov", "Thompson",
  "Usman", "Varga", "Wright", "Xu", "Young", "Zieliński", "Martin-Lewis", "McAllister", "Adeyemi",
  "Bergström",
] as const;

const EMAIL_DOMAINS = [
  ["example.com", 6],
  ["example.org", 2],
  ["example.net", 2],
] as const;

/** Usernames the demo seed or the README use, which no other demo user may take. */
const RESERVED_USERNAMES = ["dana", "avery", "admin", "demo"];

const PLACES = [
  { location: "Austin, Texas, United States", city: "Austin", country: "US", postcode: "78701" },
  { location: "New York, New York, United States", city: "New York", country: "US", postcode: "10001" },
  { location: "San Francisco Bay Area", city: "San Francisco", country: "US", postcode: "94105" },
  { location: "Chicago, Illinois, United States", city: "Chicago", country: "US", postcode: "60601" },
  { location: "Miami, Florida, United States", city: "Miami", country: "US", postcode: "33131" },
  { location: "Seattle, Washington, United States", city: "Seattle", country: "US", postcode: "98101" },
  { location: "Denver, Colorado, United States", city: "Denver", country: "US", postcode: "80202" },
  { location: "London, England, United Kingdom", city: "London", country: "GB", postcode: "EC1A 1BB" },
  { location: "Manchester, England, United Kingdom", city: "Manchester", country: "GB", postcode: "M1 1AE" },
  { location: "Toronto, Ontario, Canada", city: "Toronto", country: "CA", postcode: "M5V 2T6" },
  { location: "Vancouver, British Columbia, Canada", city: "Vancouver", country: "CA", postcode: "V6B 1A1" },
  { location: "Berlin, Germany", city: "Berlin", country: "DE", postcode: "10115" },
  { location: "Munich, Bavaria, Germany", city: "Munich", country: "DE", postcode: "80331" },
  {
    location: "Amsterdam, North Holland, Netherlands",
    city: "Amsterdam",
    country: "NL",
    postcode: "1012 JS",
  },
  { location: "Sydney, New South Wales, Australia", city: "Sydney", country: "AU", postcode: "2000" },
  { location: "Dublin, County Dublin, Ireland", city: "Dublin", country: "IE", postcode: "D02 X285" },
  { location: "Paris, Île-de-France, France", city: "Paris", country: "FR", postcode: "75002" },
  { location: "Singapore", city: "Singapore", country: "SG", postcode: "018956" },
] as const;
type Place = (typeof PLACES)[number];

// biome-ignore format: a compact list
const STREETS = [
  "Market Street", "Oak Avenue", "High Street", "King Street", "Maple Drive", "Harbour Road",
  "Station Road", "Elm Street", "Park Lane", "Riverside Way", "Mill Lane", "Cedar Court",
] as const;

// biome-ignore format: a compact list
const INDUSTRIES = [
  "Software Development", "Financial Services", "Marketing Services", "Staffing and Recruiting",
  "IT Services and IT Consulting", "Real Estate", "Hospital & Health Care", "Management Consulting",
  "Computer and Network Security", "E-Learning", "Venture Capital and Private Equity", "Retail",
  "Advertising Services", "Telecommunications",
] as const;

const HEADLINES = [
  "Account Executive at a B2B SaaS company",
  "Head of Growth | Demand Generation, Paid Social, SEO",
  "Senior Recruiter — Tech, Product & Design",
  "Founder & CEO | Helping agencies scale outbound",
  "Sales Development Representative",
  "VP of Sales, EMEA",
  "Marketing Manager | B2B, ABM, Lifecycle",
  "Business Development Manager at a fintech start-up",
  "Talent Acquisition Partner",
  "Enterprise Account Manager | Cybersecurity",
  "Real Estate Investor, Advisor & Speaker",
  "Product Marketing Lead",
  "Partnerships Manager | Channel & Alliances",
  "Customer Success Director",
  "Independent Consultant — Revenue Operations",
  "Chief Revenue Officer",
  'Executive Recruiter for "hard to fill" engineering roles',
  "Growth Marketer | Email, Outbound, Content",
] as const;

// biome-ignore format: a compact list
const JOB_TITLES = [
  "Account Executive", "Head of Growth", "Senior Recruiter", "Founder", "Sales Development Representative",
  "VP of Sales", "Marketing Manager", "Business Development Manager", "Talent Acquisition Partner",
  "Customer Success Director", "Chief Revenue Officer", "Partnerships Manager", "Growth Marketer",
] as const;

// biome-ignore format: a compact list
const COMPANY_NAMES = [
  "Northwind Traders", "Contoso Ltd", "Fabrikam, Inc.", "Bluebird Analytics", "Summit Talent Partners",
  "Brightline Media", "Harbor & Pine Consulting", "Kestrel Security", "Lumen Learning Co.",
  "Orchard Ventures", "Tidewater Realty", "Quantum Leap Staffing", "Redwood Revenue Group",
  "Meridian Health Partners", "Atlas Outbound",
] as const;

const ACCOUNT_NOTES = [
  "Customer asked for a new profile photo.",
  "Password reset on request.\nNew password shared in the portal only.",
  "Restricted after a burst of connection requests; ID submitted, waiting for LinkedIn.",
  "Always sign in through the proxy; never from a new location.",
  'Customer says "please keep the current banner".',
  "Warm-up in progress: max 20 connection requests a day for the first two weeks.",
  "Swapped the proxy to a US residential IP.\nOld proxy retired.",
  "Replacement for an account that was banned.",
  "Phone verification done with the operator's number.",
  "Sales Navigator trial ends next month, then billed monthly.",
] as const;

const GENDERS = ["Male", "Female"] as const;
const VERIFICATION_TYPES = [
  ["Email", 5],
  ["Phone", 3],
  ["ID", 2],
] as const;

const ACCOUNT_TYPES_WEIGHTED = [
  ["lite", 30],
  ["plus", 25],
  ["exec", 15],
  ["navigator", 20],
  ["Sales Navigator", 4],
  ["Lite", 3],
  ["Plus", 2],
] as const;

const ACCOUNT_STATUSES_WEIGHTED = [
  ["Signed In", 50],
  ["Not Signed In", 18],
  ["Wrong Password", 10],
  ["Restricted - Submit ID", 10],
  ["Active", 8],
] as const;

const OPTIMIZATION_STATUSES_WEIGHTED = [
  ["submitted", 3],
  ["in_review", 3],
  ["confirmed", 5],
  ["on_hold", 1],
] as const;

const PRODUCTS = {
  "LinkedIn Lite": 98,
  "LinkedIn Plus": 134,
  "LinkedIn Exec": 198,
  "Sales Navigator": 40,
  "LinkedIn Automation": 44,
} as const;
type Product = keyof typeof PRODUCTS;

const EVENT_OBJECTS = {
  "checkout.session.completed": "checkout.session",
  "payment.succeeded": "payment_intent",
  "payment.failed": "payment_intent",
  "refund.created": "refund",
  "invoice.paid": "invoice",
} as const;
type EventType = keyof typeof EVENT_OBJECTS;

// ---------------------------------------------------------------------------------------------------
// The generator

interface User {
  uid: string;
  email: string;
  name: string;
  createdMs: number;
}

/**
 * The tables the demo folder ships: the replacement requests' file is the portal's own to write, in
 * a folder of its own (decision 040), never this one.
 */
type DemoTable = Exclude<SyncTable, "replacementRequests">;
const DEMO_TABLES = SYNC_TABLES.filter((table): table is DemoTable => table !== "replacementRequests");

interface DemoTables {
  users: Row<"users">[];
  linkedinAccounts: Row<"linkedinAccounts">[];
  profileOptimizations: Row<"profileOptimizations">[];
  transactions: Row<"transactions">[];
}

/** Builds every demo file; keys are the file names (`Users.csv`, ...), values the CSV text. */
export function generateDemoData(): Record<string, string> {
  const rows = buildDemoTables();
  const files: Record<string, string> = {};
  for (const table of DEMO_TABLES) files[fileName(table)] = toCsv(table, rows[table]);
  return files;
}

function fileName(table: SyncTable): string {
  return `${BUILT_IN_FIELD_MAP.tables[table].table}.csv`;
}

/** Builds the records of every table, starting from the same seed each time. */
function buildDemoTables(): DemoTables {
  const rnd = new Random(SEED);
  const recordIds = new Set<string>([DEMO_CUSTOMER.recordId]);
  const emails = new Set<string>([DEMO_CUSTOMER.email, "admin@example.com"]);
  const usernames = new Set<string>(RESERVED_USERNAMES);
  const slugs = new Set<string>();

  const recordId = (): string => {
    for (;;) {
      const id = `rec${rnd.chars(ALNUM, 14)}`;
      if (!recordIds.has(id)) {
        recordIds.add(id);
        return id;
      }
    }
  };
  const iso = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString();
  /** A time between `daysAgoMin` and `daysAgoMax` days before the base date, on a whole second. */
  const timeAgo = (daysAgoMin: number, daysAgoMax: number): number =>
    Math.floor((BASE_TIME - (daysAgoMin + rnd.float() * (daysAgoMax - daysAgoMin)) * DAY) / 1000) * 1000;
  /** A time after `ms` and at least `minDaysAgo` days before the base date: a record's creation. */
  const createdAfter = (ms: number, minDaysAgo = 1): number =>
    Math.floor((ms + rnd.float() * (BASE_TIME - minDaysAgo * DAY - ms)) / 1000) * 1000;
  const modifiedAfter = (createdMs: number): string => iso(createdMs + rnd.float() * (BASE_TIME - createdMs));
  const ascii = (s: string): string => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  const emailPart = (s: string): string => ascii(s).toLowerCase().replace(/['\s]/g, "");
  const uniqueEmail = (candidates: string[], domain: string): string => {
    for (const local of candidates) {
      const email = `${local}@${domain}`;
      if (!emails.has(email)) {
        emails.add(email);
        return email;
      }
    }
    const base = candidates[0] ?? "user";
    for (let n = 2; ; n++) {
      const email = `${base}${n}@${domain}`;
      if (!emails.has(email)) {
        emails.add(email);
        return email;
      }
    }
  };
  /** Ends a sentence with a full stop unless it already has one ("… at Lumen Learning Co."). */
  const sentence = (s: string): string => (s.endsWith(".") ? s : `${s}.`);
  const personName = () => ({ first: rnd.pick(FIRST_NAMES), last: rnd.pick(LAST_NAMES) });

  // --- Users ---------------------------------------------------------------------------------------
  const users: User[] = [];
  const userRows: Row<"users">[] = [];
  {
    const createdMs = timeAgo(300, 420);
    users.push({ uid: DEMO_CUSTOMER.uid, email: DEMO_CUSTOMER.email, name: DEMO_CUSTOMER.name, createdMs });
    userRows.push({
      recordId: DEMO_CUSTOMER.recordId,
      lastModified: modifiedAfter(createdMs),
      values: {
        uid: DEMO_CUSTOMER.uid,
        email: DEMO_CUSTOMER.email,
        name: DEMO_CUSTOMER.name,
        username: DEMO_CUSTOMER.username,
        onboardingUrl: DEMO_CUSTOMER.onboardingUrl,
        optimizationUrl: DEMO_CUSTOMER.optimizationUrl,
      },
    });
  }
  const fullNames = new Set<string>([DEMO_CUSTOMER.name, "Avery Admin"]);
  while (users.length < USER_COUNT) {
    const { first, last } = personName();
    const name = `${first} ${last}`;
    if (fullNames.has(name)) continue;
    fullNames.add(name);
    const f = emailPart(first);
    const l = emailPart(last);
    const domain = rnd.weighted(EMAIL_DOMAINS);
    const style = rnd.weighted([
      ["first.last", 7],
      ["firstlast", 1],
      ["f.last", 1],
      ["first_last", 1],
    ] as const);
    const preferred =
      style === "first.last"
        ? `${f}.${l}`
        : style === "firstlast"
          ? `${f}${l}`
          : style === "f.last"
            ? `${f[0]}.${l}`
            : `${f}_${l}`;
    const email = uniqueEmail([preferred, `${f}.${l}`], domain);

    let username = "";
    if (!rnd.chance(0.15)) {
      const u = ascii(first).toLowerCase();
      const v = ascii(last)
        .toLowerCase()
        .replace(/['\s-]/g, "");
      const candidates = rnd.shuffle([u, `${u}${v[0] ?? ""}`, `${u}.${v}`, `${u}_${v}`, `${u[0] ?? ""}${v}`]);
      candidates.push(`${u}${rnd.int(10, 99)}`, `${u}.${v}${rnd.int(100, 999)}`);
      username = candidates.find((c) => c.length <= 50 && !usernames.has(c)) ?? "";
      if (username) usernames.add(username);
    }
    const uid = rnd.uuid();
    const createdMs = timeAgo(20, 700);
    const token = rnd.chars(LOWER_ALNUM, 10);
    users.push({ uid, email, name, createdMs });
    userRows.push({
      recordId: recordId(),
      lastModified: modifiedAfter(createdMs),
      values: {
        uid,
        email,
        name,
        username,
        profileImageUrl: rnd.chance(0.12)
          ? `https://example.com/avatars/${rnd.chars(LOWER_ALNUM, 12)}.jpg`
          : "",
        onboardingUrl: rnd.chance(0.4) ? `https://example.com/onboarding/${token}` : "",
        optimizationUrl: rnd.chance(0.3) ? `https://example.com/optimization-request/${token}` : "",
      },
    });
  }

  // --- LinkedIn Accounts ---------------------------------------------------------------------------
  const accountRows: Row<"linkedinAccounts">[] = [];
  const account = (
    owner: User,
    accountType: string,
    status: string,
    twoFa: "none" | "secret" | "secret+codes",
  ): void => {
    const { first, last } = personName();
    const f = emailPart(first);
    const l = emailPart(last);
    const linkedinEmail = uniqueEmail(
      [`${f}.${l}${rnd.int(1, 99)}`, `${f}${l}.${rnd.chars(LOWER_ALNUM, 3)}`],
      rnd.weighted(EMAIL_DOMAINS),
    );
    let slug: string;
    do {
      slug = `${f}-${l}-${rnd.chars(HEX, 6)}`.replace(/[^a-z0-9-]/g, "");
    } while (slugs.has(slug));
    slugs.add(slug);

    const place = rnd.pick(PLACES);
    const normalized = accountType.toLowerCase();
    const premium = normalized === "lite" ? rnd.chance(0.2) : rnd.chance(0.85);
    const connections = rnd.int(0, 3000);
    const createdMs = createdAfter(owner.createdMs, 2);
    const lastModified = modifiedAfter(createdMs);

    const hasProxy = !rnd.chance(0.08);
    const ipBase = rnd.pick(["192.0.2", "198.51.100", "203.0.113"]);
    const proxyIp = `${ipBase}.${rnd.int(1, 254)}`;
    const proxyPort = String(rnd.pick([8000, 8080, 10000, 22225, 24000, 33335]) + rnd.int(0, 99));
    const proxyZoneName = `${rnd.pick(["residential", "isp", "mobile"])}_${place.country.toLowerCase()}`;
    const proxyUsername = `user-${proxyZoneName.replace("_", "-")}-${rnd.chars(LOWER_ALNUM, 6)}`;
    const proxyPassword = rnd.chars(ALNUM, 14);
    const proxyUrl = rnd.chance(0.85)
      ? `http://${proxyUsername}:${proxyPassword}@${proxyIp}:${proxyPort}`
      : "";

    const twoFaCode = twoFa === "none" ? "" : rnd.chars(BASE32, 32);
    const twoFaRecoveryCodes =
      twoFa === "secret+codes"
        ? Array.from({ length: 8 }, () => `${rnd.chars(LOWER_ALNUM, 4)}-${rnd.chars(LOWER_ALNUM, 4)}`).join(
            "\n",
          )
        : "";
    const passwordSymbols = "!@#$%^&*-_";
    const linkedinPassword = rnd.chance(0.1)
      ? ""
      : `${rnd.chars(ALNUM, rnd.int(6, 9))}${rnd.chars(passwordSymbols, 1)}${rnd.chars(ALNUM, rnd.int(3, 6))}`;

    accountRows.push({
      recordId: recordId(),
      lastModified,
      values: {
        uid: owner.uid,
        accountType,
        firstName: first,
        lastName: last,
        linkedinEmail,
        linkedinPassword,
        profileUrl: `https://www.linkedin.com/in/${slug}`,
        status,
        isPremium: premium ? "checked" : "",
        isVerified: rnd.chance(0.55) ? "checked" : "",
        isOptimized: rnd.chance(0.4) ? "checked" : "",
        connectionsCount: String(connections),
        followers: String(connections + rnd.int(0, 400)),
        headline: rnd.pick(HEADLINES),
        location: place.location,
        industry: rnd.pick(INDUSTRIES),
        gender: rnd.pick(GENDERS),
        proxyCountry: hasProxy ? place.country : "",
        proxyIp: hasProxy ? proxyIp : "",
        proxyPort: hasProxy ? proxyPort : "",
        proxyUsername: hasProxy ? proxyUsername : "",
        proxyPassword: hasProxy ? proxyPassword : "",
        proxyZoneName: hasProxy ? proxyZoneName : "",
        proxyUrl: hasProxy ? proxyUrl : "",
        twoFaCode,
        twoFaRecoveryCodes,
        twoFaStatus: twoFaCode ? "Enabled" : "Disabled",
        verificationType: rnd.weighted(VERIFICATION_TYPES),
        notes: rnd.chance(0.25) ? rnd.pick(ACCOUNT_NOTES) : "",
        createdAt: iso(createdMs),
        lastModified,
      },
    });
  };

  const demo = users[0] as User;
  {
    // 40 accounts: every type (with the spellings operators type by hand) and every status.
    const types = [
      ...Array<string>(9).fill("lite"),
      ...Array<string>(9).fill("plus"),
      ...Array<string>(8).fill("exec"),
      ...Array<string>(9).fill("navigator"),
      ...Array<string>(3).fill("Sales Navigator"),
      "Lite",
      "Plus",
    ];
    const statuses = rnd.shuffle([
      ...Array<string>(18).fill("Signed In"),
      ...Array<string>(8).fill("Not Signed In"),
      ...Array<string>(5).fill("Wrong Password"),
      ...Array<string>(5).fill("Restricted - Submit ID"),
      ...Array<string>(4).fill("Active"),
    ]);
    const twoFa = rnd.shuffle([
      ...Array<"secret+codes">(11).fill("secret+codes"),
      ...Array<"secret">(3).fill("secret"),
      ...Array<"none">(26).fill("none"),
    ]);
    if (types.length !== 40 || statuses.length !== 40 || twoFa.length !== 40) {
      throw new Error("the demo customer's account lists must have 40 entries each");
    }
    rnd.shuffle(types).forEach((type, i) => {
      account(demo, type, statuses[i] as string, twoFa[i] as "none");
    });
  }
  const others = users.slice(1);
  for (const owner of rnd.shuffle(others).slice(0, ACCOUNT_OWNER_COUNT)) {
    const n = rnd.weighted([
      [0, 15],
      [1, 30],
      [2, 25],
      [3, 15],
      [4, 10],
      [5, 5],
    ] as const);
    for (let i = 0; i < n; i++) {
      const twoFa = rnd.chance(1 / 3) ? (rnd.chance(0.8) ? "secret+codes" : "secret") : "none";
      account(owner, rnd.weighted(ACCOUNT_TYPES_WEIGHTED), rnd.weighted(ACCOUNT_STATUSES_WEIGHTED), twoFa);
    }
  }

  // --- Profile Optimizations -----------------------------------------------------------------------
  const optimizationRows: Row<"profileOptimizations">[] = [];
  const optimization = (owner: User, status: string): void => {
    const currentPlace = rnd.pick(PLACES);
    const targetPlace = rnd.chance(0.6) ? currentPlace : rnd.pick(PLACES);
    const company = rnd.pick(COMPANY_NAMES);
    const title = rnd.pick(JOB_TITLES);
    const industry = rnd.pick(INDUSTRIES);
    const years = rnd.int(3, 18);
    const createdMs = createdAfter(owner.createdMs);
    const submittedMs = createdMs - rnd.int(1, 30) * 60_000;
    const companySlug = ascii(company)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
    const otherTitles = rnd.shuffle(JOB_TITLES.filter((t) => t !== title)).slice(0, rnd.int(1, 3));
    const accountLocations = [
      ...new Set([currentPlace.location, targetPlace.location, rnd.pick(PLACES).location]),
    ];
    const about = [
      `${title} with ${years} years in ${industry}.`,
      `At ${company} I help teams build pipeline, hire well and turn conversations into revenue.`,
      rnd.pick([
        "Outside work: trail running, sourdough and too many podcasts.",
        "Open to speaking, advising and a good coffee chat.",
        "Let's connect if you care about honest, useful outreach.",
      ]),
    ].join("\n\n");
    optimizationRows.push({
      recordId: recordId(),
      lastModified: modifiedAfter(createdMs),
      values: {
        uid: owner.uid,
        formName: rnd.pick([
          "Profile Optimization Request",
          "LinkedIn Profile Optimization",
          "Optimization Form",
        ]),
        companyName: company,
        formSubmissionDate: iso(submittedMs),
        headline: rnd.pick(HEADLINES),
        aboutSection: about,
        jobTitles: [title, ...otherTitles].join(", "),
        linkedinBanner: rnd.chance(0.6)
          ? `https://example.com/uploads/banner-${rnd.chars(LOWER_ALNUM, 8)}.png`
          : "",
        linkedinProfilePicture: rnd.chance(0.5)
          ? `https://example.com/uploads/photo-${rnd.chars(LOWER_ALNUM, 8)}.jpg`
          : "",
        linkedinCompanyPage: rnd.chance(0.7) ? `https://www.linkedin.com/company/${companySlug}` : "",
        experienceJobTitle: title,
        experienceDescription: [
          sentence(
            `• Built and ran the ${rnd.pick(["outbound", "inbound", "partner", "recruiting"])} motion at ${company}`,
          ),
          `• Grew ${rnd.pick(["pipeline", "revenue", "hires", "qualified meetings"])} by ${rnd.int(20, 180)}% in ${rnd.int(6, 24)} months.`,
          `• Led a team of ${rnd.int(3, 25)}.`,
        ].join("\n"),
        notes: rnd.chance(0.35)
          ? rnd.pick([
              "Please keep the tone friendly, not salesy.",
              "Customer wants the profiles ready before the campaign starts.",
              "Use the photos in the shared folder.\nNo stock images.",
              'Avoid the word "guru" anywhere.',
            ])
          : "",
        profilesToOptimize: String(rnd.int(1, 20)),
        optimizationType: rnd.pick(["Full Profile", "Headline & About", "Photo & Banner", "Experience Only"]),
        profileUrl: `https://www.linkedin.com/in/${emailPart(rnd.pick(FIRST_NAMES))}-${rnd.chars(HEX, 8)}`,
        gender: rnd.pick(["Male", "Female", "Mixed", "Any"]),
        ethnicity: rnd.pick(["Any", "Mixed", "Caucasian", "Asian", "Hispanic / Latino", "Black / African"]),
        ageRange: rnd.pick(["25-34", "35-44", "45-54", "25-44", "30-50"]),
        currentLocation: currentPlace.location,
        targetLocation: targetPlace.location,
        industry,
        seniorityLevel: rnd.pick(["Entry level", "Associate", "Mid-Senior level", "Director", "Executive"]),
        companySize: rnd.pick(["1-10", "11-50", "51-200", "201-500", "501-1,000", "1,001-5,000", "10,001+"]),
        accountLocations: accountLocations.join("; "),
        linkedinPfp: rnd.pick([
          "Professional headshot, neutral background",
          "Casual, outdoors",
          "Studio portrait, smiling",
          "Use the customer's photos",
        ]),
        education: rnd.pick([
          "MBA, University of Texas at Austin",
          "BSc Computer Science, University of Manchester",
          "BA Marketing, University of Toronto",
          "MSc Finance, London School of Economics",
          "BBA, University of Miami",
          "BA Psychology, Trinity College Dublin",
        ]),
        skills: rnd
          .shuffle([
            "Sales",
            "Negotiation",
            "CRM",
            "Lead Generation",
            "Recruiting",
            "Account Management",
            "B2B Marketing",
            "Public Speaking",
            "SaaS",
            "Cold Outreach",
          ])
          .slice(0, rnd.int(3, 6))
          .join(", "),
        optimizationFiles: rnd.chance(0.3)
          ? `https://example.com/uploads/brief-${rnd.chars(LOWER_ALNUM, 8)}.pdf`
          : "",
        otherCriteria: rnd.chance(0.3)
          ? rnd.pick([
              "Profiles should look at least 5 years old.",
              "Mention remote work in the headline.",
              "Bilingual (English, Spanish) where possible.",
            ])
          : "",
        status,
        createdAt: iso(createdMs),
      },
    });
  };
  for (const status of rnd.shuffle([
    "submitted",
    "in_review",
    "confirmed",
    "on_hold",
    "confirmed",
    "submitted",
  ])) {
    optimization(demo, status);
  }
  for (const owner of others) {
    const n = rnd.weighted([
      [0, 65],
      [1, 25],
      [2, 10],
    ] as const);
    for (let i = 0; i < n; i++) optimization(owner, rnd.weighted(OPTIMIZATION_STATUSES_WEIGHTED));
  }

  // --- Transactions --------------------------------------------------------------------------------
  const transactionRows: Row<"transactions">[] = [];
  const billing = new Map<
    string,
    { place: Place; line1: string; line2: string; phone: string; email: string }
  >();
  const billingOf = (user: User) => {
    let b = billing.get(user.uid);
    if (!b) {
      const place = rnd.pick(PLACES);
      const phone =
        place.country === "US" || place.country === "CA"
          ? `+1 ${rnd.pick(["512", "212", "415", "312", "416", "604"])}-555-01${String(rnd.int(0, 99)).padStart(2, "0")}`
          : place.country === "GB"
            ? `+44 20 7946 0${String(rnd.int(0, 999)).padStart(3, "0")}`
            : "";
      b = {
        place,
        line1: `${rnd.int(1, 999)} ${rnd.pick(STREETS)}`,
        line2: rnd.chance(0.3) ? rnd.pick(["Suite 200", "Apt 4B", "Floor 3", "Unit 12"]) : "",
        phone: rnd.chance(0.7) ? phone : "",
        email: rnd.chance(0.15) ? `billing.${user.email}` : user.email,
      };
      billing.set(user.uid, b);
    }
    return b;
  };
  const transaction = (user: User, eventType: EventType): void => {
    const b = billingOf(user);
    const product = rnd.weighted<Product>([
      ["LinkedIn Lite", 30],
      ["LinkedIn Plus", 25],
      ["LinkedIn Exec", 15],
      ["Sales Navigator", 15],
      ["LinkedIn Automation", 15],
    ]);
    const quantity = rnd.weighted([
      [1, 6],
      [2, 2],
      [3, 1],
      [5, 1],
    ] as const);
    const discount =
      eventType === "refund.created"
        ? ""
        : rnd.weighted([
            ["", 10],
            ["10%", 1],
            ["15%", 1],
          ] as const);
    const amount = PRODUCTS[product] * quantity * (1 - (discount ? Number.parseInt(discount, 10) / 100 : 0));
    const createdMs = createdAfter(user.createdMs);
    transactionRows.push({
      recordId: recordId(),
      lastModified: modifiedAfter(createdMs),
      values: {
        uid: user.uid,
        eventId: `evt_${rnd.chars(ALNUM, 24)}`,
        csLiveId: eventType === "invoice.paid" ? "" : `cs_live_${rnd.chars(ALNUM, 40)}`,
        object: EVENT_OBJECTS[eventType],
        clientRefId: user.uid,
        currency: rnd.chance(0.8) ? "usd" : "USD",
        amountActual: amount.toFixed(2),
        product,
        eventType,
        email: user.email,
        name: user.name,
        phone: b.phone,
        customerEmail: b.email,
        addressCity: b.place.city,
        addressLine1: b.line1,
        addressLine2: b.line2,
        addressCountry: b.place.country,
        addressPostcode: b.place.postcode,
        discounts: discount,
        createdTime: iso(createdMs),
      },
    });
  };
  const demoEvents: EventType[] = [
    ...Array<EventType>(4).fill("checkout.session.completed"),
    ...Array<EventType>(3).fill("payment.succeeded"),
    ...Array<EventType>(2).fill("payment.failed"),
    "refund.created",
    ...Array<EventType>(2).fill("invoice.paid"),
  ];
  for (const eventType of rnd.shuffle(demoEvents)) transaction(demo, eventType);
  for (const user of others) {
    const n = rnd.weighted([
      [0, 30],
      [1, 35],
      [2, 25],
      [3, 10],
    ] as const);
    for (let i = 0; i < n; i++) {
      transaction(
        user,
        rnd.weighted<EventType>([
          ["checkout.session.completed", 40],
          ["payment.succeeded", 30],
          ["payment.failed", 10],
          ["refund.created", 5],
          ["invoice.paid", 15],
        ]),
      );
    }
  }

  return {
    users: userRows,
    linkedinAccounts: accountRows,
    profileOptimizations: optimizationRows,
    transactions: transactionRows,
  };
}

/** Writes the files into `demo-data/` next to `scripts/`. */
function main(): void {
  const dir = fileURLToPath(new URL("../../demo-data/", import.meta.url));
  mkdirSync(dir, { recursive: true });
  const rows = buildDemoTables();
  for (const table of DEMO_TABLES) {
    writeFileSync(`${dir}${fileName(table)}`, toCsv(table, rows[table]));
    const demoRows = rows[table].filter((row) => row.values.uid === DEMO_CUSTOMER.uid).length;
    console.log(
      `demo-data/${fileName(table)}: ${rows[table].length} records (${demoRows} of the demo customer)`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
