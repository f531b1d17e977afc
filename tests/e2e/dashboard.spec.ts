import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";

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
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
});
