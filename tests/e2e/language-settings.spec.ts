/**
 * The language a customer chooses in Settings (decision 050): kept on the user, so the session and
 * the mails speak it, spoken by the page at once, and still chosen after a reload; "Your browser's
 * language" puts the browser's own back. Refused while support views the portal as the customer.
 * On a desktop and on a phone, with accessibility checks.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { toasts } from "./support/journeys";
import { e2eUsers } from "./support/users";

// What the browser asks for is part of the test: its hint names English.
test.use({ locale: "en-US" });

const languageGroup = (page: Page) => page.getByRole("group", { name: /^(Language|Sprache)$/ });
const option = (page: Page, name: string) => languageGroup(page).getByRole("radio", { name, exact: true });
const BROWSERS_GERMAN = "Sprache Ihres Browsers";

/** The language the server holds for the signed-in user. */
async function savedLanguage(page: Page): Promise<unknown> {
  const response = await page.request.get("/api/user");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { language: unknown }).language;
}

for (const [width, height, label, who] of [
  [1280, 800, "on a desktop", "desktopLinguist"],
  [390, 844, "on a phone", "phoneLinguist"],
] as const) {
  test(`a customer chooses Deutsch in Settings, keeps it after a reload and goes back to the browser's language, ${label}`, async ({
    page,
    signInAs,
  }) => {
    await page.setViewportSize({ width, height });
    await signInAs(who);
    await page.goto("/settings");
    // The screen's heading, not the one the page's first paint draws before the app runs (decision 056).
    await expect(page.locator("#root").getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

    // Nothing chosen yet: the browser's language, and the hint says which that is.
    const group = languageGroup(page);
    await group.scrollIntoViewIfNeeded();
    await expect(group).toHaveAccessibleDescription(
      "The language of the portal and of the emails we send you.",
    );
    await expect(group.getByRole("radio")).toHaveCount(3);
    await expect(option(page, "Your browser's language")).toBeChecked();
    await expect(option(page, "Your browser's language")).toHaveAccessibleDescription(
      "Your browser asks for English",
    );
    await expect(option(page, "English")).not.toBeChecked();
    await expect(option(page, "Deutsch")).not.toBeChecked();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expectNoSeriousA11yViolations(page, `/settings with the language card ${label}`);

    // Deutsch: saved, spoken by the page (the card's own words too), kept on the user.
    const [put] = await Promise.all([
      page.waitForRequest((r) => r.method() === "PUT" && r.url().endsWith("/api/user/language")),
      option(page, "Deutsch").click(),
    ]);
    expect(put.postDataJSON()).toEqual({ language: "de" });
    await expect(toasts(page).filter({ hasText: "Sprache gespeichert" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(option(page, "Deutsch")).toBeChecked();
    await expect(option(page, BROWSERS_GERMAN)).not.toBeChecked();
    await expect(languageGroup(page)).toHaveAccessibleDescription(
      "Die Sprache des Portals und der E-Mails, die wir Ihnen senden.",
    );
    expect(await savedLanguage(page)).toBe("de");
    await expectNoSeriousA11yViolations(page, `/settings speaking Deutsch ${label}`);

    // Still chosen after a reload, whose page brought the German messages: no script carries them.
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
    });
    await page.reload();
    await expect(option(page, "Deutsch")).toBeChecked();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { name: "Sprache", exact: true })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect((await Promise.all(scripts)).join("\n")).not.toContain("Die Sprache des Portals");

    // By keyboard, from the chosen one on to the next, which wraps round to the browser's language.
    await option(page, "Deutsch").focus();
    await page.keyboard.press("ArrowDown");
    // Picked at once, so the page may already speak English again when this looks.
    await expect(
      languageGroup(page).getByRole("radio", {
        name: new RegExp(`^(Your browser's language|${BROWSERS_GERMAN})$`),
      }),
    ).toBeFocused();
    await expect(option(page, "Your browser's language")).toBeChecked();
    await expect(toasts(page).filter({ hasText: "Language saved" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect.poll(() => savedLanguage(page)).toBeNull();
    await page.reload();
    await expect(option(page, "Your browser's language")).toBeChecked();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
}

test("while support views the portal as the customer, a language is refused with the server's message", async ({
  page,
  signInAs,
  baseURL,
  consoleErrors,
}) => {
  // The refused change is a 403, which the browser logs.
  consoleErrors.allow(/status of 403/);
  const customer = e2eUsers.viewedLinguist;
  // A session of the admin's own: viewing changes the session, and other tests use the shared one.
  await signInAs("admin", { disposable: 7 });
  const started = await page.request.post(`/api/admin/customers/${customer.uid}/view-as`, {
    data: { reason: "Ticket 4242: the customer asks which language the portal speaks" },
    headers: { Origin: baseURL ?? "" },
  });
  expect(started.status()).toBe(200);

  await page.goto("/settings");
  await expect(page.getByRole("region", { name: "Viewing as a customer" })).toBeVisible();
  await languageGroup(page).scrollIntoViewIfNeeded();
  await expect(option(page, "Your browser's language")).toBeChecked();
  await option(page, "Deutsch").click();
  const refusal = toasts(page).filter({ hasText: "Language not saved" });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText("Read only while viewing as a customer");
  // The saved choice is checked again, the page still speaks it, and the customer's is unchanged.
  await expect(option(page, "Your browser's language")).toBeChecked();
  await expect(option(page, "Deutsch")).not.toBeChecked();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(await savedLanguage(page)).toBeNull();
  await expectNoSeriousA11yViolations(page, "/settings refusing a language while viewing");

  const stopped = await page.request.delete("/api/view-as", { headers: { Origin: baseURL ?? "" } });
  expect(stopped.status()).toBe(204);
});
