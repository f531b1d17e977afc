// @vitest-environment jsdom
import { act, cleanup, render } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { type UrlFilters, useUrlFilters } from "../../../src/client/lib/use-url-filters";

interface Filters {
  q: string;
  type: string;
  page: number;
}

const SPEC: UrlFilters<Filters> = {
  parse: (params) => ({
    q: params.get("q") ?? "",
    type: params.get("type") ?? "",
    page: Number(params.get("page") ?? 1),
  }),
  serialize: (filters) => {
    const params = new URLSearchParams();
    if (filters.q) params.set("q", filters.q);
    if (filters.type) params.set("type", filters.type);
    if (filters.page > 1) params.set("page", String(filters.page));
    return params;
  },
  empty: { q: "", type: "", page: 1 },
  typed: ["q"],
  onChange: { page: 1 },
};

afterEach(() => cleanup());

interface Seen {
  filters?: Filters;
  set?: (patch: Partial<Filters>) => void;
  clear?: () => void;
  search?: string;
}

/** Renders nothing; hands the hook's answer and the router's search to the test. */
function Probe({ seen }: { seen: Seen }) {
  const { filters, setFilters, clearFilters } = useUrlFilters(SPEC);
  seen.filters = filters;
  seen.set = setFilters;
  seen.clear = clearFilters;
  seen.search = useLocation().search;
  return null;
}

function setup(url: string): Seen {
  const seen: Seen = {};
  render(
    <MemoryRouter initialEntries={[url]}>
      <Probe seen={seen} />
    </MemoryRouter>,
  );
  return seen;
}

describe("useUrlFilters", () => {
  it("reads the filters from the URL", () => {
    const seen = setup("/list?q=ana&type=plus&page=3");
    expect(seen.filters).toEqual({ q: "ana", type: "plus", page: 3 });
  });

  it("keeps both of two changes made before the next render, and goes back to page 1", () => {
    const seen = setup("/list?page=4");
    act(() => {
      seen.set?.({ type: "exec" });
      seen.set?.({ q: "berlin" });
    });
    expect(seen.filters).toEqual({ q: "berlin", type: "exec", page: 1 });
    expect(seen.search).toBe("?q=berlin&type=exec");
  });

  it("keeps a page asked for explicitly, and clears everything", () => {
    const seen = setup("/list?type=lite");
    act(() => seen.set?.({ page: 2 }));
    expect(seen.search).toBe("?type=lite&page=2");
    act(() => seen.clear?.());
    expect(seen.search).toBe("");
  });
});
