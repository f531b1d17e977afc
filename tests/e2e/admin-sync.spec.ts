import type { Locator, Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { holdRequests } from "./support/held-requests";
import { toasts } from "./support/journeys";

const heading = (page: Page) => page.getByRole("heading", { level: 1, name: "Admin Sync" });
const statusCard = (page: Page) => page.getByRole("region", { name: "Database status" });
const resultsCard = (page: Page) => page.getByRole("region", { name: "Results" });
const recentRunRows = (page: Page) =>
  page.getByRole("region", { name: "Recent runs", exact: true }).getByRole("table").locator("tbody tr");

/** The figure a card shows under a label (a <dt>/<dd> pair without a hint), as a number. */
async function figure(card: Locator, label: string): Promise<number> {
  const text = await card
    .locator(`xpath=.//dt[normalize-space()='${label}']/following-sibling::dd[1]`)
    .textContent();
  const digits = text?.replace(/\D/g, "") ?? "";
  expect(digits, `a number under "${label}"`).not.toBe("");
  return Number(digits);
}

async function openAsAdmin(page: Page) {
  await page.goto("/admin/sync");
  await expect(heading(page)).toBeVisible();
  await expect(statusCard(page)).toBeVisible();
}

test.describe("an admin", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("admin");
  });

  test("sees the database status and runs Start User Sync from the demo folder", async ({ page }) => {
    // A run of the demo base can finish faster than the page can be looked at; the request is held
    // back until the progress state has been seen.
    const releaseSync = await holdRequests(page, "**/api/admin/sync-users");

    await openAsAdmin(page);
    await expect(page.getByText(/about 70 customers/)).toBeVisible();
    const status = statusCard(page);
    await expect(status.getByText(/CSV folder.*demo-data/)).toBeVisible();
    await expect(status.getByText("Schedule off", { exact: true })).toBeVisible();
    const usersBefore = await figure(status, "Total users");
    const runsBefore = await recentRunRows(page).count();

    const start = page.getByRole("button", { name: "Start User Sync" });
    await start.click();

    const progress = page.getByRole("status").filter({ hasText: /^Syncing…/ });
    await expect(progress).toBeVisible();
    await expect(start).toBeDisabled();
    await expect(page.getByRole("button", { name: "Sync changes only" })).toBeDisabled();

    releaseSync();
    await expect(toasts(page).filter({ hasText: "Sync Completed" })).toBeVisible({ timeout: 60_000 });
    await expect(progress).toBeHidden();
    await expect(start).toBeEnabled();

    const results = resultsCard(page);
    await expect(results.getByText(/The run you started/)).toBeVisible();
    expect(await figure(results, "Processed")).toBeGreaterThanOrEqual(70);
    expect(await figure(results, "Synced")).toBeGreaterThan(0);

    await expect(recentRunRows(page)).toHaveCount(runsBefore + 1);
    const newest = recentRunRows(page).first();
    await expect(newest).toContainText("Ada Admin");
    await expect(newest).toContainText("Full");
    await expect(newest).toContainText("Succeeded");

    // The e2e server starts with only its test users, so the first run brings the base's customers in
    // (a repeated run, with --repeat-each say, finds them already there).
    if (usersBefore < 70) {
      await expect.poll(() => figure(statusCard(page), "Total users")).toBeGreaterThan(usersBefore);
    }
    expect(await figure(statusCard(page), "Total users")).toBeGreaterThanOrEqual(70);
    await expectNoSeriousA11yViolations(page, "/admin/sync after a run");
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`the page passes axe in the ${colorScheme} theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await openAsAdmin(page);
      await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${colorScheme}\\b`));
      await expect(page.getByRole("region", { name: "Next steps" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/admin/sync in the ${colorScheme} theme`);
    });
  }

  test("words a scheduled run in plain sentences, and the Recent runs table fits its box at 1280 px", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // The e2e server runs with the schedule off: its runs are added to the real answer, among the
    // widest a run can be (a failure message, six-figure counts).
    const started = Date.now() - 60 * 60_000;
    const scheduled = (id: number, minutesLater: number, status: "running" | "failed" | "succeeded") => ({
      id,
      kind: "incremental",
      trigger: "schedule",
      startedBy: null,
      source: "csv",
      status,
      message:
        status === "failed"
          ? "The operator's base could not be read: the request timed out after 30 seconds"
          : null,
      startedAt: new Date(started + minutesLater * 60_000).toISOString(),
      finishedAt:
        status === "running" ? null : new Date(started + minutesLater * 60_000 + 754_000).toISOString(),
      processed: 123_456,
      synced: 120_000,
      errors: 3_456,
    });
    await page.route("**/api/admin/import-status", async (route) => {
      const response = await route.fetch();
      // A request the page gave up on (a poll that navigation or the next poll overtook) has
      // nothing left to answer; the next one gets the runs.
      const status = await response.json().catch(() => null);
      if (status === null) return;
      status.currentRun = scheduled(900_002, 50, "running");
      status.recentRuns = [
        status.currentRun,
        scheduled(900_001, 20, "failed"),
        scheduled(900_000, 0, "succeeded"),
        ...status.recentRuns,
      ];
      await route.fulfill({ response, json: status });
    });
    await openAsAdmin(page);

    await expect(resultsCard(page)).toContainText("a sync of changes only, started on schedule at");
    await expect(page.getByText(/Sync of changes only, started on schedule at/)).toBeVisible();
    await expect(page.getByText(/by The schedule/)).toHaveCount(0);
    await expect(recentRunRows(page).first()).toContainText("The schedule");

    const scroller = page.getByRole("region", { name: "Recent runs table" });
    expect(
      await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth),
      "the Recent runs table is no wider than its box",
    ).toBe(true);
    const box = await scroller.boundingBox();
    const errors = await recentRunRows(page).first().locator("td").last().boundingBox();
    expect((errors?.x ?? 0) + (errors?.width ?? 0)).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
    await expectNoSeriousA11yViolations(page, "/admin/sync with scheduled runs at 1280 px");
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test("fits the screen and is usable by keyboard", async ({ page }) => {
      await openAsAdmin(page);
      await expect(page.getByRole("region", { name: "Recent runs", exact: true })).toBeVisible();
      // Nothing makes the page itself scroll sideways: wide tables scroll inside their own box.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      const start = page.getByRole("button", { name: "Start User Sync" });
      await start.scrollIntoViewIfNeeded();
      await expect(start).toBeInViewport();
      const box = await start.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);

      // The Tab key reaches both sync buttons.
      for (const name of ["Start User Sync", "Sync changes only"]) {
        let reached = false;
        for (let i = 0; i < 40 && !reached; i++) {
          await page.keyboard.press("Tab");
          reached = await page.getByRole("button", { name }).evaluate((el) => el === document.activeElement);
        }
        expect(reached, `Tab reaches ${name}`).toBe(true);
      }
      await expectNoSeriousA11yViolations(page, "/admin/sync on a phone");
    });
  });
});

test.describe("a customer", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("customer");
  });

  test("is refused the page and has no link to it", async ({ page }) => {
    await page.goto("/dashboard");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();
    await expect(nav.locator('a[href^="/admin"]')).toHaveCount(0);
    await expect(nav.getByRole("heading", { name: "Admin" })).toHaveCount(0);

    await page.goto("/admin/sync");
    await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
    await expect(heading(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Start User Sync" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Database status" })).toHaveCount(0);

    // The API refuses them too (decision D5).
    const status = await page.request.get("/api/admin/import-status");
    expect(status.status()).toBe(403);
  });
});
