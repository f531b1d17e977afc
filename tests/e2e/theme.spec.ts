import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";

const html = (page: Page) => page.locator("html");
const storedTheme = (page: Page) => page.evaluate(() => window.localStorage.getItem("vite-ui-theme"));

test.describe("the theme", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("customer");
  });

  test("switches to dark and stays dark across reloads", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/dashboard");
    await expect(html(page)).toHaveClass(/\blight\b/);

    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    expect(await storedTheme(page)).toBe("dark");
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    expect(await storedTheme(page)).toBe("dark");
    await expectNoSeriousA11yViolations(page, "the dashboard in the dark theme");

    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(html(page)).toHaveClass(/\blight\b/);
    expect(await storedTheme(page)).toBe("light");
  });

  test("keeps an explicit choice when the OS preference differs", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(html(page)).toHaveClass(/\blight\b/);
  });

  test("follows the OS preference by default, live", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    expect(await storedTheme(page)).toBeNull();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();

    await page.emulateMedia({ colorScheme: "light" });
    await expect(html(page)).toHaveClass(/\blight\b/);
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
  });
});

test("signed-out screens honour the dark theme and stay accessible", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  for (const path of ["/login", "/register", "/register-existing"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expectNoSeriousA11yViolations(page, `${path} in the dark theme`);
  }
});

test("a stored dark theme applies before the session check answers", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("vite-ui-theme", "dark"));
  await page.route("**/api/user", () => {
    // Never answered: the page must already be dark while it waits.
  });
  await page.goto("/login");
  await expect(page.getByRole("status", { name: "Loading" })).toBeVisible();
  await expect(html(page)).toHaveClass(/\bdark\b/);
});
