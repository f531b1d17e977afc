import { describe, expect, it } from "vitest";
import {
  filterOptimizations,
  filtersFromSearchParams,
  searchParamsFor,
} from "../../../src/client/features/profile-optimizations/components/optimization-filters";
import type { ProfileOptimization } from "../../../src/shared/api/profile-optimizations";

function request(id: number, fields: Partial<ProfileOptimization>): ProfileOptimization {
  return { id, formName: null, status: "submitted", ...fields } as ProfileOptimization;
}

const requests = [
  request(1, { formName: "Sales Team", status: "in_review", industry: "Software", gender: "Female" }),
  request(2, { formName: "Paused", status: "On hold", currentLocation: "Singapore" }),
  request(3, { formName: "Founders", status: "In Review", companyName: "Hudson Capital" }),
  request(4, { formName: "Odd", status: "waiting for files" }),
];
const names = (list: ProfileOptimization[]) => list.map((r) => r.formName);

describe("the optimization filters", () => {
  it("puts every status outside R14's list under Other, and only there", () => {
    const other = filterOptimizations(requests, { q: "", status: "other" }, "progress");
    expect(names(other)).toEqual(["Paused", "Odd"]);
    const inReview = filterOptimizations(requests, { q: "", status: "in_review" }, "progress");
    expect(names(inReview)).toEqual(["Sales Team", "Founders"]);
    expect(filterOptimizations(requests, { q: "", status: "all" }, "progress")).toHaveLength(4);
  });

  it("searches the fields each view's spec names", () => {
    expect(names(filterOptimizations(requests, { q: "singapore", status: "all" }, "progress"))).toEqual([
      "Paused",
    ]);
    expect(filterOptimizations(requests, { q: "singapore", status: "all" }, "criteria")).toEqual([]);
    expect(names(filterOptimizations(requests, { q: "hudson", status: "all" }, "criteria"))).toEqual([
      "Founders",
    ]);
    expect(names(filterOptimizations(requests, { q: "female", status: "all" }, "criteria"))).toEqual([
      "Sales Team",
    ]);
  });

  it("reads other from the URL and writes it back; an unknown status is no filter", () => {
    expect(filtersFromSearchParams(new URLSearchParams("status=other&q=x"))).toEqual({
      q: "x",
      status: "other",
    });
    expect(filtersFromSearchParams(new URLSearchParams("status=on_hold")).status).toBe("all");
    expect(searchParamsFor({ q: "", status: "other" }).toString()).toBe("status=other");
  });
});
