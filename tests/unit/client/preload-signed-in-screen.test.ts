/** Decision 013: a signed-in path asks for its layout and page chunks at start; other paths ask for none. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { preloadSignedInScreen } from "../../../src/client/app/routes/signed-in-routes";
import * as screens from "../../../src/client/app/routes/signed-in-screens";

describe("preloadSignedInScreen", () => {
  afterEach(() => vi.restoreAllMocks());

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
});
