/**
 * How the portal reads a LinkedIn account's type and status, shared by the accounts screen, the
 * dashboard and the server: badges, filters, counters and the dashboard's figures all come from here.
 */

export const ACCOUNT_TYPES = ["lite", "plus", "exec", "navigator"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Decision R6: navigator and "sales navigator" are one type, shown as "Sales Navigator". */
export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  lite: "Lite",
  plus: "Plus",
  exec: "Exec",
  navigator: "Sales Navigator",
};

export function isAccountType(value: string): value is AccountType {
  return (ACCOUNT_TYPES as readonly string[]).includes(value);
}

/** The four states the spec's status badge and filter know; `status` itself is free text from the base. */
export const ACCOUNT_STATUSES = ["signed-in", "not-signed-in", "wrong-password", "restricted"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  "signed-in": "Signed In",
  "not-signed-in": "Not Signed In",
  "wrong-password": "Wrong Password",
  restricted: "Restricted",
};

/**
 * Spec section 4: text containing "wrong password" is Wrong Password, "restricted" is Restricted,
 * "signed in" is Signed In, and anything else Not Signed In. "Not signed in" itself contains
 * "signed in", so it is tested first (the observed product showed such accounts as signed in).
 */
export function accountStatusOf(status: string | null | undefined): AccountStatus {
  const text = (status ?? "").toLowerCase();
  if (text.includes("wrong password")) return "wrong-password";
  if (text.includes("restricted")) return "restricted";
  if (/\bnot\s+signed\s+in\b/.test(text)) return "not-signed-in";
  if (text.includes("signed in")) return "signed-in";
  return "not-signed-in";
}

export interface AccountLike {
  accountType: string;
  status: string;
  isPremium: boolean;
  isVerified: boolean;
}

/** The dashboard's four count cards: Email and WhatsApp are not sold yet. */
export function dashboardCounts(accounts: readonly Pick<AccountLike, "accountType">[]) {
  const linkedin = accounts.filter((a) => isAccountType(a.accountType)).length;
  const salesNavigator = accounts.filter((a) => a.accountType === "navigator").length;
  return { linkedin, salesNavigator, email: 0, whatsapp: 0 };
}

/** Decision D1: the dashboard's Account Status card, computed from the accounts. */
export function accountStatusSummary(accounts: readonly Pick<AccountLike, "status">[]) {
  let active = 0;
  let pendingSetup = 0;
  let issues = 0;
  for (const account of accounts) {
    const status = accountStatusOf(account.status);
    if (status === "signed-in") active += 1;
    else if (status === "not-signed-in") pendingSetup += 1;
    else issues += 1;
  }
  return { active, pendingSetup, issues };
}

/** The accounts screen's four counters: Total Accounts, Signed In, Premium, Verified. */
export function accountCounters(accounts: readonly AccountLike[]) {
  return {
    total: accounts.length,
    signedIn: accounts.filter((a) => accountStatusOf(a.status) === "signed-in").length,
    premium: accounts.filter((a) => a.isPremium).length,
    verified: accounts.filter((a) => a.isVerified).length,
  };
}
