/**
 * "This wasn't me" on a new sign-in (decision 072): from the mail's link, signed out, the owner ends
 * that session and is sent to choose a new password; from the bell's entry, signed in, the session
 * ends and Settings' password form opens. At a desktop's and a phone's width.
 */
import { newPerson } from "../support/builders";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { registerThroughApi, signIn } from "./support/journeys";
import { mailedLink } from "./support/mailbox";

for (const [width, height, label] of [
  [1280, 800, "on a desktop"],
  [390, 844, "on a phone"],
] as const) {
  test(`the mailed "This wasn't me" ends the stranger's session and asks for a new password, ${label}`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height });
    const person = newPerson("Nia", "Notme");
    await registerThroughApi(page.request, baseURL, person);

    // Someone else signs in from a browser the account has never seen.
    const stranger = await browser.newContext({ baseURL });
    try {
      const strangerPage = await stranger.newPage();
      await strangerPage.goto("/login");
      await signIn(strangerPage, person.email, person.password);
      await expect(strangerPage).toHaveURL("/dashboard");

      // The owner reads the mail where they are not signed in.
      await page.context().clearCookies();
      await page.goto(await mailedLink(page, person.email, "/not-me"));
      await expect(page.getByRole("heading", { level: 1, name: "This wasn't me" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `the "This wasn't me" page ${label}`);
      // Opening the page ended nothing.
      await strangerPage.reload();
      await expect(strangerPage).toHaveURL("/dashboard");

      await page.getByRole("button", { name: "End that session" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Now choose a new password" })).toBeVisible();
      await expect(page.getByRole("status")).toContainText("That session has ended.");
      await expectNoSeriousA11yViolations(page, `the session ended ${label}`);

      await strangerPage.reload();
      await expect(strangerPage).toHaveURL("/login");

      // The mailed reset link asks for the new password.
      await page.goto(await mailedLink(page, person.email, "/reset-password"));
      await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
      const chosen = `Lantern-Quay-5-${person.id}!`;
      await page.getByLabel("New password", { exact: true }).fill(chosen);
      await page.getByLabel("Confirm new password").fill(chosen);
      await page.getByRole("button", { name: "Update password" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Password updated" })).toBeVisible();
    } finally {
      await stranger.close();
    }
  });

  test(`the bell's "This wasn't me" ends that session and opens the password form, ${label}`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height });
    const person = newPerson("Noor", "Notme");
    await registerThroughApi(page.request, baseURL, person);
    const stranger = await browser.newContext({ baseURL });
    try {
      const strangerPage = await stranger.newPage();
      await strangerPage.goto("/login");
      await signIn(strangerPage, person.email, person.password);
      await expect(strangerPage).toHaveURL("/dashboard");

      await page.goto("/notifications");
      const entry = page.getByRole("listitem").filter({ hasText: "New sign-in from" });
      await expect(entry).toHaveCount(1);
      await expectNoSeriousA11yViolations(page, `a new sign-in's entry ${label}`);
      await entry.getByRole("button", { name: "This wasn't me" }).click();

      await expect(page).toHaveURL("/settings#password");
      await expect(page.getByRole("region", { name: "Password" })).toBeInViewport();
      await expect(page.getByLabel("Current password")).toBeVisible();
      await strangerPage.reload();
      await expect(strangerPage).toHaveURL("/login");
    } finally {
      await stranger.close();
    }
  });
}
