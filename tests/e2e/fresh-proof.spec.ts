import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { e2eUsers } from "./support/users";

const dialog = (page: Page) => page.getByRole("alertdialog", { name: "Confirm it's you" });

for (const [width, height, label] of [
  [1280, 800, "on a desktop"],
  [390, 844, "on a phone"],
] as const) {
  test(`a secret asks for a fresh proof first, then shows itself, ${label}`, async ({
    page,
    signInAs,
    consoleErrors,
  }) => {
    // The server's first answer is the 403 that asks for the proof; a wrong password is a 401.
    consoleErrors.allow(/status of 403/);
    await page.setViewportSize({ width, height });
    await signInAs("prover", { disposable: width > 500 ? 0 : 1 });
    await page.goto("/accounts/linkedin");
    await page.getByRole("button", { name: "Show password of Paula Proof" }).click();

    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByLabel("Password", { exact: true })).toBeFocused();
    await expectNoSeriousA11yViolations(page, `the fresh-proof dialog ${label}`);
    await expect(page.getByText("Paula-pw-9")).toHaveCount(0);

    await dialog(page).getByLabel("Password", { exact: true }).fill("Not-The-Password-1");
    await dialog(page).getByRole("button", { name: "Continue" }).click();
    await expect(dialog(page)).toContainText("The password is not right");

    await dialog(page).getByLabel("Password", { exact: true }).fill(e2eUsers.prover.password);
    await dialog(page).getByRole("button", { name: "Continue" }).click();
    await expect(dialog(page)).toHaveCount(0);
    // The action that asked goes on by itself.
    await expect(page.getByText("Paula-pw-9")).toBeVisible();
  });
}

test("cancelling the proof shows nothing", async ({ page, signInAs, consoleErrors }) => {
  consoleErrors.allow(/status of 403/);
  await signInAs("prover", { disposable: 2 });
  await page.goto("/accounts/linkedin");
  await page.getByRole("button", { name: "Show password of Paula Proof" }).click();
  await dialog(page).getByRole("button", { name: "Cancel" }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByText("Paula-pw-9")).toHaveCount(0);
});
