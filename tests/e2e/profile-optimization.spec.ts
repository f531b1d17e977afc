import type { Page } from "@playwright/test";
import { optimizerRequests } from "./support/e2e-optimizations";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";

const LIST_URL = "**/api/profile-optimizations/*";

const cards = (page: Page) => page.getByRole("main").getByRole("article");
const card = (page: Page, formName: string) =>
  cards(page).filter({ has: page.getByRole("heading", { name: formName }) });
const search = (page: Page) => page.getByRole("searchbox", { name: "Search" });

async function openRequests(page: Page) {
  await page.goto("/profile-optimization");
  await expect(page.getByRole("heading", { level: 1, name: "Profile Optimization Requests" })).toBeVisible();
}

async function expectCards(page: Page, formNames: string[]) {
  await expect(cards(page)).toHaveCount(formNames.length);
  for (const name of formNames) await expect(card(page, name)).toBeVisible();
}

test.describe("the profile optimization requests of a customer with requests", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("optimizer");
  });

  test("lists every request with its total and the card's fields", async ({ page }) => {
    await openRequests(page);
    await expectCards(
      page,
      optimizerRequests.map((r) => r.formName),
    );
    await expect(page.getByText("8 total requests")).toBeVisible();
    const healthcare = card(page, "Healthcare Outreach");
    const field = (label: string) => healthcare.locator("dt", { hasText: label }).locator("+ dd");
    await expect(field("Number of profiles")).toHaveText("3");
    await expect(field("Submitted")).toHaveText(/2026/);
    await expect(field("Gender")).toHaveText("Male");
    await expect(field("Ethnicity")).toHaveText("Caucasian");
    await expect(field("Locations")).toHaveText("Dublin, County Dublin, Ireland");
    await expect(field("Company")).toHaveText("Meridian Health Partners");
    await expect(field("Profile link")).toHaveText("—");
    await expectNoSeriousA11yViolations(page, "/profile-optimization");
  });

  test("searches over form name, gender, ethnicity and company name", async ({ page }) => {
    await openRequests(page);
    for (const [term, expected] of [
      ["sales team", ["Sales Team Refresh"]],
      ["female", ["Sales Team Refresh", "Founder Headlines"]],
      ["Black / African", ["Founder Headlines"]],
      ["hudson capital", ["Q1 Campaign Profiles"]],
    ] as const) {
      await search(page).fill(term);
      await expectCards(page, [...expected]);
    }
    await expect(page.getByText("1 of 8 total requests")).toBeVisible();
    // Industry is not one of the searched fields here.
    await search(page).fill("Venture Capital");
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByText("No requests match your search")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/profile-optimization with no matches");
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(search(page)).toHaveValue("");
    await expect(cards(page)).toHaveCount(optimizerRequests.length);
  });

  test("expands a card into its four sections, keeping the long texts' line breaks", async ({ page }) => {
    await openRequests(page);
    const healthcare = card(page, "Healthcare Outreach");
    const toggle = healthcare.getByRole("button", { name: /^Show (more|less) about Healthcare Outreach$/ });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    for (const section of [
      "Professional Details",
      "Experience",
      "Education & Skills",
      "Additional Criteria",
    ]) {
      await expect(healthcare.getByRole("heading", { level: 3, name: section, exact: true })).toBeVisible();
    }
    const experience = healthcare.getByText(/^• Built and ran the recruiting motion/);
    await expect(experience).toHaveCSS("white-space", "pre-line");
    expect((await experience.textContent())?.split("\n")).toHaveLength(3);
    await expectNoSeriousA11yViolations(page, "/profile-optimization with a card expanded");

    // By keyboard: Enter collapses it again.
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(healthcare.getByRole("heading", { name: "Additional Criteria" })).toBeHidden();
  });

  test("shows skeleton cards while the list is on its way", async ({ page }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(LIST_URL, async (route) => {
      await released;
      await route.continue();
    });
    await openRequests(page);
    const loading = page.getByRole("status", { name: "Loading profile optimizations" });
    await expect(loading).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/profile-optimization while loading");
    release();
    await expect(cards(page)).toHaveCount(optimizerRequests.length);
    await expect(loading).toHaveCount(0);
  });

  test("says the list failed to load, and Try again loads it", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 500/);
    await page.route(LIST_URL, (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"Internal error"}' }),
    );
    await openRequests(page);
    const alert = page.getByRole("alert").filter({ hasText: "Error loading profile optimizations" });
    await expect(alert).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/profile-optimization after a failed load");
    await page.unroute(LIST_URL);
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(cards(page)).toHaveCount(optimizerRequests.length);
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test.describe(`on a phone in the ${colorScheme} theme`, () => {
      test.use({ viewport: { width: 390, height: 844 }, colorScheme });

      test("fits the screen with the longest card expanded and passes axe", async ({ page }) => {
        await openRequests(page);
        await card(page, "Healthcare Outreach")
          .getByRole("button", { name: /Show more/ })
          .click();
        await expect(
          card(page, "Healthcare Outreach").getByRole("heading", { name: "Additional Criteria" }),
        ).toBeVisible();
        if (colorScheme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await expectNoSeriousA11yViolations(page, `/profile-optimization on a phone (${colorScheme})`);
      });
    });
  }

  test("passes axe in the dark theme on a desktop", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await openRequests(page);
    await card(page, "Sales Team Refresh")
      .getByRole("button", { name: /Show more/ })
      .click();
    await expectNoSeriousA11yViolations(page, "/profile-optimization in the dark theme");
  });
});

test("shows the empty state to a customer with no requests", async ({ page, signInAs }) => {
  await signInAs("customer");
  await openRequests(page);
  await expect(page.getByText("No profile optimization requests yet")).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, "/profile-optimization with no requests");
});
