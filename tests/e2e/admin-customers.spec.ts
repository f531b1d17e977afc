/**
 * The admin's customers list and a customer's page (decision 037), at desktop and phone widths: the
 * search kept in the URL, a customer opened from the list, "End all sessions" behind its confirmation
 * (the customer's own session stops working), a closed login marked, and no serious axe finding.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { toasts } from "./support/journeys";
import { e2eUsers, SESSION_COOKIE } from "./support/users";

const VIEWPORTS = [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const;

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });

/** Where the list shows its customers: the table's rows on a desktop, the cards on a phone. */
const results = (page: Page, device: "desktop" | "phone") =>
  device === "desktop"
    ? page.getByRole("region", { name: "Customers table" }).locator("tbody tr")
    : page.getByRole("list", { name: "Customers" }).getByRole("listitem");

async function noSidewaysScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

test.describe("an admin's customers", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("admin");
  });

  for (const [device, viewport] of VIEWPORTS) {
    test(`searches, opens a customer and reads their page (${device})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/admin/customers");
      await expect(heading(page, "Customers")).toBeVisible();
      await expect(results(page, device).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, `the customers list (${device})`);

      const owner = e2eUsers.accountsOwner;
      await page.getByLabel("Search customers").fill("olivia.owner");
      await expect(page).toHaveURL(/[?&]q=olivia\.owner/);
      await expect(results(page, device)).toHaveCount(1);
      await expect(page.getByRole("status").filter({ hasText: /^1 customer/ })).toBeVisible();
      const row = results(page, device).first();
      await expect(row).toContainText(owner.email);
      await expect(row).toContainText("12 accounts");
      await noSidewaysScroll(page, viewport.width);

      // A filter joins the search in the URL; one that matches no one offers to clear them.
      await page.getByLabel("Google").selectOption("yes");
      await expect(page).toHaveURL(/google=yes/);
      await expect(
        page.getByRole("heading", { name: "No customers match your search and filters" }),
      ).toBeVisible();
      await page.goBack();
      await expect(results(page, device)).toHaveCount(1);

      await row.getByRole("link", { name: owner.name }).click();
      await expect(page).toHaveURL(`/admin/customers/${owner.uid}`);
      await expect(heading(page, owner.name)).toBeVisible();
      for (const section of [
        "Profile",
        "Sign-in methods",
        "Sessions",
        "LinkedIn accounts",
        "Orders",
        "Plans",
        "Transactions",
        "Optimization requests",
        "Sync history",
        "Audit trail",
      ]) {
        await expect(page.getByRole("region", { name: section, exact: true })).toBeVisible();
      }
      const accounts = page.getByRole("region", { name: "LinkedIn accounts", exact: true });
      await expect(accounts).toContainText("12 in all");
      await expect(accounts.getByRole("listitem")).toHaveCount(12);
      await expect(page.getByRole("region", { name: "Profile" })).toContainText(owner.uid);
      await expect(page.getByRole("button", { name: "Sync now" })).toBeEnabled();
      await expect(page.getByRole("button", { name: "View as customer" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Full audit log" })).toHaveAttribute(
        "href",
        `/admin/audit?customer=${owner.uid}`,
      );
      await noSidewaysScroll(page, viewport.width);
      await expectNoSeriousA11yViolations(page, `a customer's page (${device})`);

      await page.getByRole("link", { name: "All customers" }).click();
      await expect(heading(page, "Customers")).toBeVisible();
    });
  }

  for (const [device, viewport] of VIEWPORTS) {
    test(`ends all of a customer's sessions after confirming (${device})`, async ({ page, request }) => {
      const victim = device === "desktop" ? e2eUsers.sessionsEndedDesktop : e2eUsers.sessionsEndedPhone;
      const asVictim = { headers: { cookie: `${SESSION_COOKIE}=${victim.sessionToken}` } };
      expect((await request.get("/api/user", asVictim)).status()).toBe(200);

      await page.setViewportSize(viewport);
      await page.goto(`/admin/customers/${victim.uid}`);
      await expect(heading(page, victim.name)).toBeVisible();
      const sessions = page.getByRole("region", { name: "Sessions", exact: true });
      await expect(sessions).toContainText("11 in all");

      const end = sessions.getByRole("button", { name: "End all sessions" });
      await end.click();
      const dialog = page.getByRole("alertdialog");
      await expect(dialog).toContainText(`End all of ${victim.name}'s sessions?`);
      await expectNoSeriousA11yViolations(page, `the end-sessions confirmation (${device})`);
      // Cancel ends nothing.
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await expect(end).toBeFocused();
      expect((await request.get("/api/user", asVictim)).status()).toBe(200);

      await end.click();
      await page.getByRole("alertdialog").getByRole("button", { name: "End all sessions" }).click();
      await expect(toasts(page).filter({ hasText: "11 sessions of" })).toBeVisible();
      await expect(sessions).toContainText("No live sessions");
      await expect(end).toBeDisabled();
      expect((await request.get("/api/user", asVictim)).status()).toBe(401);
      // The audit trail on the page says who did it.
      await expect(page.getByRole("region", { name: "Audit trail" })).toContainText("Sessions ended");
      await expect(page.getByRole("region", { name: "Audit trail" })).toContainText(
        `by ${e2eUsers.admin.name}`,
      );
    });
  }

  test("sees a closed login marked in the list", async ({ page }) => {
    const closed = {
      uid: "closed00-0000-4000-8000-000000000001",
      name: "Closed portal login",
      email: "closed-closed00@closed.invalid",
      role: "customer",
      closedAt: "2026-04-01T00:00:00.000Z",
      hasLogin: false,
      google: false,
      twoFactor: false,
      linkedToBase: true,
      accounts: { signedIn: 0, notSignedIn: 0, wrongPassword: 0, restricted: 0, total: 0 },
      lastSignInAt: null,
      totalPaid: [{ cents: 9800, currency: "USD" }],
      failedPayments: false,
    };
    await page.route(/\/api\/admin\/customers\?/, (route) =>
      route.fulfill({ json: { customers: [closed], total: 1, nextCursor: null } }),
    );
    await page.goto("/admin/customers?q=closed");
    const row = results(page, "desktop").first();
    await expect(row).toContainText("Login closed");
    await expect(row).toContainText("No login");
    await expect(row).toContainText("$98.00");
    await expectNoSeriousA11yViolations(page, "a closed login in the list");
  });
});

test("a customer is refused the customers list", async ({ page, signInAs }) => {
  await signInAs("customer");
  await page.goto("/admin/customers");
  await expect(heading(page, "Access denied")).toBeVisible();
});
