import type { Locator, Page } from "@playwright/test";
import { newPerson } from "../support/builders";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { registerThroughApi } from "./support/journeys";

const card = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** The figure a card shows under a label (a <dt>/<dd> pair). */
const figure = (region: Locator, label: string) =>
  region.locator(`xpath=.//dt[normalize-space()='${label}']/following-sibling::dd[1]`);

/** A count card's number and whether it says Active (spec: a check above zero, a dash otherwise). */
async function expectCount(page: Page, name: string, count: string, active: boolean) {
  const region = card(page, name);
  await expect(region.getByText(count, { exact: true })).toBeVisible();
  await expect(region.getByText("Active", { exact: true })).toHaveCount(active ? 1 : 0);
  if (!active) await expect(region.getByText("—")).toBeVisible();
}

test.describe("a customer without accounts", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("customer");
  });

  test("the welcome banner greets by first name and stays dismissed for the tab's session", async ({
    page,
    context,
  }) => {
    await page.goto("/dashboard");
    const greeting = page.getByRole("heading", { name: /^Welcome( back)?, Casey!$/ });
    await expect(greeting).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the dashboard with the welcome banner");

    await page.getByRole("button", { name: "Dismiss welcome message" }).click();
    await expect(greeting).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(greeting).toHaveCount(0);

    // A new tab is a new browser session, so the banner is back there.
    const otherTab = await context.newPage();
    await otherTab.goto("/dashboard");
    await expect(otherTab.getByRole("heading", { name: /^Welcome( back)?, Casey!$/ })).toBeVisible();
    await otherTab.close();
  });

  test("Place Order goes to the orders page", async ({ page }) => {
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Place Order" }).click();
    await expect(page).toHaveURL("/orders");
    await expect(page.getByRole("heading", { level: 1, name: "LinkedIn Account Plans" })).toBeVisible();
  });

  test("a new customer without accounts is asked to order their first ones", async ({ page }) => {
    await page.goto("/dashboard");
    await expectCount(page, "LinkedIn Accounts", "0", false);
    await expect(page.getByText(/Order your first LinkedIn accounts/)).toBeVisible();
  });

  test("sees zero counts with dashes, and no recent activity", async ({ page }) => {
    await page.goto("/dashboard");
    await expectCount(page, "LinkedIn Accounts", "0", false);
    await expectCount(page, "Sales Navigator Accounts", "0", false);
    await expectCount(page, "Email Accounts", "0", false);
    await expectCount(page, "WhatsApp Accounts", "0", false);
    const status = card(page, "Account Status");
    await expect(figure(status, "Active")).toHaveText("0");
    await expect(figure(status, "Pending Setup")).toHaveText("0");
    await expect(figure(status, "Issues")).toHaveText("0");
    await expect(card(page, "Recent Activity").getByText("No recent activity")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the dashboard of a customer without accounts");
  });
});

test.describe("a customer with twelve accounts", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("accountsOwner");
  });

  test("sees the count cards and the Account Status computed from the accounts", async ({ page }) => {
    await page.goto("/dashboard");
    await expectCount(page, "LinkedIn Accounts", "12", true);
    await expectCount(page, "Sales Navigator Accounts", "3", true);
    await expectCount(page, "Email Accounts", "0", false);
    await expectCount(page, "WhatsApp Accounts", "0", false);
    // Decision D1: signed in / not signed in / wrong password or restricted.
    const status = card(page, "Account Status");
    await expect(figure(status, "Active")).toHaveText("4");
    await expect(figure(status, "Pending Setup")).toHaveText("3");
    await expect(figure(status, "Issues")).toHaveText("5");
    await expectNoSeriousA11yViolations(page, "the dashboard with accounts");
  });

  test("is not asked to order a first account, being new but with twelve", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Welcome, Olivia!" })).toBeVisible();
    await expectCount(page, "LinkedIn Accounts", "12", true);
    await expect(page.getByText(/Order your first/)).toHaveCount(0);
    await expect(
      page.getByText("Here is an overview of your accounts. Order more whenever you need them."),
    ).toBeVisible();
  });

  test("the count cards and Account Status say when the accounts could not be loaded", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 500/);
    await page.route("**/api/accounts/linkedin/user/*", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"Internal error"}' }),
    );
    await page.goto("/dashboard");
    await expect(
      page.getByRole("alert").filter({ hasText: "Your account figures could not be loaded" }),
    ).toBeVisible();
    for (const name of ["LinkedIn Accounts", "Sales Navigator Accounts"]) {
      const region = card(page, name);
      await expect(region.getByText("Could not be loaded")).toBeVisible();
      await expect(region.getByText("…")).toHaveCount(0);
      await expect(region).toContainText("Unavailable");
    }
    const status = card(page, "Account Status");
    await expect(status.getByText("Your LinkedIn accounts could not be loaded.")).toBeVisible();
    for (const label of ["Active", "Pending Setup", "Issues"]) {
      await expect(figure(status, label)).toHaveText("—Unavailable");
    }
    // The welcome banner does not guess either way.
    await expect(page.getByText(/Order your first/)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "the dashboard when the accounts could not be loaded");
  });

  test("an export of every account's passwords is one line of Recent Activity", async ({ page }) => {
    await page.goto("/accounts/linkedin");
    await page.getByLabel("Include passwords and recovery codes").check();
    await page.getByRole("button", { name: "Export CSV" }).click();
    await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("alertdialog").getByRole("button", { name: "Export with passwords" }).click(),
    ]);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Dashboard", exact: true })
      .click();
    const items = card(page, "Recent Activity").getByRole("listitem");
    await expect(items.filter({ hasText: "Exported the passwords of 12 accounts" })).toHaveCount(1);
    // Not a line per account.
    await expect(items.filter({ hasText: /Exported the passwords of \S+@/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "the dashboard after an export");
  });

  test("Quick Actions lead to the accounts and to ordering", async ({ page }) => {
    await page.goto("/dashboard");
    const actions = card(page, "Quick Actions");
    await expect(actions.getByRole("link", { name: "Order New Accounts" })).toHaveAttribute(
      "href",
      "/orders",
    );
    await actions.getByRole("link", { name: "View LinkedIn Accounts" }).click();
    await expect(page).toHaveURL("/accounts/linkedin");
    await expect(page.getByRole("heading", { level: 1, name: "Your LinkedIn Accounts" })).toBeVisible();
  });

  test("passes axe in the dark theme", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/dashboard");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expectCount(page, "LinkedIn Accounts", "12", true);
    await expectNoSeriousA11yViolations(page, "the dashboard in the dark theme");
  });
});

test.describe("Recent Activity on a busy day", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("customer");
  });

  test("keeps its height and scrolls its list, by keyboard too", async ({ page }) => {
    const now = Date.now();
    const items = Array.from({ length: 10 }, (_, i) => ({
      type: "reveal",
      at: new Date(now - i * 60_000).toISOString(),
      secret: "password",
      account: `a-rather-long-linkedin-address-number-${i}@example.com`,
      accounts: 1,
      byAnotherUser: i % 2 === 1,
    }));
    await page.route("**/api/activity", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ items }) }),
    );
    await page.goto("/dashboard");
    const activity = card(page, "Recent Activity");
    await expect(activity.getByRole("listitem")).toHaveCount(10);
    const list = activity.getByRole("list");
    const height = (await activity.boundingBox())?.height ?? 0;
    expect(height, "the card's height is capped").toBeLessThanOrEqual(480);
    expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight), "the list scrolls").toBe(true);
    await list.focus();
    await page.keyboard.press("End");
    await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page, "the dashboard with a full Recent Activity");
  });
});

test.describe("a customer who reveals a password", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("revealer");
  });

  test("finds the reveal in Recent Activity", async ({ page }) => {
    await page.goto("/dashboard");
    const activity = card(page, "Recent Activity");
    await card(page, "Quick Actions").getByRole("link", { name: "View LinkedIn Accounts" }).click();
    await page.getByRole("button", { name: "Show password of Rita Reveal" }).click();
    await expect(page.getByText("R1ta-pw")).toBeVisible();

    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Dashboard", exact: true })
      .click();
    // Newest first: the reveal just made leads the list.
    const item = activity.getByRole("listitem").first();
    await expect(item).toContainText("Revealed the password of rita.reveal@example.com");
    await expect(item.locator("time")).toHaveText("just now");
    await expectCount(page, "LinkedIn Accounts", "2", true);
    await expectCount(page, "Sales Navigator Accounts", "1", true);
  });
});

test.describe("a new customer who pays on the test checkout", () => {
  const PHONE = { width: 390, height: 844 };

  // A customer of their own, so that their Recent Activity holds only what this test does.
  test("finds the payment and the order in Recent Activity, at desktop and phone widths", async ({
    page,
    baseURL,
  }) => {
    await registerThroughApi(page.request, baseURL, newPerson("Petra", "Payer"));
    await page.goto("/dashboard");
    const activity = card(page, "Recent Activity");
    await expect(activity.getByText("No recent activity")).toBeVisible();

    await page.getByRole("link", { name: "Place Order" }).click();
    await expect(page).toHaveURL("/orders");
    const cart = page.getByRole("region", { name: "Your cart" });
    await page
      .getByRole("group", { name: "LinkedIn Plus", exact: true })
      .getByRole("button", { name: /Add to Cart/ })
      .click();
    await page
      .getByRole("group", { name: "LinkedIn Automation", exact: true })
      .getByRole("button", { name: /Add to Cart/ })
      .click();
    await cart.getByRole("button", { name: "Confirm and Checkout" }).click();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(page).toHaveURL(/\/test-checkout\/cs_local_/);
    await page.getByRole("button", { name: /^Pay \$178\.00/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();

    await page.goto("/dashboard");
    const items = activity.getByRole("listitem");
    // The payment leads; the order it paid was started just before.
    const payment = items.first();
    await expect(payment).toContainText("Payment: $178.00 for 1 × LinkedIn Plus, 1 × LinkedIn Automation");
    await expect(payment.locator("time")).toHaveText("just now");
    await expect(items.nth(1)).toContainText(
      "Order paid: $178.00 for 1 × LinkedIn Plus, 1 × LinkedIn Automation",
    );
    await expect(items).toHaveCount(2);
    await expect(activity.getByText("No recent activity")).toHaveCount(0);
    await expect(activity.getByRole("link", { name: /^Order paid: \$178\.00/ })).toHaveAttribute(
      "href",
      "/billing/orders",
    );
    await expectNoSeriousA11yViolations(page, "the dashboard after a payment");

    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(payment).toContainText("Payment: $178.00");
    const box = await payment.boundingBox();
    expect(box, "the payment's line is on screen").not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0), "the line fits the phone's width").toBeLessThanOrEqual(
      PHONE.width,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousA11yViolations(page, "the dashboard after a payment on a phone");

    await activity.getByRole("link", { name: /^Payment: \$178\.00/ }).click();
    await expect(page).toHaveURL("/billing/transactions");
  });
});
