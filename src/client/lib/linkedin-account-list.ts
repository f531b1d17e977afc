/**
 * `GET /api/accounts/linkedin/user/{uid}`'s answer, checked by hand against
 * `linkedinAccountListSchema`: the dashboard and the accounts screen read it on their first load,
 * which goes without zod (read-answer.ts).
 */
import type { LinkedinAccount } from "../../shared/api/linkedin-accounts";
import type {
  OPEN_REQUEST_STATUSES,
  OpenRequestSummary,
  REQUEST_WISHES,
} from "../../shared/api/replacement-requests";
import { type FieldKind, readList, readRecord } from "./read-answer";
import { getJsonRevalidated } from "./revalidated-get";

const ACCOUNT_FIELDS = {
  id: "int",
  accountType: "string",
  firstName: "string?",
  lastName: "string?",
  linkedinEmail: "string?",
  hasPassword: "boolean",
  status: "string",
  isPremium: "boolean",
  isVerified: "boolean",
  isOptimized: "boolean",
  headline: "string?",
  location: "string?",
  industry: "string?",
  gender: "string?",
  connectionsCount: "int",
  followers: "int?",
  profileUrl: "string?",
  proxyCountry: "string?",
  proxyIp: "string?",
  proxyPort: "string?",
  proxyUsername: "string?",
  proxyZoneName: "string?",
  hasProxyPassword: "boolean",
  hasTwoFaSecret: "boolean",
  twoFaRecoveryCodeCount: "int",
  twoFaStatus: "string?",
  verificationType: "string?",
  notes: "string?",
  createdAt: "string",
  lastSyncedAt: "string",
} as const satisfies Record<Exclude<keyof LinkedinAccount, "openRequest">, FieldKind>;

// Written out rather than imported: the contract's module brings zod, which the first load does
// without (decision 013). The types hold them to the contract's lists.
const OPEN_STATUSES: typeof OPEN_REQUEST_STATUSES = ["submitted", "in_progress"];
const WISHES: typeof REQUEST_WISHES = ["replacement", "fix"];

const OPEN_REQUEST_FIELDS = {
  id: "int",
  status: OPEN_STATUSES,
  wish: WISHES,
} as const satisfies Record<keyof OpenRequestSummary, FieldKind>;

function readAccount(item: unknown): LinkedinAccount {
  const account = readRecord<Omit<LinkedinAccount, "openRequest">>(item, ACCOUNT_FIELDS, "account");
  const open = (item as { openRequest?: unknown }).openRequest;
  return {
    ...account,
    openRequest:
      open === null
        ? null
        : readRecord<OpenRequestSummary>(open, OPEN_REQUEST_FIELDS, "account: openRequest"),
  };
}

export function readLinkedinAccountList(body: unknown): LinkedinAccount[] {
  return readList(body, readAccount, "accounts answer");
}

/** The customer's LinkedIn accounts, without their secrets (decision D7); an unchanged list costs a 304. */
export async function getLinkedinAccountList(uid: string): Promise<LinkedinAccount[]> {
  const body = await getJsonRevalidated(`/api/accounts/linkedin/user/${encodeURIComponent(uid)}`, {
    on401: "throw",
  });
  return readLinkedinAccountList(body);
}
