import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";

const signInHeading = (page: Page) => page.getByRole("heading", { level: 1, name: "Sign in" });
const dashboardHeading = (page: Page) => page.getByRole("heading", { level: 1, name: "Dashboard" });

test.describe("a signed-out visitor", () => {
  for (const path of ["/", "/login", "/no-such-page/at-all"]) {
    test(`sees the sign-in screen at ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(signInHeading(page)).toBeVisible();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    });
  }

  test("sees an accessible sign-in screen with links to both registrations", async ({ page }) => {
    await page.goto("/login");
    await expect(signInHeading(page)).toBeVisible();
    await expect(page).toHaveTitle(/Sign in/);
    await expectNoSeriousA11yViolations(page, "/login");

    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL("/register");
    await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();

    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/login");
    await page.getByRole("link", { name: "Set up your login" }).click();
    await expect(page).toHaveURL("/register-existing");
    await expect(page.getByRole("heading", { level: 1, name: "Join the product" })).toBeVisible();
  });

  test("sees registration at /register", async ({ page }) => {
    await page.goto("/register");
    await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    await expectNoSeriousA11yViolations(page, "/register");
  });

  test("sees existing-customer registration at /register-existing", async ({ page }) => {
    await page.goto("/register-existing");
    await expect(page.getByRole("heading", { level: 1, name: "Join the product" })).toBeVisible();
    await expect(page.getByText(/linked automatically/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    await expectNoSeriousA11yViolations(page, "/register-existing");
  });

  // With the page as the return path; the dashboard, where a sign-in ends anyway, needs none.
  for (const [path, login] of [
    ["/dashboard", "/login"],
    ["/settings", "/login?next=/settings"],
    ["/accounts/linkedin", "/login?next=/accounts/linkedin"],
    ["/billing/transactions", "/login?next=/billing/transactions"],
    ["/admin/sync", "/login?next=/admin/sync"],
  ] as const) {
    test(`is sent from ${path} to ${login}`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(login);
      await expect(signInHeading(page)).toBeVisible();
    });
  }

  test("can open /pay", async ({ page }) => {
    await page.goto("/pay");
    await expect(
      page.getByRole("heading", { level: 1, name: "This payment link does not work" }),
    ).toBeVisible();
    await expect(page).toHaveURL("/pay");
    await expectNoSeriousA11yViolations(page, "/pay");
  });

  test("can open /login-test", async ({ page }) => {
    await page.goto("/login-test");
    await expect(page.getByRole("heading", { level: 1, name: "Login Test" })).toBeVisible();
    await expect(page).toHaveURL("/login-test");
    await expectNoSeriousA11yViolations(page, "/login-test");
  });
});

test.describe("a signed-in customer", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("customer");
  });

  test("sees the dashboard at /", async ({ page }) => {
    await page.goto("/");
    await expect(dashboardHeading(page)).toBeVisible();
    await expect(page).toHaveURL("/");
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard", exact: true }),
    ).toHaveAttribute("aria-current", "page");
    await expectNoSeriousA11yViolations(page, "the dashboard");
  });

  for (const path of ["/login", "/register", "/register-existing"]) {
    test(`is taken from ${path} to the dashboard`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL("/dashboard");
      await expect(dashboardHeading(page)).toBeVisible();
    });
  }

  test("sees the dashboard on an unknown path", async ({ page }) => {
    await page.goto("/this/does/not/exist");
    await expect(dashboardHeading(page)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sign in" })).toHaveCount(0);
  });

  test("is told that /admin/sync needs an administrator", async ({ page }) => {
    await page.goto("/admin/sync");
    await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
    await expect(page.getByText("You need administrator access to view this page.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Admin Sync" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "the access-denied page");

    await page.getByRole("link", { name: "Back to dashboard" }).click();
    await expect(dashboardHeading(page)).toBeVisible();
  });

  test("can still open /pay and /login-test", async ({ page }) => {
    await page.goto("/pay");
    await expect(page.getByRole("heading", { name: "This payment link does not work" })).toBeVisible();
    await page.goto("/login-test");
    await expect(page.getByRole("heading", { name: "Login Test" })).toBeVisible();
  });
});

test.describe("a signed-in admin", () => {
  test("opens /admin/sync from the Admin section of the sidebar", async ({ page, signInAs }) => {
    await signInAs("admin");
    await page.goto("/dashboard");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("heading", { name: "Admin" })).toBeVisible();

    const group = nav.getByRole("list", { name: "Admin" });
    await group.getByRole("link", { name: "Sync", exact: true }).click();
    await expect(page).toHaveURL("/admin/sync");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Sync" })).toBeVisible();
    await expect(group.getByRole("link", { name: "Sync", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expectNoSeriousA11yViolations(page, "/admin/sync");
  });
});
