import { newPerson } from "../support/builders";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { registerThroughApi, signIn, toasts } from "./support/journeys";

for (const [width, height, label] of [
  [1280, 800, "on a desktop"],
  [390, 844, "on a phone"],
] as const) {
  test(`changing the password ends another browser's session, ${label}`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height });
    const person = newPerson("Paz");
    await registerThroughApi(page.request, baseURL, person);

    // The same customer signed in on another browser.
    const other = await browser.newContext({ baseURL });
    try {
      const otherPage = await other.newPage();
      await otherPage.goto("/login");
      await signIn(otherPage, person.email, person.password);
      await expect(otherPage).toHaveURL("/dashboard");

      await page.goto("/settings");
      const card = page.getByRole("region", { name: "Password" });
      await expect(card).toBeVisible();
      await expectNoSeriousA11yViolations(page, `the password card ${label}`);
      const newPassword = `Quiet-Meadow-8-${person.id}!`;
      await card.getByLabel("Current password").fill(person.password);
      await card.getByLabel("New password", { exact: true }).fill(newPassword);
      await expect(card.getByTestId("password-strength")).toContainText("Strong");
      await card.getByLabel("Confirm new password").fill(newPassword);
      await card.getByRole("button", { name: "Change password" }).click();
      await expect(toasts(page).filter({ hasText: "Password changed" })).toBeVisible();

      // This browser stays signed in; the other one is signed out at its next request.
      await page.reload();
      await expect(page.getByRole("region", { name: "Password" })).toBeVisible();
      await otherPage.goto("/dashboard");
      await expect(otherPage).toHaveURL("/login");
      await signIn(otherPage, person.email, newPassword);
      await expect(otherPage).toHaveURL("/dashboard");
    } finally {
      await other.close();
    }
  });
}

test("a wrong current password is said on its field and changes nothing", async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 401/);
  const person = newPerson("Wren");
  await registerThroughApi(page.request, baseURL, person);
  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Password" });
  await card.getByLabel("Current password").fill("Not-My-Password-42!");
  await card.getByLabel("New password", { exact: true }).fill(`Quiet-Meadow-8-${person.id}!`);
  await card.getByLabel("Confirm new password").fill(`Quiet-Meadow-8-${person.id}!`);
  await card.getByRole("button", { name: "Change password" }).click();
  await expect(card.getByLabel("Current password")).toHaveAccessibleDescription(/The password is not right/);
});
