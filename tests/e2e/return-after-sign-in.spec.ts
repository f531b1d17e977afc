/**
 * Deep links survive signing in: a signed-out visitor who opens a page of the portal is sent to
 * /login with that page as `next`, and every way of signing in (a password, a password and the
 * second factor, Google, registering) ends on it, with its query and hash. A `next` that leaves the
 * portal or names no page of it ends on the dashboard (decision 031).
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { decodeBase32 } from "../../src/server/platform/secrets/totp";
import { newPerson } from "../support/builders";
import { referenceTotp } from "../support/reference-totp";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { signInAtGoogleAs } from "./support/google-issuer";
import { registerThroughApi, signIn } from "./support/journeys";
import { mailedLink } from "./support/mailbox";

const ACCOUNTS = "/accounts/linkedin?status=restricted&q=ann#list";
const TRANSACTIONS = "/billing/transactions?q=refund";

const signInHeading = (page: Page) => page.getByRole("heading", { level: 1, name: "Sign in" });

/** The address /login has for a visitor who asked for `path`: slashes as they are, the rest escaped. */
const loginFor = (path: string) => `/login?next=${encodeURIComponent(path).replace(/%2F/g, "/")}`;

/** The page's address as the browser shows it: path, query and hash. */
const shownAddress = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}${url.hash}`;
};

async function signOutThroughApi(request: APIRequestContext, baseURL: string | undefined) {
  const res = await request.post("/api/logout", { data: {}, headers: { Origin: baseURL ?? "" } });
  expect(res.status()).toBe(200);
}

/** A customer of the test's own, registered through the API and signed out again. */
async function signedOutCustomer(page: Page, baseURL: string | undefined, name: string) {
  const person = newPerson(name);
  await registerThroughApi(page.request, baseURL, person);
  await signOutThroughApi(page.request, baseURL);
  return person;
}

for (const { device, viewport } of [
  { device: "desktop", viewport: { width: 1280, height: 800 } },
  { device: "phone", viewport: { width: 390, height: 844 } },
]) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("a filtered accounts link opened signed out ends on that page after a password sign-in", async ({
      page,
      baseURL,
    }) => {
      const person = await signedOutCustomer(page, baseURL, "Dillon");
      await page.goto(ACCOUNTS);
      await expect(signInHeading(page)).toBeVisible();
      expect(shownAddress(page)).toBe(loginFor(ACCOUNTS));
      // Registering from here would return to the page too.
      await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute(
        "href",
        `/register?next=${encodeURIComponent(ACCOUNTS).replace(/%2F/g, "/")}`,
      );
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
      await expectNoSeriousA11yViolations(page, `the sign-in page with a return path on a ${device}`);

      await signIn(page, person.email, person.password);
      await expect(page.getByRole("heading", { level: 1, name: "Your LinkedIn Accounts" })).toBeVisible();
      expect(shownAddress(page)).toBe(ACCOUNTS);
      await expect(signInHeading(page)).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, `the asked-for page after sign-in on a ${device}`);
    });

    test("a password and an authenticator code end on the page asked for", async ({ page, baseURL }) => {
      const person = newPerson("Tobin");
      await registerThroughApi(page.request, baseURL, person);
      const headers = { Origin: baseURL ?? "" };
      const enrol = await page.request.post("/api/user/two-factor/enrol", { data: {}, headers });
      const key = decodeBase32(((await enrol.json()) as { secret: string }).secret);
      const confirm = await page.request.post("/api/user/two-factor/confirm", {
        data: { code: referenceTotp(key, Date.now()) },
        headers,
      });
      expect(confirm.status()).toBe(200);
      await signOutThroughApi(page.request, baseURL);

      await page.goto(TRANSACTIONS);
      await expect(signInHeading(page)).toBeVisible();
      expect(shownAddress(page)).toBe(loginFor(TRANSACTIONS));
      await signIn(page, person.email, person.password);
      await expect(page.getByRole("heading", { level: 1, name: "Two-factor authentication" })).toBeVisible();
      // The second step keeps the page it is for.
      expect(shownAddress(page)).toBe(loginFor(TRANSACTIONS));
      await expectNoSeriousA11yViolations(page, `the second step with a return path on a ${device}`);
      // The next step's code: the current one was spent turning the app on.
      await page.getByLabel("Authentication code").fill(referenceTotp(key, Date.now() + 30_000));
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Transaction History" })).toBeVisible();
      expect(shownAddress(page)).toBe(TRANSACTIONS);
    });
  });
}

test("a recovery code in place of the authenticator code ends on the page asked for", async ({
  page,
  baseURL,
}) => {
  const person = newPerson("Reese");
  await registerThroughApi(page.request, baseURL, person);
  const headers = { Origin: baseURL ?? "" };
  const enrol = await page.request.post("/api/user/two-factor/enrol", { data: {}, headers });
  const key = decodeBase32(((await enrol.json()) as { secret: string }).secret);
  const confirm = await page.request.post("/api/user/two-factor/confirm", {
    data: { code: referenceTotp(key, Date.now()) },
    headers,
  });
  const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
  await signOutThroughApi(page.request, baseURL);

  await page.goto("/settings#security");
  await expect(signInHeading(page)).toBeVisible();
  await signIn(page, person.email, person.password);
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await page.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  expect(shownAddress(page)).toBe("/settings#security");
});

test("Google sign-in returns to the page asked for, with its query, through the issuer", async ({ page }) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await signInAtGoogleAs(page, {
    sub: `e2e-deep-link-${stamp}`,
    email: `deep.link.${stamp}@gmail.example`,
    email_verified: true,
    name: "Gwen Deeplink",
  });
  await page.goto(ACCOUNTS);
  await expect(signInHeading(page)).toBeVisible();
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your LinkedIn Accounts" })).toBeVisible();
  expect(shownAddress(page)).toBe(ACCOUNTS);
  await expectNoSeriousA11yViolations(page, "the asked-for page after Google sign-in");
});

test("a Google sign-in that is refused keeps the page for a password sign-in after it", async ({
  page,
  baseURL,
}) => {
  const person = await signedOutCustomer(page, baseURL, "Delphine");
  await signInAtGoogleAs(page, { deny: true });
  await page.goto(TRANSACTIONS);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Google Sign-in" })).toContainText(
    "Google sign-in was cancelled.",
  );
  const back = new URL(page.url());
  expect(back.pathname).toBe("/login");
  expect(back.searchParams.get("next")).toBe(TRANSACTIONS);

  await signIn(page, person.email, person.password);
  await expect(page.getByRole("heading", { level: 1, name: "Transaction History" })).toBeVisible();
  expect(shownAddress(page)).toBe(TRANSACTIONS);
});

test.describe("a next that is not a page of the portal", () => {
  for (const evil of [
    "https://evil.example/accounts/linkedin",
    "//evil.example/accounts/linkedin",
    "/\\evil.example",
    "/%2F%2Fevil.example",
    "/%09/evil.example",
    "/api/user",
  ]) {
    test(`ends a password sign-in on the dashboard: ${evil}`, async ({ page, baseURL }) => {
      const person = await signedOutCustomer(page, baseURL, "Evander");
      await page.goto(`/login?next=${encodeURIComponent(evil)}`);
      await expect(signInHeading(page)).toBeVisible();
      // Nothing of it goes on to registration either.
      await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute(
        "href",
        "/register",
      );
      await signIn(page, person.email, person.password);
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      expect(shownAddress(page)).toBe("/dashboard");
    });
  }

  test("ends a Google sign-in on the dashboard", async ({ page }) => {
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await signInAtGoogleAs(page, {
      sub: `e2e-evil-next-${stamp}`,
      email: `evil.next.${stamp}@gmail.example`,
      email_verified: true,
    });
    await page.goto(`/login?next=${encodeURIComponent("//evil.example/accounts/linkedin")}`);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    expect(shownAddress(page)).toBe("/dashboard");
  });
});

test.describe("a signed-in customer", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("customer");
  });

  test("opening /login?next=/billing/transactions goes straight there", async ({ page }) => {
    await page.goto("/login?next=/billing/transactions");
    await expect(page.getByRole("heading", { level: 1, name: "Transaction History" })).toBeVisible();
    expect(shownAddress(page)).toBe("/billing/transactions");
  });

  test("following a confirmation's /login?next=/accounts/linkedin goes straight to the accounts", async ({
    page,
  }) => {
    await page.goto("/login?next=/accounts/linkedin");
    await expect(page.getByRole("heading", { level: 1, name: "Your LinkedIn Accounts" })).toBeVisible();
    expect(shownAddress(page)).toBe("/accounts/linkedin");
  });

  test("opening /login with an evil next goes to the dashboard", async ({ page }) => {
    await page.goto(`/login?next=${encodeURIComponent("https://evil.example/")}`);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    expect(shownAddress(page)).toBe("/dashboard");
  });
});

// Registering signs nobody in until the mailed link is followed, and that link lands on the dashboard
// (decision 071): the next is kept for signing in instead.
test("registering from a sign-in page with a next keeps it for signing in, and the mailed link lands on the dashboard", async ({
  page,
}) => {
  await page.goto("/login?next=/accounts/linkedin");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
  expect(shownAddress(page)).toBe("/register?next=/accounts/linkedin");
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute(
    "href",
    "/login?next=/accounts/linkedin",
  );
  const person = newPerson("Rafferty");
  await page.getByLabel("Full name").fill(person.name);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByLabel("Confirm password").fill(person.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
  await page.goto(await mailedLink(page, person.email, "/register-existing/confirm"));
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  expect(shownAddress(page)).toBe("/");
});
