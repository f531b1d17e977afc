import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { holdRequests } from "./support/held-requests";
import { toasts } from "./support/journeys";

/** Holds every session check (GET /api/session) until the returned function is called, then lets them through. */
const holdSessionCheck = (page: Page) => holdRequests(page, "**/api/session");

test.describe("while the session is being checked", () => {
  test("a signed-out visitor sees the loading screen, then the sign-in screen", async ({ page }) => {
    const release = await holdSessionCheck(page);
    await page.goto("/");

    await expect(page.getByRole("status", { name: "Loading" })).toBeVisible();
    const pitch = page.getByRole("complementary", { name: "About the portal" });
    await expect(pitch.getByRole("heading", { level: 2 })).toBeVisible();
    await expect(pitch.getByRole("paragraph")).toHaveCount(2);
    await expect(pitch.getByRole("listitem")).toHaveCount(3);
    await expect(pitch.getByRole("term")).toHaveCount(4);
    await expect(page.getByRole("heading", { name: "Sign in" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "the loading screen");

    release();
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0);
  });

  test("a signed-in user sees the loading screen, then the dashboard", async ({ page, signInAs }) => {
    await signInAs("customer");
    const release = await holdSessionCheck(page);
    await page.goto("/dashboard");
    await expect(page.getByRole("status", { name: "Loading" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);

    release();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });

  test("the pitch column is left out on small screens", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdSessionCheck(page);
    await page.goto("/login");
    await expect(page.getByRole("status", { name: "Loading" })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "About the portal" })).toBeHidden();
    release();
  });

  test("the sign-in form stays where it is when the wide screen's pitch arrives", async ({ page }) => {
    // The pitch loads after the form: when it made the page taller, the form moved down under a
    // click already aimed at Sign in, which then landed beside the button and signed no one in.
    await page.setViewportSize({ width: 1280, height: 720 });
    const release = await holdRequests(page, /\/assets\/brand-showcase-[^/]+\.js$/);
    await page.goto("/login");
    const submit = page.getByRole("button", { name: "Sign in", exact: true });
    await expect(submit).toBeVisible();
    const before = await submit.boundingBox();

    release();
    const pitch = page.getByRole("complementary", { name: "About the portal" });
    await expect(pitch.getByRole("term")).toHaveCount(4);
    expect(await pitch.evaluate((aside) => aside.scrollHeight)).toBeGreaterThan(720);
    expect(await submit.boundingBox()).toEqual(before);
  });
});

test.describe("signing out", () => {
  test("ends the session, goes to /login and says so", async ({ page, signInAs }) => {
    await signInAs("customer", { disposable: 0 });
    await page.goto("/settings");
    // The sidebar's own button: Settings also lists the customer's other sessions, each with a Sign out.
    await page
      .getByRole("region", { name: "Your account" })
      .getByRole("button", { name: "Sign out" })
      .click();

    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toContainText("Logged out successfully");
    await expect(toasts(page)).toContainText("You have been logged out of your account.");
    await expectNoSeriousA11yViolations(page, "the sign-in screen with a toast");

    // The session is gone on the server too, not only in this page.
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/login");
  });

  test("shows one toast at a time, and an error when sign-out fails", async ({
    page,
    signInAs,
    consoleErrors,
  }) => {
    await signInAs("admin", { disposable: 0 });
    await page.goto("/dashboard");
    consoleErrors.allow(/net::ERR_FAILED/);

    // The network drops the first two attempts.
    let dropped = 0;
    await page.route("**/api/logout", (route) => {
      dropped += 1;
      return route.abort("failed");
    });
    const signOut = page.getByRole("button", { name: "Sign out" });
    await signOut.click();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toContainText("Logout failed");
    await expect(toasts(page)).toContainText("There was an error logging you out.");
    await expect(page).toHaveURL("/dashboard");

    await signOut.click();
    // The second attempt must have failed and settled before the network comes back, or the
    // route would be removed while that request is still being handled.
    await expect.poll(() => dropped).toBe(2);
    await expect(signOut).toBeEnabled();
    await expect(toasts(page)).toHaveCount(1);

    // A new toast replaces the one on screen.
    await page.unroute("**/api/logout");
    await signOut.click();
    await expect(page).toHaveURL("/login");
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toContainText("Logged out successfully");
    await expect(toasts(page)).not.toContainText("Logout failed");
  });

  test("F8 moves focus to the notifications, and the close button dismisses a toast", async ({
    page,
    signInAs,
  }) => {
    await signInAs("customer", { disposable: 1 });
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(toasts(page)).toHaveCount(1);

    await page.keyboard.press("F8");
    await expect(page.getByRole("region", { name: /^Notifications/ }).getByRole("list")).toBeFocused();

    await toasts(page).getByRole("button", { name: "Close notification" }).click();
    await expect(toasts(page)).toHaveCount(0);
  });
});
