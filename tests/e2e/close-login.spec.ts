/**
 * Closing one's portal login from Settings → Your data (decision 034), as a customer does it: the
 * card says what closing does and does not do, the dialog wants the account's email typed, the fresh
 * proof comes next, and the customer lands on the sign-in screen, which says the login is closed and
 * no longer lets it in. On a desktop and on a phone, with an accessibility check at every step.
 */
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { signIn } from "./support/journeys";
import { e2eUsers } from "./support/users";

for (const [width, height, label, who] of [
  [1280, 800, "on a desktop", "desktopCloser"],
  [390, 844, "on a phone", "phoneCloser"],
] as const) {
  test(`a customer closes their portal login and can no longer sign in with it, ${label}`, async ({
    page,
    signInAs,
    consoleErrors,
  }) => {
    // The first answer to the closing is the 403 that asks for a fresh proof.
    consoleErrors.allow(/status of 403/);
    const customer = e2eUsers[who];
    await page.setViewportSize({ width, height });
    await signInAs(who);
    await page.goto("/settings");

    const section = page.getByRole("region", { name: "Your data" });
    const card = section.getByRole("region", { name: "Close my portal login" });
    await card.scrollIntoViewIfNeeded();
    await expect(card).toContainText("Signs you out in every browser");
    await expect(card).toContainText("as bookkeeping law requires");
    await expect(card).toContainText(`Emails a confirmation to ${customer.email}`);
    await expectNoSeriousA11yViolations(page, `the Your data section ${label}`);

    await card.getByRole("button", { name: "Close my portal login" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Close your portal login?" });
    await expect(dialog).toBeVisible();
    const email = dialog.getByLabel("Your email");
    await expect(email).toBeFocused();
    await expect(dialog).toContainText(customer.email);
    await expectNoSeriousA11yViolations(page, `the closing dialog ${label}`);

    // Another address is refused on the field, before anything is sent or any proof asked for.
    await email.fill("someone.else@example.test");
    await dialog.getByRole("button", { name: "Close my login" }).click();
    await expect(email).toHaveAccessibleDescription(/This is not the email of your account/);
    await expect(page.getByRole("alertdialog", { name: "Confirm it's you" })).toHaveCount(0);

    // The account's email, typed in another case, then the proof the session needs.
    await email.fill(customer.email.toUpperCase());
    await dialog.getByRole("button", { name: "Close my login" }).click();
    const proof = page.getByRole("alertdialog", { name: "Confirm it's you" });
    await expect(proof).toBeVisible();
    await expectNoSeriousA11yViolations(page, `the fresh proof over the closing dialog ${label}`);
    await proof.getByLabel("Password", { exact: true }).fill(customer.password);
    await proof.getByRole("button", { name: "Continue" }).click();

    // Signed out, on the sign-in screen, which says so once.
    await expect(page).toHaveURL("/login");
    const notice = page.getByRole("status").filter({ hasText: "Your portal login is closed" });
    await expect(notice).toBeVisible();
    await expectNoSeriousA11yViolations(page, `the sign-in screen after closing ${label}`);

    // The confirmation went to the address the login had.
    await expect(async () => {
      const mail = (await (await page.request.get("/api/dev/mailbox")).json()) as Array<{
        to: string;
        subject: string;
      }>;
      expect(mail.some((m) => m.to === customer.email && m.subject === "Your portal login is closed")).toBe(
        true,
      );
    }).toPass({ timeout: 15_000 });

    // Signing in with it fails as for an email the portal never knew.
    await signIn(page, customer.email, customer.password);
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    await expect(page).toHaveURL("/login");
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/login/);
    // The notice was for that moment only.
    await expect(page.getByText("Your portal login is closed")).toHaveCount(0);
  });
}

test("cancelling the proof leaves the login open", async ({ page, signInAs, consoleErrors }) => {
  consoleErrors.allow(/status of 403/);
  await signInAs("prover", { disposable: 3 });
  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Close my portal login" });
  await card.getByRole("button", { name: "Close my portal login" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Close your portal login?" });
  await dialog.getByLabel("Your email").fill(e2eUsers.prover.email);
  await dialog.getByRole("button", { name: "Close my login" }).click();
  const proof = page.getByRole("alertdialog", { name: "Confirm it's you" });
  await proof.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Your login is still open");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("region", { name: "Close my portal login" })).toBeVisible();
});
