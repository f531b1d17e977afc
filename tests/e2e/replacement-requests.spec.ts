/**
 * Replacement requests (decision R18), at desktop and phone widths: a customer reports a problem with
 * an account, the portal writes the request to the operator's base (the sync source's
 * `Replacement Requests.csv`), the operator replaces the account there and a sync brings that back to
 * the Requests page and the account's row; another request is withdrawn. Each width has a customer
 * of its own with three accounts (support/e2e-accounts.ts).
 */
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { toasts } from "./support/journeys";
import { operatorEdits, requestRowFor } from "./support/sync-source";
import { e2eUsers } from "./support/users";

const WIDTHS = [
  { device: "desktop", user: "requesterDesktop", tag: "Desk", viewport: { width: 1280, height: 900 } },
  { device: "phone", user: "requesterPhone", tag: "Phone", viewport: { width: 390, height: 844 } },
] as const;

/** The account's row (a wide screen) or card (a phone) on the accounts screen. */
function accountOnPage(page: Page, device: "desktop" | "phone", firstName: string, lastName: string) {
  return device === "desktop"
    ? page.getByRole("row").filter({ has: page.getByRole("cell", { name: firstName, exact: true }) })
    : page.getByRole("listitem", { name: `${firstName} ${lastName}` });
}

const requestCard = (page: Page, label: string) => page.getByRole("article", { name: label });

/** Waits until the operator's base has the request: its card stops saying it is on its way. */
async function waitUntilDelivered(page: Page, label: string) {
  await expect(async () => {
    await page.reload();
    await expect(requestCard(page, label)).toBeVisible({ timeout: 5_000 });
    await expect(requestCard(page, label).getByText("Being passed to the operator.")).toHaveCount(0, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 60_000 });
}

for (const { device, user, tag, viewport } of WIDTHS) {
  test.describe(`replacement requests on a ${device}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
    });

    test("a customer reports a problem, and follows it until the operator has replaced the account", async ({
      page,
      signInAs,
    }) => {
      test.slow();
      await signInAs(user);
      const wendy = `Wendy Wrong${tag}`;
      const wendyRecord = `recE2eRequester${tag}1`;
      const nora = `Nora New${tag}`;

      await page.goto("/accounts/linkedin");
      await expect(page.getByRole("heading", { level: 1, name: "Your LinkedIn Accounts" })).toBeVisible();
      const row = accountOnPage(page, device, "Wendy", `Wrong${tag}`);
      // A signed-in account offers no report beside it: nothing is wrong with it that its status says.
      await expect(
        accountOnPage(page, device, "Nora", `New${tag}`).getByRole("button", { name: /^Report a problem/ }),
      ).toHaveCount(0);

      const report = row.getByRole("button", { name: `Report a problem with ${wendy}` });
      await report.click();
      const dialog = page.getByRole("alertdialog", { name: "Report a problem" });
      await expect(dialog.getByRole("radio", { name: "Wrong password" })).toBeChecked();
      await expect(dialog.getByRole("radio", { name: "A replacement account" })).toBeChecked();
      await dialog.getByLabel("Note (optional)").fill("The password stopped working on Monday.");
      await expectNoSeriousA11yViolations(page, `the report dialog on a ${device}`);
      // Escape closes it unsent and gives focus back to the button that opened it.
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(report).toBeFocused();

      await page.keyboard.press("Enter");
      await expect(dialog).toBeVisible();
      await dialog.getByLabel("Note (optional)").fill("The password stopped working on Monday.");
      await dialog.getByRole("button", { name: "Send report" }).click();
      await expect(toasts(page).filter({ hasText: "Problem reported" })).toBeVisible();
      await expect(dialog).toBeHidden();
      // The row now shows the open request, which takes the focus the report button had.
      const open = row.getByRole("link", { name: /^Replacement requested/ });
      await expect(open).toBeVisible();
      await expect(open).toBeFocused();
      await expect(row.getByRole("button", { name: /^Report a problem/ })).toHaveCount(0);

      // The operator's base has it, as the portal wrote it.
      await expect.poll(() => requestRowFor(wendyRecord)?.Status, { timeout: 30_000 }).toBe("Submitted");
      const written = requestRowFor(wendyRecord);
      expect(written).toMatchObject({
        UID: e2eUsers[user].uid,
        Kind: "Wrong password",
        Wish: "Replacement",
        Note: "The password stopped working on Monday.",
      });

      await open.click();
      await expect(page).toHaveURL(/\/accounts\/requests\?status=open$/);
      await expect(page.getByRole("heading", { level: 1, name: "Requests" })).toBeVisible();
      await expect(page.getByLabel("Status")).toHaveValue("open");
      const card = requestCard(page, wendy);
      await expect(card.getByText("Submitted", { exact: true })).toBeVisible();
      await expect(card.getByText("The password stopped working on Monday.")).toBeVisible();
      await waitUntilDelivered(page, wendy);
      await expectNoSeriousA11yViolations(page, `the requests page on a ${device}`);

      // The operator replaces the account in the base; the customer's sync brings the answer back.
      await operatorEdits(wendyRecord, {
        Status: "Replaced",
        "Replacement Account Record ID": `recE2eRequester${tag}3`,
        "Operator Note": "A fresh account is on its way.",
      });
      await page.goto("/accounts/linkedin");
      await page.getByRole("button", { name: "Sync Now" }).click();
      await expect(toasts(page).filter({ hasText: "Sync Completed" })).toBeVisible();
      await expect(row.getByRole("link", { name: /^Replacement/ })).toHaveCount(0);
      // Still a wrong password in the base: it may be reported again.
      await expect(row.getByRole("button", { name: `Report a problem with ${wendy}` })).toBeVisible();

      await page.goto("/accounts/requests");
      await expect(card.getByText("Replaced", { exact: true })).toBeVisible();
      await expect(card.getByRole("link", { name: nora })).toHaveAttribute(
        "href",
        `/accounts/linkedin?q=${encodeURIComponent(nora).replace(/%20/g, "+")}`,
      );
      await expect(card.getByText("A fresh account is on its way.")).toBeVisible();
      await expect(card.getByRole("button", { name: /^Withdraw/ })).toHaveCount(0);
      await page.getByLabel("Status").selectOption("replaced");
      await expect(page).toHaveURL(/status=replaced/);
      await expect(page.getByRole("status").filter({ hasText: "1 replaced request" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `a replaced request on a ${device}`);
    });

    test("a customer withdraws a request the operator has not taken up", async ({ page, signInAs }) => {
      test.slow();
      await signInAs(user);
      const rex = `Rex Restricted${tag}`;
      const rexRecord = `recE2eRequester${tag}2`;

      await page.goto("/accounts/linkedin");
      const row = accountOnPage(page, device, "Rex", `Restricted${tag}`);
      await row.getByRole("button", { name: `Report a problem with ${rex}` }).click();
      const dialog = page.getByRole("alertdialog", { name: "Report a problem" });
      await expect(dialog.getByRole("radio", { name: "Restricted or asks for ID" })).toBeChecked();
      await dialog.getByRole("radio", { name: "A fix for this account" }).check();
      await dialog.getByRole("button", { name: "Send report" }).click();
      await expect(toasts(page).filter({ hasText: "Problem reported" })).toBeVisible();
      await row.getByRole("link", { name: /^Fix requested/ }).click();

      const card = requestCard(page, rex);
      await expect(card.getByText("A fix for this account")).toBeVisible();
      await card.getByRole("button", { name: `Withdraw the request for ${rex}` }).click();
      const confirm = page.getByRole("alertdialog", { name: "Withdraw this request?" });
      await expectNoSeriousA11yViolations(page, `the withdraw confirmation on a ${device}`);
      await confirm.getByRole("button", { name: "Keep the request" }).click();
      await expect(confirm).toBeHidden();
      await expect(card.getByText("Submitted", { exact: true })).toBeVisible();

      await card.getByRole("button", { name: `Withdraw the request for ${rex}` }).click();
      await confirm.getByRole("button", { name: "Withdraw the request" }).click();
      await expect(toasts(page).filter({ hasText: "Request withdrawn" })).toBeVisible();
      // Only open requests are listed: the withdrawn one leaves the list.
      await expect(card).toHaveCount(0);
      await page.getByLabel("Status").selectOption("withdrawn");
      await expect(requestCard(page, rex).getByText("Withdrawn", { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `a withdrawn request on a ${device}`);

      // The operator's base learns of it, and the account may be reported again.
      await expect.poll(() => requestRowFor(rexRecord)?.Status, { timeout: 30_000 }).toBe("Withdrawn");
      await page.goto("/accounts/linkedin");
      await expect(row.getByRole("button", { name: `Report a problem with ${rex}` })).toBeVisible();
    });
  });
}

test("a report for an account whose status says nothing wrong needs a note", async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs("requesterDesktop");
  await page.goto("/accounts/linkedin");
  const nora = "Nora NewDesk";
  await page.getByRole("button", { name: `Show details for ${nora}` }).click();
  await page.getByRole("button", { name: `Report a problem with ${nora}` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Report a problem" });
  await expect(dialog.getByRole("radio", { name: "Other" })).toBeChecked();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByText("Tell us what is wrong with this account")).toBeVisible();
  await expect(dialog.getByLabel("Note", { exact: true })).toBeFocused();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(requestRowFor("recE2eRequesterDesk3")).toBeUndefined();
});
