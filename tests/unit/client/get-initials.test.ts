// @vitest-environment node
import { describe, expect, it } from "vitest";
import { getInitials } from "../../../src/client/app/layout/get-initials";

describe("getInitials", () => {
  it("takes the first letters of the first and last names", () => {
    expect(getInitials("Casey Customer")).toBe("CC");
    expect(getInitials("ada maria von admin")).toBe("AA");
  });

  it("uses one letter for a single name and ignores extra spaces", () => {
    expect(getInitials("  Madonna ")).toBe("M");
  });

  it("falls back to ? for an empty name", () => {
    expect(getInitials("   ")).toBe("?");
  });

  it("keeps a letter outside the basic plane whole", () => {
    expect(getInitials("𝒜lice Émile")).toBe("𝒜É");
  });
});
