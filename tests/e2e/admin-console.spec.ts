/**
 * The operator's console (decision 038): the sidebar's Admin group for admins only, payments that
 * found no customer linked from the list, a background job retried from the Outbox page, and the
 * admin's "Needs attention" card on the dashboard, at desktop and phone widths.
 *
 * Serial: the tests move the seeded payments and jobs (start-server.ts) one after another, and the
 * dashboard's counts follow them.
 */
import type { Page } from "@playwright/test";
import { e2eStrayPayments } from "./support/e2e-transactions";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { toasts } from "./support/journeys";
import { e2eUsers } from "./support/users";

test.describe.configure({ mode: "serial" });

const [desktopPayment, phonePayment, stayingPayment] = e2eStrayPayments;
const ADMIN_LINKS = [
  ["Customers", "/admin/customers"],
  ["Audit log", "/admin/audit"],
  ["Payments", "/admin/payments/unlinked"],
  ["Sync", "/admin/sync"],
  ["Outbox", "/admin/outbox"],
] as const;

const attentionCard = (page: Page) => page.getByRole("region", { name: "Needs attention" });
const paymentCards = (page: Page) =>
  page.getByRole("list", { name: "Payments without a customer" }).getByRole("listitem");
const paymentCard = (page: Page, eventId: string) => paymentCards(page).filter({ hasText: eventId });
const jobCard = (page: Page, error: string) =>
  page
    .getByRole("list", { name: "Failing background jobs" })
    .getByRole("listitem")
    .filter({ hasText: error });

/** What the server counts now, which the card must show. */
async function attentionNow(page: Page) {
  const res = await page.request.get("/api/admin/attention");
  expect(res.status()).toBe(200);
  return (await res.json()) as { unlinkedPayments: number; failingJobs: number };
}

const plural = (n: number, one: string, many: string) => (n === 0 ? "None" : `${n} ${n === 1 ? one : many}`);

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("a customer", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("customer");
  });

  test("has no Admin group, no Needs attention card, and is refused the console", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Recent Activity" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Settings" })).toBeVisible();
    await expect(nav.getByRole("heading", { name: "Admin" })).toHaveCount(0);
    await expect(nav.locator('a[href^="/admin"]')).toHaveCount(0);
    await expect(attentionCard(page)).toHaveCount(0);
    // The card's code never reaches a customer.
    expect(scripts.filter((url) => /needs-attention|outbox-page|unlinked-payments/.test(url))).toEqual([]);

    for (const path of ["/admin/payments/unlinked", "/admin/outbox"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
    }
    await expect(page.getByText(desktopPayment.eventId)).toHaveCount(0);
    expect((await page.request.get("/api/admin/attention")).status()).toBe(403);
    expect((await page.request.get("/api/admin/transactions/unlinked")).status()).toBe(403);
  });
});

test.describe("an admin at desktop width", () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("admin");
  });

  test("sees the Admin group, and the dashboard's counts of what needs attention", async ({ page }) => {
    await page.goto("/dashboard");
    const nav = page.getByRole("navigation", { name: "Main" });
    const group = nav.getByRole("list", { name: "Admin" });
    for (const [name, href] of ADMIN_LINKS) {
      await expect(group.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    const card = attentionCard(page);
    await expect(card).toBeVisible();
    const counts = await attentionNow(page);
    expect(counts.unlinkedPayments).toBeGreaterThanOrEqual(3);
    expect(counts.failingJobs).toBeGreaterThanOrEqual(2);
    await expect(card.getByRole("link", { name: /Payments without a customer/ })).toContainText(
      plural(counts.unlinkedPayments, "payment", "payments"),
    );
    await expect(card.getByRole("link", { name: /Background jobs failing/ })).toContainText(
      plural(counts.failingJobs, "job", "jobs"),
    );
    // The e2e server starts with no sync run: the card says so, and links to the sync page.
    const sync = card.getByRole("link", { name: /Last sync/ });
    await expect(sync).toHaveAttribute("href", "/admin/sync");
    await expect(sync).toContainText(/No sync has finished yet|Succeeded|Failed/);
    await expectNoSeriousA11yViolations(page, "/dashboard as an admin");
  });

  test("links a payment that found no customer, which moves into the customer's history", async ({
    page,
    signInAs,
    consoleErrors,
  }) => {
    // The unknown email below is answered 404, as it should be.
    consoleErrors.allow(/status of 404/);
    await page.goto("/dashboard");
    const before = await attentionNow(page);
    await attentionCard(page)
      .getByRole("link", { name: /Payments without a customer/ })
      .click();
    await expect(page).toHaveURL("/admin/payments/unlinked");
    await expect(page.getByRole("heading", { level: 1, name: "Payments without a customer" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "without a customer" })).toHaveText(
      `${before.unlinkedPayments} payments without a customer`,
    );

    const card = paymentCard(page, desktopPayment.eventId);
    await expect(card).toContainText("$134.00");
    await expect(card).toContainText(desktopPayment.stripeCustomerId);
    await expect(card).toContainText("Renewal");
    await expectNoSeriousA11yViolations(page, "/admin/payments/unlinked");

    await card.getByRole("button", { name: /Link to customer/ }).click();
    const dialog = page.getByRole("alertdialog", { name: "Link to customer" });
    await expect(dialog).toContainText("cannot be moved to someone else afterwards");
    const field = dialog.getByLabel("Customer's email or UID");
    await expect(field).toBeFocused();
    await field.fill("nobody-here@example.test");
    await dialog.getByRole("button", { name: "Link payment" }).click();
    await expect(dialog.getByText("No customer has this email or UID")).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousA11yViolations(page, "the Link to customer dialog with an error");

    await field.fill(e2eUsers.payee.email.toUpperCase());
    await dialog.getByRole("button", { name: "Link payment" }).click();
    await expect(toasts(page).filter({ hasText: "Payment linked" })).toContainText(
      `now in ${e2eUsers.payee.name}'s transaction history`,
    );
    await expect(dialog).toBeHidden();
    await expect(paymentCard(page, desktopPayment.eventId)).toHaveCount(0);
    await expect(paymentCard(page, stayingPayment.eventId)).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "without a customer" })).toBeFocused();

    // The dashboard counts one fewer.
    await page.goto("/dashboard");
    await expect(
      attentionCard(page).getByRole("link", { name: /Payments without a customer/ }),
    ).toContainText(plural(before.unlinkedPayments - 1, "payment", "payments"));

    // The customer sees it in their own history.
    await signInAs("payee");
    await page.goto("/billing/transactions");
    await expect(page.getByRole("heading", { level: 1, name: "Transaction History" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Transactions" })).toContainText("$134.00");
  });

  test("retries a background job that gave up, from the Outbox page", async ({ page }) => {
    await page.goto("/admin/outbox");
    await expect(page.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
    const job = jobCard(page, "Airtable answered 503");
    await expect(job).toContainText("Write-back to the operator's base");
    await expect(job).toContainText("Gave up");
    await expect(job).toContainText("30");
    await expect(job).toContainText("Only on Retry now");
    // Never the job's data.
    await expect(page.getByRole("main")).not.toContainText("recE2eDeadWriteBack");
    await expectNoSeriousA11yViolations(page, "/admin/outbox");

    await job.getByRole("button", { name: /Retry now/ }).click();
    await expect(toasts(page).filter({ hasText: "Retrying" })).toBeVisible();
    // Nothing here delivers write-backs: the job is tried again on its own from now on.
    await expect(job).toContainText("Retrying");
    await expect(job).not.toContainText("Only on Retry now");
  });
});

test.describe("an admin on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("admin");
  });

  test("finds the Admin group in the menu, links a payment by UID and retries a job", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(attentionCard(page)).toBeVisible();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    const group = menu.getByRole("list", { name: "Admin" });
    for (const [name, href] of ADMIN_LINKS) {
      await expect(group.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await group.getByRole("link", { name: "Payments", exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Payments without a customer" })).toBeVisible();
    const card = paymentCard(page, phonePayment.eventId);
    await expect(card).toContainText("$198.00");
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, "/admin/payments/unlinked on a phone");

    await card.getByRole("button", { name: /Link to customer/ }).click();
    const dialog = page.getByRole("alertdialog", { name: "Link to customer" });
    await dialog.getByLabel("Customer's email or UID").fill(e2eUsers.payee.uid);
    await dialog.getByRole("button", { name: "Link payment" }).click();
    await expect(toasts(page).filter({ hasText: "Payment linked" })).toBeVisible();
    await expect(paymentCard(page, phonePayment.eventId)).toHaveCount(0);

    await page.goto("/admin/outbox");
    const job = jobCard(page, "Airtable answered 502");
    await expect(job).toContainText("Gave up");
    await expectNoSidewaysScroll(page);
    const retry = job.getByRole("button", { name: /Retry now/ });
    const box = await retry.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page, "/admin/outbox on a phone");
    await retry.click();
    await expect(job).toContainText("Retrying");
  });
});
