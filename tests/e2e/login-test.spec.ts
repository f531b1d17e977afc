import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { e2eUsers } from "./support/users";

const result = (page: Page) => page.getByRole("region", { name: "Result" });

test("a signed-out developer checks the session and tries a sign-in", async ({ page }) => {
  await page.goto("/login-test");
  await expect(page.getByRole("heading", { level: 1, name: "Login Test" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "/login-test");

  await page.getByRole("button", { name: "Check session" }).click();
  await expect(result(page)).toContainText("Check session: succeeded");
  await expect(result(page)).toContainText("Not signed in");

  await page.getByLabel("Email").fill(e2eUsers.customer.email);
  await page.getByLabel("Password", { exact: true }).fill("Wrong-Password-123!");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(result(page)).toContainText("Log in: failed");
  await expect(result(page)).toContainText("Invalid email or password");
  await expectNoSeriousA11yViolations(page, "/login-test with a result");
});

test("a signed-in developer sees the session as JSON and logs out", async ({ page, signInAs }) => {
  await signInAs("customer", { disposable: 2 });
  await page.goto("/login-test");
  await page.getByRole("button", { name: "Check session" }).click();
  await expect(result(page)).toContainText(`"email": "${e2eUsers.customer.email}"`);

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(result(page)).toContainText("Log out: succeeded");
  await page.getByRole("button", { name: "Check session" }).click();
  await expect(result(page)).toContainText("Not signed in");
});

test.describe("where developer tools are off (production)", () => {
  test.beforeEach(async ({ page }) => {
    await page.route("**/api/config", async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), devToolsEnabled: false } });
    });
  });

  test("/login-test is an unknown path: the sign-in screen for a visitor", async ({ page }) => {
    await page.goto("/login-test");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expect(page).toHaveURL("/login-test");
    await expect(page.getByRole("heading", { name: "Login Test" })).toHaveCount(0);
  });

  test("/login-test is an unknown path: the dashboard for a signed-in user", async ({ page, signInAs }) => {
    await signInAs("customer");
    await page.goto("/login-test");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Login Test" })).toHaveCount(0);
  });
});
