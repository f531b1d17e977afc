/** Decision 013: a signed-in path asks for its layout and page chunks at start; other paths ask for none. */

import { QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SidebarColumn } from "../../../src/client/app/layout/layout-parts";
import { preloadSignedInScreen } from "../../../src/client/app/routes/signed-in-routes";
import * as screens from "../../../src/client/app/routes/signed-in-screens";
import { recentActivityQueryOptions } from "../../../src/client/features/dashboard/api/get-recent-activity";
import { linkedinAccountsQueryKey } from "../../../src/client/features/linkedin-accounts/api/get-linkedin-accounts";
import { queryClient } from "../../../src/client/lib/query-client";
import { setSessionUser } from "../../../src/client/lib/session";
import type { CurrentUser } from "../../../src/shared/api/user";

/** How long a first import of a page's module may take: Vitest compiles it then. */
const PAGE_IMPORT_MS = 10_000;

describe("preloadSignedInScreen", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    // The app's one client, which the preload fills (the session is reset after every test).
    queryClient.clear();
  });

  function spies() {
    const names = [
      "AppLayout",
      "DashboardPage",
      "LinkedinAccountsPage",
      "RequireAdmin",
      "AdminSyncPage",
    ] as const;
    return Object.fromEntries(
      names.map((name) => [name, vi.spyOn(screens[name], "preload").mockResolvedValue(undefined)]),
    ) as Record<(typeof names)[number], ReturnType<typeof vi.spyOn>>;
  }

  it("asks for the layout and the page of a signed-in path", () => {
    const s = spies();
    preloadSignedInScreen("/accounts/linkedin");
    expect(s.AppLayout).toHaveBeenCalledOnce();
    expect(s.LinkedinAccountsPage).toHaveBeenCalledOnce();
    expect(s.DashboardPage).not.toHaveBeenCalled();
  });

  it.each([
    [true, "with the layout on a wide screen"],
    [false, "not at all on a narrow one, where it is behind the menu button"],
  ])("asks for the sidebar column %s: %s", (wide) => {
    spies();
    const sidebar = vi.spyOn(SidebarColumn, "preload").mockResolvedValue(undefined);
    const queries: string[] = [];
    vi.stubGlobal("matchMedia", (query: string) => {
      queries.push(query);
      return { matches: wide };
    });
    try {
      preloadSignedInScreen("/dashboard");
    } finally {
      vi.unstubAllGlobals();
    }
    expect(queries).toEqual(["(min-width: 64rem)"]);
    expect(sidebar).toHaveBeenCalledTimes(wide ? 1 : 0);
  });

  it("asks for the admin guard with the admin page", () => {
    const s = spies();
    preloadSignedInScreen("/admin/sync");
    expect(s.RequireAdmin).toHaveBeenCalledOnce();
    expect(s.AdminSyncPage).toHaveBeenCalledOnce();
  });

  it.each(["/", "/login", "/register", "/reset-password", "/no-such-page"])(
    "asks for nothing on %s, where a signed-out visitor sees a signed-out screen",
    (path) => {
      const s = spies();
      preloadSignedInScreen(path);
      for (const spy of Object.values(s)) expect(spy).not.toHaveBeenCalled();
    },
  );

  describe("the data a page shows first", () => {
    const user = { uid: "5f0c7a2e-3b8d-4c1e-9a6f-2d7e8b9c0a11" };
    let requested: string[];

    beforeEach(() => {
      spies();
      requested = [];
      vi.stubGlobal(
        "fetch",
        vi.fn(async (url: string) => {
          requested.push(url);
          return Response.json(url === "/api/activity" ? { items: [] } : []);
        }),
      );
    });
    afterEach(() => vi.unstubAllGlobals());

    it("is asked for once the session names the user, before the page renders", async () => {
      preloadSignedInScreen("/dashboard");
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(requested).toEqual([]);

      setSessionUser(user as CurrentUser);
      // The page's module is compiled on first import, which takes seconds on a busy machine.
      await vi.waitFor(() => expect(requested).toHaveLength(2), { timeout: PAGE_IMPORT_MS });
      expect(requested).toEqual(
        expect.arrayContaining([`/api/accounts/linkedin/user/${user.uid}`, "/api/activity"]),
      );
      await vi.waitFor(() => expect(queryClient.getQueryData(["account-counts", user.uid])).toEqual([]));
      // Under the dashboard's own key: the accounts screen keeps its own.
      expect(queryClient.getQueryData(linkedinAccountsQueryKey(user.uid))).toBeUndefined();
    });

    it("is not asked for when the session is signed out", async () => {
      preloadSignedInScreen("/accounts/linkedin");
      setSessionUser(null);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(requested).toEqual([]);
    });

    it("is not read again by the page's first mount, but by the next one once it is left", async () => {
      setSessionUser(user as CurrentUser);
      preloadSignedInScreen("/dashboard");
      await vi.waitFor(() => expect(requested).toHaveLength(2), { timeout: PAGE_IMPORT_MS });
      const activityReads = () => requested.filter((url) => url === "/api/activity").length;

      // As useQuery does: the render asks for an optimistic result, then the effect subscribes.
      const options = {
        ...queryClient.defaultQueryOptions(recentActivityQueryOptions),
        _optimisticResults: "optimistic" as const,
      };
      const firstScreen = new QueryObserver(queryClient, options);
      firstScreen.getOptimisticResult(options);
      firstScreen.getOptimisticResult(options);
      const leave = firstScreen.subscribe(() => {});
      expect(firstScreen.getCurrentResult().data).toEqual({ items: [] });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(activityReads()).toBe(1);
      leave();

      const nextVisit = new QueryObserver(queryClient, recentActivityQueryOptions);
      const leaveAgain = nextVisit.subscribe(() => {});
      await vi.waitFor(() => expect(activityReads()).toBe(2));
      leaveAgain();
    });
  });
});
