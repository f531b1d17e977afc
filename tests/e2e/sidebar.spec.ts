import { expect, test } from "./support/fixtures";
import { e2eUsers } from "./support/users";

test.describe("the sidebar of a signed-in customer", () => {
  test.beforeEach(async ({ page, signInAs }) => {
    await signInAs("customer");
    await page.goto("/dashboard");
  });

  test("starts with Accounts expanded and Billing & Orders collapsed, and both toggle", async ({ page }) => {
    const nav = page.getByRole("navigation", { name: "Main" });
    const accounts = nav.getByRole("button", { name: "Accounts" });
    const billing = nav.getByRole("button", { name: "Billing & Orders" });

    await expect(accounts).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: /^LinkedIn/ })).toBeVisible();
    await expect(billing).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Orders" })).toBeHidden();

    await billing.click();
    await expect(billing).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Orders" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Transaction History" })).toBeVisible();

    await accounts.click();
    await expect(accounts).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: /^LinkedIn/ })).toBeHidden();

    await billing.click();
    await expect(nav.getByRole("link", { name: "Orders" })).toBeHidden();
  });

  test("marks LinkedIn active and the other account types as coming soon", async ({ page }) => {
    const nav = page.getByRole("navigation", { name: "Main" });
    const linkedin = nav.getByRole("link", { name: /^LinkedIn/ });
    await expect(linkedin).toContainText("Active");
    await expect(linkedin).toHaveAttribute("href", "/accounts/linkedin");

    for (const name of ["Email", "WhatsApp", "Facebook"]) {
      const item = nav.getByRole("button", { name: new RegExp(`^${name}`) });
      await expect(item).toBeVisible();
      await expect(item).toBeDisabled();
      await expect(item).toContainText("Soon");
      await expect(nav.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveCount(0);
    }

    // A coming-soon entry goes nowhere when clicked.
    await nav.getByRole("button", { name: /^Email/ }).click({ force: true });
    await expect(page).toHaveURL("/dashboard");
  });

  test("links the Knowledge Base in a new tab", async ({ page }) => {
    const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Knowledge Base/ });
    await expect(link).toBeVisible();
    await expect(link).toHaveAccessibleName("Knowledge Base (opens in a new tab)");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(link).toHaveAttribute("href", /^https?:\/\//);
  });

  test("shows no Admin section", async ({ page }) => {
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Settings" })).toBeVisible();
    await expect(nav.locator('a[href^="/admin"]')).toHaveCount(0);
    await expect(nav.getByRole("heading", { name: "Admin" })).toHaveCount(0);
  });

  test("shows who is signed in", async ({ page }) => {
    const account = page.getByRole("region", { name: "Your account" });
    await expect(account.getByText("CC", { exact: true })).toBeVisible();
    await expect(account.getByText(e2eUsers.customer.name, { exact: true })).toBeVisible();
    await expect(account.getByText(`@${e2eUsers.customer.username}`, { exact: true })).toBeVisible();
    await expect(account.getByRole("button", { name: "Sign out" })).toBeVisible();
    const theme = account.getByRole("group", { name: "Theme" });
    for (const name of ["Light theme", "Dark theme", "System theme"]) {
      await expect(theme.getByRole("button", { name })).toBeVisible();
    }
  });
});

test("the admin's sidebar shows the admin's own name and initials", async ({ page, signInAs }) => {
  await signInAs("admin");
  await page.goto("/dashboard");
  const account = page.getByRole("region", { name: "Your account" });
  await expect(account.getByText("AA", { exact: true })).toBeVisible();
  await expect(account.getByText(e2eUsers.admin.name, { exact: true })).toBeVisible();
  await expect(account.getByText(`@${e2eUsers.admin.username}`, { exact: true })).toBeVisible();
});
