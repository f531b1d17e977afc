// @vitest-environment jsdom
/**
 * The optimization screens' counts (ICU plurals) and the status filter's table of messages, as they
 * read in English.
 */
import type { UseQueryResult } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OptimizationCard } from "../../../src/client/features/profile-optimizations/components/optimization-card";
import { STATUS_FILTER_OPTIONS } from "../../../src/client/features/profile-optimizations/components/optimization-filters";
import { OptimizationList } from "../../../src/client/features/profile-optimizations/components/optimization-list";
import { i18n } from "../../../src/client/lib/i18n/i18n";
import type { ProfileOptimization } from "../../../src/shared/api/profile-optimizations";
import { optimizationStatusLabel } from "../../../src/shared/optimization-status";

function request(id: number, fields: Partial<ProfileOptimization>): ProfileOptimization {
  return {
    id,
    formName: null,
    status: "submitted",
    profilesToOptimize: null,
    formSubmissionDate: null,
    lastSyncedAt: "2026-03-01T10:00:00.000Z",
    companyName: null,
    industry: null,
    currentLocation: null,
    optimizationCriteria: {},
    ...fields,
  } as ProfileOptimization;
}

const listOf = (data: ProfileOptimization[]) =>
  ({
    data,
    isPending: false,
    isFetching: false,
    error: null,
    refetch: async () => {},
  }) as unknown as UseQueryResult<ProfileOptimization[]>;

function renderList(data: ProfileOptimization[], path = "/optimization") {
  render(
    <MemoryRouter initialEntries={[path]}>
      <OptimizationList view="progress" list={listOf(data)} failedTitle="Failed" />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  // jsdom does not know the <search> element the filters sit in (browsers do): React's word on it is no failure.
  const reportError = console.error;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes("is unrecognized in this browser") && args[1] === "search") return;
    reportError(...args);
  });
});
afterEach(cleanup);

/** What a button says, its screen-reader words included. */
const buttonTexts = () => screen.getAllByRole("button").map((button) => button.textContent);

describe("the optimization screens' messages", () => {
  it("counts one request and several", () => {
    renderList([request(1, { formName: "Solo" })]);
    expect(screen.getByText("1 request")).toBeTruthy();
    cleanup();
    renderList([request(1, { formName: "Sales" }), request(2, { formName: "Founders" })]);
    expect(screen.getByText("2 requests")).toBeTruthy();
  });

  it("says how many of them a search shows", () => {
    renderList(
      [request(1, { formName: "Sales" }), request(2, { formName: "Founders" })],
      "/optimization?q=sales",
    );
    expect(screen.getByText("Showing 1 of 2 requests")).toBeTruthy();
    cleanup();
    renderList([request(1, { formName: "Sales" })], "/optimization?q=nothing");
    expect(screen.getByText("Showing 0 of 1 request")).toBeTruthy();
  });

  it("counts a request's profiles and names its details button", () => {
    render(
      <MemoryRouter>
        <OptimizationCard
          request={request(1, { formName: "Sales", profilesToOptimize: 1, companyName: "Acme" })}
          view="progress"
        />
        <OptimizationCard request={request(2, { profilesToOptimize: 3 })} view="progress" />
      </MemoryRouter>,
    );
    expect(screen.getByText("Acme · 1 profile")).toBeTruthy();
    expect(screen.getByText("3 profiles")).toBeTruthy();
    expect(buttonTexts()).toEqual(["Show details of Sales", "Show details of Optimization request"]);
    fireEvent.click(screen.getAllByRole("button")[0] as HTMLElement);
    expect(buttonTexts()[0]).toBe("Hide details of Sales");
  });

  it("names each status in the filter as the badge words it", () => {
    const labels = STATUS_FILTER_OPTIONS.map(({ value, label }) => [value, i18n._(label)]);
    expect(labels).toEqual([
      ["all", "All Statuses"],
      ...["submitted", "pending", "in_review", "in_progress", "confirmed", "completed", "cancelled"].map(
        (status) => [status, optimizationStatusLabel(status)],
      ),
      ["other", "Other"],
    ]);
  });
});
