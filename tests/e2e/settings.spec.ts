import type { APIRequestContext, Page } from "@playwright/test";
import { newPerson } from "../support/builders";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { registerThroughApi, toasts } from "./support/journeys";
import { mailedLink } from "./support/mailbox";

/** The value shown for a detail of the profile or account, matched as a whole. */
const detail = (page: Page, text: string) =>
  page
    .getByRole("definition")
    .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) });

/**
 * Registers a new customer through the API with the page's own cookie jar, so the page is signed in
 * as them. The edits below change the user, so they never run as the shared test users.
 */
async function registerFreshCustomer(request: APIRequestContext, baseURL: string | undefined) {
  const person = newPerson("Sam", "Settings");
  return { ...person, uid: await registerThroughApi(request, baseURL, person) };
}

test("a customer edits their profile, cancels an edit and is told what is required", async ({
  page,
  baseURL,
}) => {
  const person = await registerFreshCustomer(page.request, baseURL);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

  // View mode: the profile and the read-only account facts.
  await expect(detail(page, person.email)).toBeVisible();
  await expect(detail(page, person.name)).toBeVisible();
  await expect(detail(page, person.username)).toBeVisible();
  await expect(detail(page, person.uid)).toBeVisible();
  await expect(page.getByRole("term").filter({ hasText: "Account created" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Complete Onboarding/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, "/settings");

  // Save a new name: it shows in the profile and in the sidebar at once.
  await page.getByRole("button", { name: "Edit Profile" }).click();
  const name = page.getByLabel("Full name");
  await expect(page.getByLabel("Email")).toBeFocused();
  await expect(name).toHaveValue(person.name);
  await expectNoSeriousA11yViolations(page, "/settings in edit mode");
  await name.fill("Samira Renamed");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toasts(page)).toContainText("Settings Updated");
  await expect(toasts(page)).toContainText("Your profile has been updated successfully.");
  await expect(page.getByRole("button", { name: "Edit Profile" })).toBeVisible();
  await expect(detail(page, "Samira Renamed")).toBeVisible();
  const account = page.getByRole("region", { name: "Your account" });
  await expect(account.getByText("Samira Renamed", { exact: true })).toBeVisible();

  // Cancel throws the edit away.
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await name.fill("Never Saved");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Edit Profile" })).toBeFocused();
  await expect(detail(page, "Samira Renamed")).toBeVisible();
  await expect(page.getByText("Never Saved")).toHaveCount(0);
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await expect(name).toHaveValue("Samira Renamed");

  // Email and name are required.
  await name.fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toasts(page)).toContainText("Validation Error");
  await expect(toasts(page)).toContainText("Email and name are required fields.");
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("button", { name: "Save" })).toBeVisible();

  // The username is optional: cleared, it is left out of the save, and the profile
  // says it is not set.
  await name.fill("Samira Renamed");
  await page.getByLabel("Username").fill("");
  const [save] = await Promise.all([
    page.waitForRequest((r) => r.method() === "PUT" && /\/api\/user\/\d+$/.test(r.url())),
    page.getByRole("button", { name: "Save" }).click(),
  ]);
  expect(save.postDataJSON()).toEqual({ email: person.email, name: "Samira Renamed" });
  await expect(toasts(page)).toContainText("Settings Updated");
  await expect(detail(page, "Not set")).toBeVisible();
  await expect(account.getByText(/^@/)).toHaveCount(0);
});

test("a new email is used only once the link mailed to it is followed", async ({ page, baseURL }) => {
  const person = await registerFreshCustomer(page.request, baseURL);
  const newEmail = `moved.${person.username}@example.test`;
  await page.goto("/settings");
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await page.getByLabel("Email").fill(newEmail);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toasts(page)).toContainText("Confirm your new email");
  await expect(toasts(page)).toContainText(`We sent a link to ${newEmail}`);
  // Still the old address, with the new one waiting.
  await expect(page.getByRole("status").filter({ hasText: "Waiting for confirmation" })).toContainText(
    newEmail,
  );
  await expect(page.getByRole("definition").filter({ hasText: person.email })).toContainText(
    `${person.email}Waiting for confirmation`,
  );
  await expectNoSeriousA11yViolations(page, "/settings with an email waiting for confirmation");

  // The link, opened on a phone-sized screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(await mailedLink(page, newEmail, "/settings/confirm-email"));
  await expect(page.getByRole("heading", { level: 1, name: "Email changed" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(`Your email is now ${newEmail}.`);
  await expectNoSeriousA11yViolations(page, "the confirmed email change, on a phone");
  await page.getByRole("link", { name: "Go to Settings" }).click();
  await expect(page).toHaveURL("/settings");
  await expect(detail(page, newEmail)).toBeVisible();
});

test("a username someone else has is refused with the server's message", async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 409/);
  await registerFreshCustomer(page.request, baseURL);
  await page.goto("/settings");
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await page.getByLabel("Username").fill("casey");
  await page.getByRole("button", { name: "Save" }).click();

  await expect(toasts(page)).toContainText("Update Failed");
  await expect(toasts(page)).toContainText("This username is already taken");
  await expect(page.getByLabel("Username")).toHaveAccessibleDescription(/This username is already taken/);
  await expect(page.getByLabel("Username")).toBeFocused();
});

test("the sessions list marks this device and signs the others out", async ({
  page,
  baseURL,
  playwright,
}) => {
  const person = await registerFreshCustomer(page.request, baseURL);
  // A second device signs in.
  const otherDevice = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: {
      Origin: baseURL ?? "",
      "User-Agent":
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
    },
  });
  const signedIn = await otherDevice.post("/api/login", {
    data: { email: person.email, password: person.password },
  });
  expect(signedIn.ok()).toBe(true);

  await page.goto("/settings");
  const sessions = page.getByRole("list", { name: "Sessions" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(sessions.getByRole("listitem").filter({ hasText: "This device" })).toHaveCount(1);
  await expect(sessions.getByRole("listitem").filter({ hasText: "Safari on iOS" })).toBeVisible();
  await expect(page.getByText("1 other session signed in.")).toBeVisible();

  await page.getByRole("button", { name: "Sign out other sessions" }).click();
  await expect(toasts(page)).toContainText("Other sessions signed out");
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await expect(sessions.getByRole("listitem")).toContainText("This device");
  await expect(page.getByRole("button", { name: "Sign out other sessions" })).toBeDisabled();

  // The other device really is signed out.
  expect((await otherDevice.get("/api/user")).status()).toBe(401);
  await otherDevice.dispose();
});

const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const WINDOWS_FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0";

for (const { name, viewport } of [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
]) {
  test(`on a ${name}, this device comes first and any other session can be signed out alone`, async ({
    page,
    baseURL,
    playwright,
  }) => {
    await page.setViewportSize(viewport);
    const person = await registerFreshCustomer(page.request, baseURL);
    // Two more devices sign in with the password.
    const signInFrom = async (userAgent: string) => {
      const device = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { Origin: baseURL ?? "", "User-Agent": userAgent },
      });
      const res = await device.post("/api/login", {
        data: { email: person.email, password: person.password },
      });
      expect(res.ok()).toBe(true);
      return device;
    };
    const phone = await signInFrom(IPHONE_SAFARI);
    const laptop = await signInFrom(WINDOWS_FIREFOX);

    await page.goto("/settings");
    const sessions = page.getByRole("list", { name: "Sessions" });
    const rows = sessions.getByRole("listitem");
    await expect(rows).toHaveCount(3);
    // This device first, though the others were used more recently.
    await expect(rows.first()).toContainText("This device");
    // This browser signed in by following the registration's mailed link (decision 071).
    await expect(rows.first()).toContainText("Proven by: Emailed link");
    await expect(rows.first().getByRole("button", { name: "Sign out", exact: true })).toHaveCount(0);
    const phoneRow = rows.filter({ hasText: "Safari on iOS" });
    const laptopRow = rows.filter({ hasText: "Firefox on Windows" });
    await expect(phoneRow).toContainText("Proven by: Password");
    await expect(phoneRow.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
    await expect(laptopRow.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
    // Each button is described by the device it signs out.
    await expect(phoneRow.getByRole("button", { name: "Sign out", exact: true })).toHaveAccessibleDescription(
      "Safari on iOS",
    );
    await expectNoSeriousA11yViolations(page, `the sessions list on a ${name}`);

    await phoneRow.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(toasts(page)).toContainText("Session signed out");
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText("This device");
    await expect(phoneRow).toHaveCount(0);
    await expect(laptopRow).toBeVisible();
    await expect(page.getByText("1 other session signed in.")).toBeVisible();
    await expectNoSeriousA11yViolations(page, `the sessions list on a ${name} after a sign-out`);

    // Only that device is signed out.
    expect((await phone.get("/api/user")).status()).toBe(401);
    expect((await laptop.get("/api/user")).status()).toBe(200);
    expect((await page.request.get("/api/user")).status()).toBe(200);
    await phone.dispose();
    await laptop.dispose();
  });
}
