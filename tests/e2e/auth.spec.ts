import { newPerson } from "../support/builders";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { signIn, toasts } from "./support/journeys";
import { mailedLink } from "./support/mailbox";
import { e2eUsers } from "./support/users";

test("a new customer registers, follows the mailed link to the dashboard, signs out and signs back in", async ({
  page,
}) => {
  const person = newPerson("Dana");
  await page.goto("/register");
  await page.getByLabel("Full name").fill(person.name);
  await page.getByLabel("Username").fill(person.username);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByLabel("Confirm password").fill(person.password);
  await expect(page.getByRole("img", { name: "Passwords match" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the filled registration form");
  await page.getByRole("button", { name: "Create account" }).click();

  // Nobody is signed in until the mailed link is followed (decision 071).
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
  await expect(page.getByText(/^We have sent a message to this email/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, "registration's check-your-email screen");
  await page.goto(await mailedLink(page, person.email, "/register-existing/confirm"));
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome, Dana!" })).toBeVisible();
  const account = page.getByRole("region", { name: "Your account" });
  await expect(account.getByText(person.name, { exact: true })).toBeVisible();
  await expect(account.getByText(`@${person.username}`, { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the dashboard with the welcome banner");

  await account.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();

  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(account.getByText(person.name, { exact: true })).toBeVisible();
});

test("a wrong password shows the server's message and stays on the sign-in screen", async ({ page }) => {
  await page.goto("/login");
  await signIn(page, e2eUsers.customer.email, "Not-The-Password-42!");

  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Login Failed");
  await expect(alert).toContainText("Invalid email or password");
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the sign-in screen with an error");
});

test("signing in with nothing filled in explains both fields and focuses the email", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();

  const email = page.getByLabel("Email");
  const password = page.getByLabel("Password", { exact: true });
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription("Please enter a valid email address");
  await expect(password).toHaveAccessibleDescription("Password is required");
  await expectNoSeriousA11yViolations(page, "the sign-in screen with field errors");

  // After a submit, each field is checked again as it changes.
  await email.fill("casey@example.test");
  await expect(page.getByText("Please enter a valid email address")).toHaveCount(0);
  await expect(email).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Password is required")).toBeVisible();
});

test("the password can be shown and hidden again", async ({ page }) => {
  await page.goto("/login");
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("Secret-Value-1");
  await expect(password).toHaveAttribute("type", "password");

  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");
});

test("the sign-in screen links to registration, password reset and existing customers, and explains Google", async ({
  page,
}) => {
  // As a portal without GOOGLE_CLIENT_ID answers its public configuration.
  await page.route("**/api/config", async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), googleSignInEnabled: false } });
  });
  await page.goto("/login");
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/register");
  await expect(page.getByRole("link", { name: "Set up your login" })).toHaveAttribute(
    "href",
    "/register-existing",
  );
  await expect(page.getByText("Existing customer?")).toBeVisible();

  // Google sign-in is not configured.
  const google = page.getByRole("button", { name: "Continue with Google" });
  await expect(google).toBeDisabled();
  await expect(google).toHaveAccessibleDescription(/Google sign-in is not configured/);

  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL("/forgot-password");
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "/forgot-password");
});

test.describe("the registration form", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/register");
    await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
  });

  test("requires every field and focuses the first one", async ({ page }) => {
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByLabel("Full name")).toBeFocused();
    await expect(page.getByLabel("Full name")).toHaveAccessibleDescription("Required");
    // The username is optional: left empty, it is not an error.
    await expect(page.getByLabel("Username")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Username must be at least 3 characters")).toHaveCount(0);
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters long")).toBeVisible();
    await expect(page.getByText("Please confirm your password")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the registration form with field errors");
  });

  test("reports passwords that do not match on the confirmation", async ({ page }) => {
    const person = newPerson("Mia");
    await page.getByLabel("Full name").fill(person.name);
    await page.getByLabel("Username").fill(person.username);
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password", { exact: true }).fill(person.password);
    await page.getByLabel("Confirm password").fill(`${person.password}x`);
    await expect(page.getByRole("img", { name: "Passwords match" })).toHaveCount(0);
    await page.getByRole("button", { name: "Create account" }).click();

    const confirm = page.getByLabel("Confirm password");
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await expect(confirm).toBeFocused();
    await expect(confirm).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL("/register");

    await confirm.fill(person.password);
    await expect(page.getByText("Passwords don't match")).toHaveCount(0);
    await expect(page.getByRole("img", { name: "Passwords match" })).toBeVisible();
  });

  test("the strength meter judges how guessable the password is and changes colour", async ({ page }) => {
    const password = page.getByLabel("Password", { exact: true });
    const meter = page.getByTestId("password-strength");
    const filled = meter.locator('[data-filled="true"]');
    await expect(meter).toContainText("Use 8+ characters with letters, numbers & symbols");
    await expect(filled).toHaveCount(0);

    // Every kind of character does not make a password strong: how soon it is guessed does.
    const steps = [
      { value: "abcdefgh", bars: 1, text: "Weak", colour: "red" },
      { value: "Password123!", bars: 1, text: "Weak", colour: "red" },
      { value: "Old-Password-99", bars: 3, text: "Fair", colour: "yellow" },
      { value: "Demo-Portal-2026!", bars: 4, text: "Strong", colour: "green" },
    ];
    for (const step of steps) {
      await password.fill(step.value);
      await expect(meter).toContainText(`Password strength: ${step.text}`);
      await expect(filled).toHaveCount(step.bars);
      for (const bar of await filled.all()) await expect(bar).toHaveAttribute("data-colour", step.colour);
    }
    // The meter is part of the field's description, so a screen reader hears it with the field.
    await expect(password).toHaveAccessibleDescription(/Password strength: Strong/);
  });

  test("a weak password is refused with the meter's words, and a name is no secret", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 400/);
    const person = newPerson("Wendell", "Strong");
    const password = page.getByLabel("Password", { exact: true });
    await page.getByLabel("Full name").fill("Wendell Strong");
    await page.getByLabel("Email").fill(person.email);
    // Strong for anyone else; weak for Wendell Strong.
    await password.fill("WendellStrong!");
    const meter = page.getByTestId("password-strength");
    await expect(meter).toContainText("Password strength: Weak");
    await expect(meter).toContainText("it contains your name, username or email");

    await password.fill("Password123!");
    const words =
      "This password is too easy to guess: it is a commonly used password. Add another word or two that are not common.";
    await expect(meter).toContainText(words);
    await page.getByLabel("Confirm password").fill("Password123!");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(password).toBeFocused();
    await expect(password).toHaveAccessibleDescription(
      new RegExp(`^${words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
    );
    // Said once, on the field, not again under the meter.
    await expect(page.getByText(words)).toHaveCount(1);
    await expect(page).toHaveURL("/register");
    await expectNoSeriousA11yViolations(page, "a weak password refused");
  });

  test("registers without a username, which is optional, and sends none", async ({ page }) => {
    const person = newPerson("Uma");
    await page.getByLabel("Full name").fill(person.name);
    await expect(page.getByLabel("Username")).toHaveAccessibleDescription("Optional. Leave empty for none.");
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password", { exact: true }).fill(person.password);
    await page.getByLabel("Confirm password").fill(person.password);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith("/api/register") && r.method() === "POST"),
      page.getByRole("button", { name: "Create account" }).click(),
    ]);
    expect(Object.keys(request.postDataJSON() as object).sort()).toEqual(["email", "name", "password"]);

    await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
    await page.goto(await mailedLink(page, person.email, "/register-existing/confirm"));
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const account = page.getByRole("region", { name: "Your account" });
    await expect(account.getByText(person.name, { exact: true })).toBeVisible();
    await expect(account.getByText(/^@/)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "the dashboard of a customer without a username");
  });

  test("answers an email that has a login, in other letters, as a new one, and signs nobody in", async ({
    page,
  }) => {
    const person = newPerson("Ola");
    await page.getByLabel("Full name").fill(person.name);
    await page.getByLabel("Email").fill(e2eUsers.customer.email.toUpperCase());
    await page.getByLabel("Password", { exact: true }).fill(person.password);
    await page.getByLabel("Confirm password").fill(person.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
    await expect(page.getByText(/^We have sent a message to this email/)).toBeVisible();
    const session = await page.request.get("/api/session");
    expect(((await session.json()) as { user: unknown }).user).toBeNull();
  });

  test("shows a taken username on the username field", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 409/);
    const person = newPerson("Noor");
    await page.getByLabel("Full name").fill(person.name);
    await page.getByLabel("Username").fill(e2eUsers.customer.username);
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password", { exact: true }).fill(person.password);
    await page.getByLabel("Confirm password").fill(person.password);
    await page.getByRole("button", { name: "Create account" }).click();

    const username = page.getByLabel("Username");
    await expect(username).toHaveAccessibleDescription(/^This username is already taken/);
    await expect(username).toBeFocused();
    await expect(page).toHaveURL("/register");
    await expect(toasts(page)).toHaveCount(0);
  });
});
