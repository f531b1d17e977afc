/**
 * Viewing the portal as a customer, read only (decision 036), end to end: the admin starts viewing
 * from the customer's admin page with a reason and, signed in long ago, a fresh proof; the customer's
 * screens show under a banner naming them, a change is refused with the usual error, Stop viewing
 * goes back to the customer's admin page, and the customer then sees in Settings that support viewed
 * their account, and when, never who. On a desktop and on a phone, with accessibility checks.
 */
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { toasts } from "./support/journeys";
import { e2eUsers } from "./support/users";

const REASON = "Ticket 31337: the customer cannot find their plans";

for (const [width, height, label, who, adminSession] of [
  [1280, 800, "on a desktop", "desktopViewed", 0],
  [390, 844, "on a phone", "phoneViewed", 1],
] as const) {
  test(`an admin views a customer's screens read only, stops, and the customer sees it, ${label}`, async ({
    page,
    signInAs,
    consoleErrors,
  }) => {
    // The refused change is a 403, which the browser logs.
    consoleErrors.allow(/status of 403/);
    const customer = e2eUsers[who];
    const admin = e2eUsers.viewingAdmin;
    await page.setViewportSize({ width, height });
    // A session of the admin's own: viewing changes the session, and other tests use the shared one.
    await signInAs("viewingAdmin", { disposable: adminSession });

    // From the customer's admin page: View as customer asks why, then opens their dashboard.
    await page.goto(`/admin/customers/${customer.uid}`);
    await page.getByRole("button", { name: "View as customer" }).click();
    const dialog = page.getByRole("alertdialog", { name: `View as ${customer.name}?` });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page, `the view-as dialog ${label}`);
    await dialog.getByRole("button", { name: "Start viewing" }).click();
    await expect(dialog.getByText(/reason/i).first()).toBeVisible(); // a reason is required
    await dialog.getByLabel("Reason").fill(REASON);
    await dialog.getByRole("button", { name: "Start viewing" }).click();
    // Signed in a day ago: the admin confirms it is them, and the view then starts (decision 069).
    const proof = page.getByRole("alertdialog", { name: "Confirm it's you" });
    await expect(proof).toBeVisible();
    await proof.getByLabel("Password", { exact: true }).fill(admin.password);
    await proof.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL("/dashboard");
    const banner = page.getByRole("region", { name: "Viewing as a customer" });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(`Viewing as ${customer.name} (${customer.email}) — read only`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `the dashboard while viewing ${label}`);

    // The customer's settings, as they would see them; a change is refused with the usual error.
    await page.goto("/settings");
    await expect(banner).toBeVisible();
    await expect(page.getByText(customer.email).first()).toBeVisible();
    const sessionsCard = page.getByRole("list", { name: "Sessions" });
    await expect(sessionsCard).toBeVisible();
    const signOutOthers = page.getByRole("button", { name: "Sign out other sessions" });
    await signOutOthers.scrollIntoViewIfNeeded();
    await expect(signOutOthers).toBeEnabled();
    await signOutOthers.click();
    const refusal = toasts(page).filter({ hasText: "Sign-out failed" });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText("Read only while viewing as a customer");
    // The support team's view shows as it happens, in the customer's words.
    await expect(page.getByRole("list", { name: "Viewed by support" })).toContainText(
      "The support team is viewing your account now",
    );
    await expectNoSeriousA11yViolations(page, `the settings while viewing ${label}`);

    // A download is refused at the server, whatever the page offers.
    const download = await page.request.get("/api/me/data-export");
    expect(download.status()).toBe(403);

    await banner.getByRole("button", { name: "Stop viewing" }).click();
    await expect(page).toHaveURL(`/admin/customers/${customer.uid}`);
    await expect(banner).toHaveCount(0);
    const session = await page.request.get("/api/session");
    expect(await session.json()).toMatchObject({ user: { email: admin.email }, viewing: null });

    // The customer, in their own browser session, sees when support looked and for how long.
    await signInAs(who);
    await page.goto("/settings");
    const views = page.getByRole("list", { name: "Viewed by support" });
    await views.scrollIntoViewIfNeeded();
    await expect(views.getByRole("listitem")).toHaveCount(1);
    await expect(views).toContainText(/The support team viewed your account on .+ \(less than a minute\)\./);
    await expect(page.getByRole("region", { name: "Viewing as a customer" })).toHaveCount(0);
    for (const hidden of [admin.name, admin.email, "31337"]) {
      await expect(page.locator("body")).not.toContainText(hidden);
    }
    await expectNoSeriousA11yViolations(page, `the customer's settings after the view ${label}`);
  });
}
