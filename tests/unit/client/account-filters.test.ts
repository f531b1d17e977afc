import { describe, expect, it } from "vitest";
import {
  filterAccounts,
  filtersFromSearchParams,
  indexAccounts,
  PAGE_SIZE,
  pageOf,
  searchParamsFor,
} from "../../../src/client/features/linkedin-accounts/components/account-filters";
import type { LinkedinAccount } from "../../../src/shared/api/linkedin-accounts";

function account(id: number, overrides: Partial<LinkedinAccount> = {}): LinkedinAccount {
  return {
    id,
    accountType: "lite",
    firstName: null,
    lastName: null,
    linkedinEmail: null,
    hasPassword: false,
    status: "Active",
    isPremium: false,
    isVerified: false,
    isOptimized: false,
    headline: null,
    location: null,
    industry: null,
    gender: null,
    connectionsCount: 0,
    followers: null,
    profileUrl: null,
    proxyCountry: null,
    proxyIp: null,
    proxyPort: null,
    proxyUsername: null,
    proxyZoneName: null,
    hasProxyPassword: false,
    hasTwoFaSecret: false,
    twoFaRecoveryCodeCount: 0,
    twoFaStatus: null,
    verificationType: null,
    notes: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    lastSyncedAt: "2026-01-01T00:00:00.000Z",
    openRequest: null,
    ...overrides,
  };
}

const accounts = [
  account(1, {
    firstName: "Ana",
    lastName: "Berlin",
    location: "Berlin, Germany",
    status: "Signed in",
    accountType: "exec",
  }),
  account(2, {
    firstName: "Ben",
    linkedinEmail: "ben@example.com",
    industry: "Banking",
    status: "Wrong password",
  }),
  account(3, {
    firstName: "Cleo",
    location: "London",
    status: "Restricted - Submit ID",
    accountType: "navigator",
  }),
  account(4, { firstName: "Dev", headline: "Berlin lover", status: "Not signed in" }),
];
const index = indexAccounts(accounts);
const ids = (list: LinkedinAccount[]) => list.map((a) => a.id);

describe("filtersFromSearchParams", () => {
  it("reads the URL and falls back to all and page 1 for anything unknown", () => {
    expect(filtersFromSearchParams(new URLSearchParams("q=ana&status=restricted&type=exec&page=3"))).toEqual({
      q: "ana",
      status: "restricted",
      type: "exec",
      page: 3,
    });
    expect(
      filtersFromSearchParams(new URLSearchParams("status=gold&type=Sales%20Navigator&page=-2")),
    ).toEqual({
      q: "",
      status: "all",
      type: "all",
      page: 1,
    });
    expect(filtersFromSearchParams(new URLSearchParams("page=2.5")).page).toBe(1);
  });

  it("round-trips through searchParamsFor, leaving defaults out", () => {
    expect(searchParamsFor({ q: "", status: "all", type: "all", page: 1 }).toString()).toBe("");
    const params = searchParamsFor({ q: "a b", status: "signed-in", type: "navigator", page: 2 });
    expect(params.toString()).toBe("q=a+b&status=signed-in&type=navigator&page=2");
    expect(filtersFromSearchParams(params)).toEqual({
      q: "a b",
      status: "signed-in",
      type: "navigator",
      page: 2,
    });
  });
});

describe("filterAccounts", () => {
  it("searches email, first and last name, location and industry, case-insensitively, every word", () => {
    expect(ids(filterAccounts(index, { q: "BERLIN", status: "all", type: "all" }))).toEqual([1]);
    expect(ids(filterAccounts(index, { q: "ben@example", status: "all", type: "all" }))).toEqual([2]);
    expect(ids(filterAccounts(index, { q: "banking", status: "all", type: "all" }))).toEqual([2]);
    expect(ids(filterAccounts(index, { q: "ana berlin", status: "all", type: "all" }))).toEqual([1]);
    expect(ids(filterAccounts(index, { q: "ana london", status: "all", type: "all" }))).toEqual([]);
    expect(ids(filterAccounts(index, { q: "  ", status: "all", type: "all" }))).toEqual([1, 2, 3, 4]);
  });

  it("filters by the status badge and by type", () => {
    expect(ids(filterAccounts(index, { q: "", status: "signed-in", type: "all" }))).toEqual([1]);
    expect(ids(filterAccounts(index, { q: "", status: "not-signed-in", type: "all" }))).toEqual([4]);
    expect(ids(filterAccounts(index, { q: "", status: "wrong-password", type: "all" }))).toEqual([2]);
    expect(ids(filterAccounts(index, { q: "", status: "restricted", type: "all" }))).toEqual([3]);
    expect(ids(filterAccounts(index, { q: "", status: "all", type: "lite" }))).toEqual([2, 4]);
    expect(ids(filterAccounts(index, { q: "", status: "restricted", type: "lite" }))).toEqual([]);
  });
});

describe("pageOf", () => {
  const many = Array.from({ length: 2000 }, (_, i) => i);

  it("gives 50 a page with their positions", () => {
    expect(pageOf(many, 1)).toMatchObject({ page: 1, pageCount: 40, from: 1, to: PAGE_SIZE });
    expect(pageOf(many, 40)).toMatchObject({ page: 40, from: 1951, to: 2000 });
    expect(pageOf(many.slice(0, 51), 2).items).toEqual([50]);
  });

  it("clamps a page past the end and handles an empty list", () => {
    expect(pageOf(many, 99).page).toBe(40);
    expect(pageOf([], 3)).toEqual({ items: [], page: 1, pageCount: 1, from: 0, to: 0 });
  });
});
