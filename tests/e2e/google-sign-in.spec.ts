import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { signInAtGoogleAs } from "./support/google-issuer";
import { registerThroughApi } from "./support/journeys";
import { e2eImportedUsers } from "./support/users";

let sequence = 0;
/** A Google subject and address no other test uses. */
function newGoogleAccount(label: string) {
  sequence += 1;
  const stamp = `${Date.now().toString(36)}${sequence}${Math.random().toString(36).slice(2, 6)}`;
  return { sub: `e2e-${label}-${stamp}`, email: `${label}.${stamp}@gmail.example` };
}

async function continueWithGoogle(page: Page) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
}

test("a new customer signs in with Google, lands on the dashboard, and sees Google linked in Settings", async ({
  page,
}) => {
  const account = newGoogleAccount("newcomer");
  await signInAtGoogleAs(page, { ...account, email_verified: true, name: "Nora Newcomer" });
  await continueWithGoogle(page);
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  await page.goto("/settings");
  const google = page.getByRole("region", { name: "Google sign-in" });
  await expect(google.getByText("Linked", { exact: true })).toBeVisible();
  await expect(google.getByText(/Google is your only way to sign in/)).toBeVisible();
  await expect(google.getByRole("button", { name: "Unlink Google" })).toBeDisabled();
  await expect(page.getByText(account.email, { exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, "Settings with Google linked");
});

test("an imported customer is signed in and linked by their verified Google email, with no mailed link", async ({
  page,
}) => {
  const imported = e2eImportedUsers.claimWithGoogle;
  await signInAtGoogleAs(page, {
    sub: newGoogleAccount("imported").sub,
    email: imported.email.toUpperCase(),
    email_verified: true,
  });
  await continueWithGoogle(page);
  await expect(page).toHaveURL("/dashboard");
  await page.goto("/settings");
  await expect(page.getByText(imported.email, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(imported.name, { exact: true }).first()).toBeVisible();
});

test("an unverified Google email is refused with a message on the sign-in page", async ({ page }) => {
  await signInAtGoogleAs(page, {
    ...newGoogleAccount("unverified"),
    email_verified: false,
  });
  await continueWithGoogle(page);
  await expect(page).toHaveURL(/\/login\?google=unverified$/);
  const alert = page.getByRole("alert").filter({ hasText: "Google Sign-in" });
  await expect(alert).toContainText("Google has not verified this email address");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "a refused Google sign-in");
});

test("declining at Google comes back to the sign-in page, which says so", async ({ page }) => {
  await signInAtGoogleAs(page, { deny: true });
  await continueWithGoogle(page);
  await expect(page).toHaveURL(/\/login\?google=denied$/);
  await expect(page.getByRole("alert").filter({ hasText: "Google Sign-in" })).toContainText(
    "Google sign-in was cancelled.",
  );
});

test("a customer with a password links Google from Settings, then unlinks it", async ({
  page,
  context,
  baseURL,
}) => {
  // A customer of their own: registered through the API as the form would.
  const account = newGoogleAccount("linker");
  const email = `portal.${account.email}`;
  await registerThroughApi(page.request, baseURL, {
    name: "Lena Linker",
    email,
    password: "Linker-Portal-2026!",
  });

  await signInAtGoogleAs(page, { ...account, email_verified: true });
  await page.goto("/settings");
  await page.getByRole("button", { name: "Link Google" }).click();
  await expect(page).toHaveURL(/\/settings\?google=linked$/);
  await expect(
    page.getByRole("status").filter({ hasText: "Google is now linked to your account." }),
  ).toBeVisible();
  const google = page.getByRole("region", { name: "Google sign-in" });
  await expect(google.getByText("Linked", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "Settings after linking Google");

  await google.getByRole("button", { name: "Unlink Google" }).click();
  await expect(google.getByText("Not linked", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Link Google" })).toBeEnabled();

  // Signed out, the same Google account is no longer a way in to this customer: its address is
  // another, so Google makes a new customer of it.
  await context.clearCookies({ name: "portal_session" });
  await signInAtGoogleAs(page, { ...account, email_verified: true });
  await continueWithGoogle(page);
  await expect(page).toHaveURL("/dashboard");
  await page.goto("/settings");
  await expect(page.getByText(account.email, { exact: true }).first()).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the sign-in page's Google message fits and passes axe", async ({ page }) => {
    await page.goto("/login?google=expired");
    const alert = page.getByRole("alert").filter({ hasText: "Google Sign-in" });
    await expect(alert).toContainText("expired or was already used");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await expectNoSeriousA11yViolations(page, "the sign-in page with a Google message on a phone");
  });
});
