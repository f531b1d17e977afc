import type { Page } from "@playwright/test";
import {
  OPTIMIZATION_STATUSES,
  optimizationStatusLabel,
  optimizationToneOf,
} from "../../src/shared/optimization-status";
import { optimizerRequests } from "./support/e2e-optimizations";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { holdRequests } from "./support/held-requests";
import { e2eUsers } from "./support/users";

// The two screens of one feature: /optimization (progress) reads the list, /profile-optimization
// (criteria) reads it by the customer's uid.
const LIST_URL = "**/api/profile-optimizations";
const UID_LIST_URL = "**/api/profile-optimizations/*";
const LOAD_FAILED = "Failed to load profile optimizations. Please try again.";

const cards = (page: Page) => page.getByRole("main").getByRole("article");
const card = (page: Page, formName: string) =>
  cards(page).filter({ has: page.getByRole("heading", { name: formName }) });
const search = (page: Page) => page.getByRole("searchbox", { name: "Search" });
const statusSelect = (page: Page) => page.getByRole("combobox", { name: "Status" });
const filtersButton = (page: Page) => page.getByRole("button", { name: /^Filters/ });

async function openOptimization(page: Page) {
  await page.goto("/optimization");
  await expect(page.getByRole("heading", { level: 1, name: "Profile Optimization" })).toBeVisible();
}

async function openRequests(page: Page) {
  await page.goto("/profile-optimization");
  await expect(page.getByRole("heading", { level: 1, name: "Profile Optimization Requests" })).toBeVisible();
}

async function expectCards(page: Page, formNames: string[]) {
  await expect(cards(page)).toHaveCount(formNames.length);
  for (const name of formNames) await expect(card(page, name)).toBeVisible();
}

test.describe("the optimization screen of a customer with requests", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("optimizer");
  });

  test("lists every request with its real status badge in its colour", async ({ page }) => {
    await openOptimization(page);
    await expectCards(
      page,
      optimizerRequests.map((r) => r.formName),
    );
    for (const request of optimizerRequests) {
      const badge = card(page, request.formName).getByText(optimizationStatusLabel(request.status), {
        exact: true,
      });
      await expect(badge).toBeVisible();
      await expect(badge).toHaveAttribute("data-tone", optimizationToneOf(request.status));
    }
    // Nothing says "Submitted" but the one request that is.
    await expect(cards(page).getByText("Submitted", { exact: true })).toHaveCount(1);
    await expect(page.getByText("8 requests")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/optimization");
  });

  test("searches by form name, industry and current location", async ({ page }) => {
    await openOptimization(page);
    for (const [term, expected] of [
      ["recruiter prof", ["Recruiter Profiles"]],
      ["Venture Capital", ["Founder Headlines"]],
      ["singapore", ["Paused Fintech Request"]],
    ] as const) {
      await search(page).fill(term);
      await expectCards(page, [...expected]);
    }
    // Gender is not one of the searched fields.
    await search(page).fill("Female");
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByText("No optimization requests match your search and filters")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/optimization with no matches");
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(search(page)).toHaveValue("");
    await expect(cards(page)).toHaveCount(optimizerRequests.length);
  });

  test("filters by every status from the collapsible Filters panel", async ({ page }) => {
    await openOptimization(page);
    await expect(statusSelect(page)).toBeHidden();
    await expect(filtersButton(page)).toHaveAttribute("aria-expanded", "false");
    await filtersButton(page).click();
    await expect(filtersButton(page)).toHaveAttribute("aria-expanded", "true");
    await expect(statusSelect(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/optimization with the Filters panel open");

    for (const status of OPTIMIZATION_STATUSES) {
      await statusSelect(page).selectOption(status);
      const expected = optimizerRequests.filter((r) => r.status === status).map((r) => r.formName);
      await expectCards(page, expected);
      await expect(page).toHaveURL(new RegExp(`status=${status}`));
      await expect(
        cards(page).first().getByText(optimizationStatusLabel(status), { exact: true }),
      ).toBeVisible();
    }

    // A status outside R14's list ("on_hold") is under Other, and only there.
    await statusSelect(page).selectOption({ label: "Other" });
    await expectCards(page, ["Agency Partnership"]);
    await expect(page).toHaveURL(/status=other/);
    await expect(card(page, "Agency Partnership").getByText("On hold", { exact: true })).toBeVisible();

    // A status and a search together, then none.
    await statusSelect(page).selectOption("completed");
    await search(page).fill("Berlin");
    await expect(page.getByText("No optimization requests match your search and filters")).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).first().click();
    await expect(statusSelect(page)).toHaveValue("all");
    await expect(cards(page)).toHaveCount(optimizerRequests.length);

    // Collapsing the panel hides the select again.
    await filtersButton(page).click();
    await expect(statusSelect(page)).toBeHidden();
  });

  test("keeps a chosen status across a reload, with the panel open", async ({ page }) => {
    await page.goto("/optimization?status=in_review");
    await expect(statusSelect(page)).toHaveValue("in_review");
    await expectCards(page, ["Healthcare Outreach"]);
  });

  test("expands a card into its sections, by mouse and by keyboard, keeping line breaks", async ({
    page,
  }) => {
    await openOptimization(page);
    const healthcare = card(page, "Healthcare Outreach");
    const toggle = healthcare.getByRole("button", { name: /^(Show|Hide) details of Healthcare Outreach$/ });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    for (const section of [
      "Basic Information",
      "Demographics",
      "Profile Content",
      "Profile URLs & Media",
      "Status",
      "Notes",
    ]) {
      await expect(healthcare.getByRole("heading", { level: 3, name: section, exact: true })).toBeVisible();
    }
    const about = healthcare.getByText(/^Customer Success Director with 12 years/);
    await expect(about).toHaveCSS("white-space", "pre-line");
    expect(await about.textContent()).toContain("Hospital & Health Care.\n\n");
    await expect(
      healthcare.getByText(/^Use the photos in the shared folder\.\nNo stock images\.$/),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/optimization with a card expanded");

    await toggle.click();
    await expect(healthcare.getByRole("heading", { name: "Demographics" })).toBeHidden();

    const berlin = card(page, "Berlin Expansion").getByRole("button", {
      name: /details of Berlin Expansion/,
    });
    await berlin.focus();
    await page.keyboard.press("Enter");
    await expect(card(page, "Berlin Expansion").getByRole("heading", { name: "Demographics" })).toBeVisible();
    await page.keyboard.press("Space");
    await expect(card(page, "Berlin Expansion").getByRole("heading", { name: "Demographics" })).toBeHidden();
  });

  test("New Request opens the customer's request form in a new tab", async ({ page, context }) => {
    const formUrl = e2eUsers.optimizer.optimizationUrl;
    await context.route(`${formUrl}**`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Request form</title><h1>Request form</h1>" }),
    );
    await openOptimization(page);
    const newRequest = page.getByRole("link", { name: /^New Request/ });
    await expect(newRequest).toHaveAttribute("href", formUrl);
    await expect(newRequest).toHaveAttribute("target", "_blank");
    const [popup] = await Promise.all([context.waitForEvent("page"), newRequest.click()]);
    await expect(popup).toHaveURL(formUrl);
    await expect(page).toHaveURL(/\/optimization$/);
  });

  test("shows a loading state while the list is on its way", async ({ page }) => {
    const release = await holdRequests(page, LIST_URL);
    await openOptimization(page);
    const loading = page.getByRole("status", { name: "Loading your optimization requests" });
    await expect(loading).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/optimization while loading");
    release();
    await expect(cards(page)).toHaveCount(optimizerRequests.length);
    await expect(loading).toHaveCount(0);
  });

  test("says the list failed to load, and Try again loads it", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 500/);
    await page.route(LIST_URL, (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"Internal error"}' }),
    );
    await openOptimization(page);
    const alert = page.getByRole("alert").filter({ hasText: LOAD_FAILED });
    await expect(alert.getByRole("heading", { name: LOAD_FAILED })).toBeVisible();
    await expect(alert).toContainText("Internal error");
    await expect(cards(page)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "/optimization after a failed load");

    await page.unroute(LIST_URL);
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(cards(page)).toHaveCount(optimizerRequests.length);
    await expect(alert).toHaveCount(0);
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test.describe(`on a phone in the ${colorScheme} theme`, () => {
      test.use({ viewport: { width: 390, height: 844 }, colorScheme });

      test("fits the screen with the longest card expanded and passes axe", async ({ page }) => {
        await openOptimization(page);
        await filtersButton(page).click();
        await card(page, "Healthcare Outreach")
          .getByRole("button", { name: /Show details/ })
          .click();
        await expect(card(page, "Healthcare Outreach").getByRole("heading", { name: "Notes" })).toBeVisible();
        if (colorScheme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await expectNoSeriousA11yViolations(page, `/optimization on a phone (${colorScheme})`);
      });
    });
  }

  test("passes axe in the dark theme on a desktop", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await openOptimization(page);
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await card(page, "Sales Team Refresh")
      .getByRole("button", { name: /Show details/ })
      .click();
    await expectNoSeriousA11yViolations(page, "/optimization in the dark theme");
  });
});

test.describe("the optimization screen of a customer with no requests and no request form", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("customer");
  });

  test("shows the empty state, and New Request says how to get a form", async ({ page }) => {
    await openOptimization(page);
    await expect(page.getByText("You have no profile optimization requests yet")).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^New Request/ })).toHaveCount(0);

    await page.getByRole("button", { name: "New Request" }).click();
    const notice = page
      .locator("[data-slot=alert]")
      .filter({ hasText: "Your request form is not set up yet" });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole("link", { name: "support@example.com" })).toHaveAttribute(
      "href",
      /^mailto:support@example\.com\?subject=/,
    );
    await expect(notice.getByRole("link", { name: "Help Centre" })).toHaveAttribute("href", "/help-centre");
    await expectNoSeriousA11yViolations(page, "/optimization with no requests");
  });
});

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
    await expect(page.getByText("8 requests", { exact: true })).toBeVisible();
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
    await expect(page.getByText("Showing 1 of 8 requests")).toBeVisible();
    // Industry is not one of the searched fields here.
    await search(page).fill("Venture Capital");
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByText("No optimization requests match your search and filters")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/profile-optimization with no matches");
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(search(page)).toHaveValue("");
    await expect(cards(page)).toHaveCount(optimizerRequests.length);
  });

  test("expands a card into its four sections, keeping the long texts' line breaks", async ({ page }) => {
    await openRequests(page);
    const healthcare = card(page, "Healthcare Outreach");
    const toggle = healthcare.getByRole("button", { name: /^(Show|Hide) details of Healthcare Outreach$/ });
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
    const release = await holdRequests(page, UID_LIST_URL);
    await openRequests(page);
    const loading = page.getByRole("status", { name: "Loading your optimization requests" });
    await expect(loading).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/profile-optimization while loading");
    release();
    await expect(cards(page)).toHaveCount(optimizerRequests.length);
    await expect(loading).toHaveCount(0);
  });

  test("says the list failed to load, and Try again loads it", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 500/);
    await page.route(UID_LIST_URL, (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"Internal error"}' }),
    );
    await openRequests(page);
    const alert = page.getByRole("alert").filter({ hasText: "Error loading profile optimizations" });
    await expect(alert.getByRole("heading", { name: "Error loading profile optimizations" })).toBeVisible();
    await expect(alert).toContainText("Internal error");
    await expectNoSeriousA11yViolations(page, "/profile-optimization after a failed load");
    await page.unroute(UID_LIST_URL);
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(cards(page)).toHaveCount(optimizerRequests.length);
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test.describe(`on a phone in the ${colorScheme} theme`, () => {
      test.use({ viewport: { width: 390, height: 844 }, colorScheme });

      test("fits the screen with the longest card expanded and passes axe", async ({ page }) => {
        await openRequests(page);
        await card(page, "Healthcare Outreach")
          .getByRole("button", { name: /Show details/ })
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
      .getByRole("button", { name: /Show details/ })
      .click();
    await expectNoSeriousA11yViolations(page, "/profile-optimization in the dark theme");
  });
});

test("shows the empty state on /profile-optimization to a customer with no requests", async ({
  page,
  signInAs,
}) => {
  await signInAs("customer");
  await openRequests(page);
  await expect(page.getByText("No profile optimization requests yet")).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, "/profile-optimization with no requests");
});

test.describe("the two optimization screens", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("optimizer");
  });

  const tabs = (page: Page) => page.getByRole("navigation", { name: "Optimization requests" });

  test("link to each other by tabs, the current one marked", async ({ page }) => {
    await openOptimization(page);
    await expect(tabs(page).getByRole("link", { name: "Progress" })).toHaveAttribute("aria-current", "page");
    await tabs(page).getByRole("link", { name: "Request criteria" }).click();
    await expect(page).toHaveURL(/\/profile-optimization$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Profile Optimization Requests" }),
    ).toBeVisible();
    await expect(tabs(page).getByRole("link", { name: "Request criteria" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(cards(page)).toHaveCount(optimizerRequests.length);
    await expectNoSeriousA11yViolations(page, "/profile-optimization with its tabs");

    await tabs(page).getByRole("link", { name: "Progress" }).click();
    await expect(page).toHaveURL(/\/optimization$/);
    await expect(page.getByRole("heading", { level: 1, name: "Profile Optimization" })).toBeVisible();
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the tabs fit and lead from one screen to the other", async ({ page }) => {
      await openRequests(page);
      const progress = tabs(page).getByRole("link", { name: "Progress" });
      const box = await progress.boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
      await progress.click();
      await expect(page.getByRole("heading", { level: 1, name: "Profile Optimization" })).toBeVisible();
      await expect(cards(page)).toHaveCount(optimizerRequests.length);
    });
  });
});
