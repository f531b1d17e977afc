/**
 * The admin's audit log: a customer registers and someone then fails to sign in as them; the admin
 * finds both by the customer's email and by kind, at desktop and phone widths, with the filters kept
 * in the URL.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { registerThroughApi } from "./support/journeys";

const PASSWORD = "Sturdy-Lantern-42";

/** A new customer who registered (a sign-in by the mailed link) and whose name someone then tried with a wrong password. */
async function customerWithAFailedSignIn(request: APIRequestContext, baseURL: string, tag: string) {
  const email = `audit.${tag}.${Date.now()}@example.test`;
  const name = `Audit ${tag}`;
  // An address of its own, so the sign-in limits of other tests are not this one's.
  const headers = {
    origin: baseURL,
    "x-forwarded-for": `127.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 2}`,
  };
  await registerThroughApi(request, baseURL, { name, email, password: PASSWORD }, headers);
  const failed = await request.post("/api/login", { headers, data: { email, password: "Wrong-Lantern-99" } });
  expect(failed.status()).toBe(401);
  return { email, name };
}

async function filterByCustomer(page: Page, email: string) {
  await page.getByLabel("Customer").fill(email);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`customer=${encodeURIComponent(email).replaceAll(".", "\\.")}`));
}

for (const [device, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`an admin filters the audit log by customer and kind (${device})`, async ({
    page,
    playwright,
    baseURL,
    signInAs,
  }) => {
    if (!baseURL) throw new Error("needs the baseURL");
    const request = await playwright.request.newContext({ baseURL });
    const who = await customerWithAFailedSignIn(request, baseURL, device);
    await request.dispose();

    await signInAs("admin");
    await page.setViewportSize(viewport);
    await page.goto("/admin/audit");
    await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();

    await filterByCustomer(page, who.email);
    // Both entries about the customer, newest first, as a table on a desktop and as cards on a phone.
    const entries =
      device === "desktop"
        ? page.getByRole("region", { name: "Audit log entries" }).locator("tbody tr")
        : page.getByRole("list", { name: "Audit log entries" }).getByRole("listitem");
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText("Sign-in failed");
    await expect(entries.nth(0)).toContainText("wrong password");
    await expect(entries.nth(0)).toContainText("The portal");
    await expect(entries.nth(1)).toContainText("Signed in");
    // Registering signs in by the mailed link (decision 071).
    await expect(entries.nth(1)).toContainText("mailed-link");
    // Whom links to the customer's page.
    const whom = entries.nth(0).getByRole("link", { name: who.name });
    await expect(whom).toHaveAttribute("href", /^\/admin\/customers\/[^/]+$/);
    await expectNoSeriousA11yViolations(page, `the audit log (${device})`);

    await page.getByLabel("Kind").selectOption({ label: "Sign-in failed" });
    await expect(page).toHaveURL(/kind=sign-in-failed/);
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText("Sign-in failed");
    await expect(page.getByRole("status").filter({ hasText: "Showing 1 entry" })).toBeVisible();

    // The filters live in the URL: a reload keeps them.
    await page.reload();
    await expect(page.getByLabel("Customer")).toHaveValue(who.email);
    await expect(page.getByLabel("Kind")).toHaveValue("sign-in-failed");
    await expect(entries).toHaveCount(1);

    // A kind the customer has none of says so, and offers to clear the filters.
    await page.getByLabel("Kind").selectOption({ label: "Passkey added" });
    await expect(page.getByRole("heading", { name: "No entries match these filters" })).toBeVisible();

    // Export CSV downloads what the filters match.
    await page.getByLabel("Kind").selectOption({ label: "Signed in" });
    await expect(entries).toHaveCount(1);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("audit-log.csv");

    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
    await expectNoSeriousA11yViolations(page, `the filtered audit log (${device})`);
  });
}

test("a customer is refused the audit log", async ({ page, signInAs }) => {
  await signInAs("customer");
  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
});
