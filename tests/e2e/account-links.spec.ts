/**
 * The journeys that go through mailed one-time links: claiming an imported customer record
 * (decision D8) and resetting a forgotten password. Links are read from the development mailbox.
 */
import { newPerson } from "../support/builders";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { registerThroughApi, signIn, toasts } from "./support/journeys";
import { mailedLink } from "./support/mailbox";
import { e2eImportedUsers } from "./support/users";

const INVALID_LINK = "This link is invalid, has expired or has already been used. Please request a new one.";

test("an existing customer claims their account through the mailed link", async ({ page }) => {
  const { email } = e2eImportedUsers.claimThroughMailbox;
  const password = "Harbor-Lights-Claim-7731!";

  await page.goto("/register-existing");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create Account & Login" }).click();

  // Not signed in yet: the answer is the same whether or not the email is known.
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("If this email belongs to an existing customer");
  await expect(page).toHaveURL("/register-existing");
  await expectNoSeriousA11yViolations(page, "the claim's check-your-email state");

  const link = await mailedLink(page, email, "/register-existing/confirm");
  await page.goto(link);
  await expect(toasts(page)).toContainText("Registration Successful");
  await expect(toasts(page)).toContainText("Your account has been created and you are now logged in!");
  await expectNoSeriousA11yViolations(page, "the confirmed claim");
  // Spec: one second later the portal goes to /, which is the dashboard.
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Imogen!$/ })).toBeVisible();

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL("/login");
  await signIn(page, email, password);
  await expect(page).toHaveURL("/dashboard");
  await expect(
    page.getByRole("region", { name: "Your account" }).getByText("Imogen Imported", { exact: true }),
  ).toBeVisible();
});

test("a claim link opened in another browser asks its owner to choose the password", async ({
  page,
  browser,
  baseURL,
}) => {
  const { email } = e2eImportedUsers.claimInAnotherBrowser;
  // Whoever asks for the link types a password; it must not become the owner's.
  const requestersPassword = "Not-The-Owners-Choice-51!";
  await page.goto("/register-existing");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(requestersPassword);
  await page.getByLabel("Confirm password").fill(requestersPassword);
  await page.getByRole("button", { name: "Create Account & Login" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
  const link = await mailedLink(page, email, "/register-existing/confirm");

  // The owner opens the mail on their phone: another browser, without the asking browser's cookie.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true });
  const ownerPage = await phone.newPage();
  const ownerErrors: string[] = [];
  ownerPage.on("console", (m) => {
    if (m.type() === "error" && !/status of (401|422)/.test(m.text())) ownerErrors.push(m.text());
  });
  await ownerPage.goto(link);
  await expect(ownerPage.getByRole("heading", { level: 1, name: "Choose your password" })).toBeVisible();
  await expectNoSeriousA11yViolations(ownerPage, "choosing a password on a claim link, on a phone");
  const ownersPassword = "Owners-Harbor-Choice-88!";
  await ownerPage.getByLabel("Password", { exact: true }).fill(ownersPassword);
  await ownerPage.getByLabel("Confirm password").fill(ownersPassword);
  await ownerPage.getByRole("button", { name: "Create Account & Login" }).click();
  await expect(toasts(ownerPage)).toContainText("Registration Successful");
  await expect(ownerPage).toHaveURL("/");
  await expect(ownerPage.getByRole("heading", { name: /Otto!$/ })).toBeVisible();
  expect(ownerErrors).toEqual([]);
  await phone.close();

  // The requester's password does not open the account; the owner's does.
  const origin = { Origin: baseURL ?? "" };
  const wrong = await page.request.post("/api/login", {
    data: { email, password: requestersPassword },
    headers: origin,
  });
  expect(wrong.status()).toBe(401);
  const right = await page.request.post("/api/login", {
    data: { email, password: ownersPassword },
    headers: origin,
  });
  expect(right.status()).toBe(200);
});

test("a claim link that does not work says so and offers a new one", async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 400/);
  await page.goto("/register-existing/confirm?token=not-a-real-token-0123456789");
  await expect(page.getByRole("heading", { level: 1, name: "Link not valid" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText(INVALID_LINK);
  await expectNoSeriousA11yViolations(page, "an invalid claim link");

  await page.getByRole("link", { name: "Request a new link" }).click();
  await expect(page).toHaveURL("/register-existing");
  await expect(page.getByRole("heading", { level: 1, name: "Join the product" })).toBeVisible();
});

test.describe("existing-customer registration checks the form first", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/register-existing");
    await page.getByLabel("Email").fill("someone@example.test");
  });

  test("passwords that do not match", async ({ page }) => {
    await page.getByLabel("Password", { exact: true }).fill("Harbor-Lights-1234!");
    await page.getByLabel("Confirm password").fill("Harbor-Lights-1234?");
    await page.getByRole("button", { name: "Create Account & Login" }).click();
    await expect(toasts(page)).toContainText("Password Mismatch");
    await expect(toasts(page)).toContainText("Passwords don't match. Please try again.");
    await expect(page.getByLabel("Confirm password")).toBeFocused();
    await expect(page.getByRole("heading", { level: 1, name: "Join the product" })).toBeVisible();
  });

  test("a password shorter than 8 characters", async ({ page }) => {
    await page.getByLabel("Password", { exact: true }).fill("Ab1!xyz");
    await page.getByLabel("Confirm password").fill("Ab1!xyz");
    await page.getByRole("button", { name: "Create Account & Login" }).click();
    await expect(toasts(page)).toContainText("Password Too Short");
    await expect(toasts(page)).toContainText("Password must be at least 8 characters long.");
    await expect(page.getByLabel("Password", { exact: true })).toBeFocused();

    // Corrected and sent: the old complaint does not stay over the answer.
    await page.getByLabel("Password", { exact: true }).fill("Harbor-Lights-1234!");
    await page.getByLabel("Confirm password").fill("Harbor-Lights-1234!");
    await page.getByRole("button", { name: "Create Account & Login" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
    await expect(toasts(page).filter({ hasText: "Password Too Short" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "the check-your-email state after a corrected password");
  });
});

test("a forgotten password is reset through the mailed link", async ({ page, baseURL, consoleErrors }) => {
  // Opening the used link again: its check answers 400.
  consoleErrors.allow(/status of 400/);
  const person = newPerson("Rene", "Reset");
  const { email, password: oldPassword } = person;
  const newPassword = `New-Compass-7-${person.id}?`;
  // The account is only the setting here, so it is made through the API; signing out is dropping the cookie.
  await registerThroughApi(page.request, baseURL, person);
  await page.context().clearCookies();

  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("If an account uses this email");

  const link = await mailedLink(page, email, "/reset-password");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "/reset-password");
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await expect(page.getByTestId("password-strength")).toContainText("Password strength: Strong");
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Update password" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Password updated" })).toBeVisible();
  await expect(toasts(page)).toContainText("Password updated");
  await page.getByRole("link", { name: "Go to sign in" }).click();
  await expect(page).toHaveURL("/login");

  await signIn(page, email, oldPassword);
  await expect(page.getByRole("alert")).toContainText("Invalid email or password");

  await signIn(page, email, newPassword);
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // The used link says at once that it cannot be used, before any password is typed.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Link not valid" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText(INVALID_LINK);
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
});

test("a reset link that does not work says so as it opens and offers a new one", async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 400/);
  await page.goto("/reset-password?token=not-a-real-token-0123456789");
  await expect(page.getByRole("heading", { level: 1, name: "Link not valid" })).toBeVisible();
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("alert")).toContainText(INVALID_LINK);
  await expectNoSeriousA11yViolations(page, "an invalid reset link");
  await page.getByRole("link", { name: "Request a new link" }).click();
  await expect(page).toHaveURL("/forgot-password");
});

test("a reset page opened without a token explains at once", async ({ page }) => {
  await page.goto("/reset-password");
  await expect(page.getByRole("alert")).toContainText(INVALID_LINK);
  await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
});
