import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";

const html = (page: Page) => page.locator("html");
const storedTheme = (page: Page) => page.evaluate(() => window.localStorage.getItem("vite-ui-theme"));
const themeChoices = (page: Page) =>
  page.getByRole("region", { name: "Your account" }).getByRole("group", { name: "Theme" });
const choice = (page: Page, name: "Light" | "Dark" | "System") =>
  themeChoices(page).getByRole("button", { name: `${name} theme` });

test.describe("the theme", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("customer");
  });

  test("switches to dark and stays dark across reloads", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/dashboard");
    await expect(html(page)).toHaveClass(/\blight\b/);

    await choice(page, "Dark").click();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    expect(await storedTheme(page)).toBe("dark");
    await expect(choice(page, "Dark")).toHaveAttribute("aria-pressed", "true");
    await expect(choice(page, "Light")).toHaveAttribute("aria-pressed", "false");

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    expect(await storedTheme(page)).toBe("dark");
    await expect(choice(page, "Dark")).toHaveAttribute("aria-pressed", "true");
    await expectNoSeriousA11yViolations(page, "the dashboard in the dark theme");

    await choice(page, "Light").click();
    await expect(html(page)).toHaveClass(/\blight\b/);
    expect(await storedTheme(page)).toBe("light");
  });

  test("keeps an explicit choice when the OS preference differs", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/dashboard");
    await choice(page, "Light").click();
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
    await expect(choice(page, "System")).toHaveAttribute("aria-pressed", "true");

    await page.emulateMedia({ colorScheme: "light" });
    await expect(html(page)).toHaveClass(/\blight\b/);
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
  });

  test("goes back to following the OS after light or dark was chosen, by keyboard too", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/dashboard");
    await choice(page, "Light").click();
    await expect(html(page)).toHaveClass(/\blight\b/);
    expect(await storedTheme(page)).toBe("light");

    await choice(page, "System").focus();
    await page.keyboard.press("Enter");
    await expect(choice(page, "System")).toHaveAttribute("aria-pressed", "true");
    await expect(choice(page, "Light")).toHaveAttribute("aria-pressed", "false");
    expect(await storedTheme(page)).toBe("system");
    await expect(html(page)).toHaveClass(/\bdark\b/);
    // It follows the OS live again, and after a reload.
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html(page)).toHaveClass(/\blight\b/);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(choice(page, "System")).toHaveAttribute("aria-pressed", "true");
    await expect(html(page)).toHaveClass(/\blight\b/);
    await expectNoSeriousA11yViolations(page, "the dashboard with the system theme chosen");
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
  await page.route("**/api/session", () => {
    // Never answered: the page must already be dark while it waits.
  });
  await page.goto("/login");
  await expect(page.getByRole("status", { name: "Loading" })).toBeVisible();
  await expect(html(page)).toHaveClass(/\bdark\b/);
});
