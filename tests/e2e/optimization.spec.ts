import type { Page } from "@playwright/test";
import {
  OPTIMIZATION_STATUSES,
  optimizationStatusLabel,
  optimizationToneOf,
} from "../../src/shared/optimization-status";
import { optimizerRequests } from "./support/e2e-optimizations";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { e2eUsers } from "./support/users";

const LIST_URL = "**/api/profile-optimizations";
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
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(LIST_URL, async (route) => {
      await released;
      await route.continue();
    });
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
    await expect(alert).toBeVisible();
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
