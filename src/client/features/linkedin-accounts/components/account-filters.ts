/**
 * The accounts screen's search, filters and page, as kept in the URL (?q=&status=&type=&page=), and
 * the filtering itself: pure, so the page can memoize it and the unit tests can drive it.
 */
import type { LinkedinAccount } from "../../../../shared/api/linkedin-accounts";
import {
  ACCOUNT_STATUSES,
  ACCOUNT_TYPES,
  type AccountStatus,
  type AccountType,
  accountStatusOf,
} from "../../../../shared/linkedin-account-rules";
import type { UrlFilters } from "../../../lib/use-url-filters";

export const PAGE_SIZE = 50;

export type StatusFilter = AccountStatus | "all";
export type TypeFilter = AccountType | "all";

export interface AccountFilters {
  q: string;
  status: StatusFilter;
  type: TypeFilter;
  /** 1-based; may be past the last page, which the table clamps. */
  page: number;
}

export const NO_FILTERS: AccountFilters = { q: "", status: "all", type: "all", page: 1 };

function oneOf<T extends string>(values: readonly T[], value: string | null): T | "all" {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : "all";
}

/** Unknown or missing values (an old bookmark, a typo) fall back to "all" and page 1. */
export function filtersFromSearchParams(params: URLSearchParams): AccountFilters {
  const page = Number(params.get("page"));
  return {
    q: params.get("q") ?? "",
    status: oneOf(ACCOUNT_STATUSES, params.get("status")),
    type: oneOf(ACCOUNT_TYPES, params.get("type")),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL's search params for these filters; defaults are left out to keep the URL short. */
export function searchParamsFor(filters: AccountFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q !== "") params.set("q", filters.q);
  if (filters.status !== "all") params.set("status", filters.status);
  if (filters.type !== "all") params.set("type", filters.type);
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

export interface IndexedAccount {
  account: LinkedinAccount;
  status: AccountStatus;
  /** The searchable fields, lower-cased once rather than on every keystroke. */
  text: string;
}

export function indexAccounts(accounts: readonly LinkedinAccount[]): IndexedAccount[] {
  return accounts.map((account) => ({
    account,
    status: accountStatusOf(account.status),
    text: [account.linkedinEmail, account.firstName, account.lastName, account.location, account.industry]
      .filter(Boolean)
      .join("\n")
      .toLowerCase(),
  }));
}

/** Every word of the search must appear in one of the fields, so "ana berlin" finds Ana in Berlin. */
export function filterAccounts(
  index: readonly IndexedAccount[],
  filters: Pick<AccountFilters, "q" | "status" | "type">,
): LinkedinAccount[] {
  const words = filters.q.toLowerCase().split(/\s+/).filter(Boolean);
  const matches: LinkedinAccount[] = [];
  for (const entry of index) {
    if (filters.status !== "all" && entry.status !== filters.status) continue;
    if (filters.type !== "all" && entry.account.accountType !== filters.type) continue;
    if (!words.every((word) => entry.text.includes(word))) continue;
    matches.push(entry.account);
  }
  return matches;
}

export interface PageSlice<T> {
  items: T[];
  page: number;
  pageCount: number;
  /** 1-based positions of the first and last item shown; 0 when there are none. */
  from: number;
  to: number;
}

export function pageOf<T>(items: readonly T[], page: number): PageSlice<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const start = (current - 1) * PAGE_SIZE;
  const slice = items.slice(start, start + PAGE_SIZE);
  return {
    items: slice,
    page: current,
    pageCount,
    from: slice.length === 0 ? 0 : start + 1,
    to: start + slice.length,
  };
}

/** How the URL holds these filters (lib/use-url-filters): typing replaces the history entry; any change goes back to page 1. */
export const ACCOUNT_URL_FILTERS: UrlFilters<AccountFilters> = {
  parse: filtersFromSearchParams,
  serialize: searchParamsFor,
  empty: NO_FILTERS,
  typed: ["q"],
  onChange: { page: 1 },
};
