/**
 * Every signed-in route in German: a browser that picked Deutsch walks each screen as a
 * customer with data on it, and as an administrator, and fails on any English left in what it shows or
 * announces. Names, products and the operator's own words may stay as they are (the allow-list).
 */
import type { Page } from "@playwright/test";
import { runAxe } from "./support/axe";
import { englishLeft, pageTexts } from "./support/english-left";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { type E2eUserKey, e2eUsers } from "./support/users";

/** What may read as English on a German page: data, not the portal's words. */
const ALLOWED: (string | RegExp)[] = [
  // People, their addresses and the product's names.
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/,
  ...Object.values(e2eUsers).map((user) => user.name),
  "LinkedIn",
  // The operator's own words in the test data: account statuses as the base holds them (shown on
  // hover beside the portal's word), optimization requests' titles, industries, places and a status
  // the portal does not know.
  /^(Signed In|Not Signed In|Wrong Password|Restricted)$/,
  "Paused Fintech Request",
  "On hold",
  "Staffing and Recruiting · Toronto, Ontario, Canada",
  "Financial Services · New York, New York, United States",
  "Advertising Services · Sydney, New South Wales, Australia",
];

/**
 * A control's visible words are part of its accessible name (WCAG 2.5.3, "label in name"), so that a
 * person who speaks the visible label to a voice control finds the control. English keeps it by
 * writing the names around the labels; a translation can break it, and axe checks it only when asked.
 */
async function expectLabelsInNames(page: Page, where: string): Promise<void> {
  const results = await runAxe(page, { rules: ["label-content-name-mismatch"] });
  const broken = results.violations.flatMap((violation) => violation.nodes.map((node) => node.html));
  expect(broken, `controls whose name leaves out their visible words on ${where}`).toEqual([]);
}

interface Stop {
  who: E2eUserKey;
  path: string;
  /** What to do once the screen is there, to show more of it (an expanded row, say). */
  open?: (page: Page) => Promise<void>;
}

const STOPS: Stop[] = [
  { who: "accountsOwner", path: "/dashboard" },
  {
    who: "accountsOwner",
    path: "/accounts/linkedin",
    // An account's details: its credentials, 2FA and proxy.
    open: async (page) => {
      await page
        .getByRole("button", { name: /^Details zu .+ anzeigen$/ })
        .first()
        .click();
      await expect(page.getByRole("button", { name: /^Details zu .+ ausblenden$/ })).toHaveCount(1);
    },
  },
  { who: "accountsOwner", path: "/accounts/requests" },
  { who: "optimizer", path: "/optimization" },
  { who: "accountsOwner", path: "/orders" },
  { who: "accountsOwner", path: "/checkout" },
  { who: "accountsOwner", path: "/checkout/cancelled" },
  { who: "transactionsOwner", path: "/billing/orders" },
  { who: "transactionsOwner", path: "/billing/transactions" },
  { who: "accountsOwner", path: "/notifications" },
  { who: "accountsOwner", path: "/help-centre" },
  { who: "accountsOwner", path: "/settings" },
  { who: "admin", path: "/admin/customers" },
  { who: "admin", path: `/admin/customers/${e2eUsers.accountsOwner.uid}` },
  { who: "admin", path: "/admin/audit" },
  { who: "admin", path: "/admin/sync" },
  { who: "admin", path: "/admin/payments/unlinked" },
  { who: "admin", path: "/admin/outbox" },
];

for (const stop of STOPS) {
  test(`${stop.path} speaks German to a German browser, as ${stop.who}`, async ({
    page,
    context,
    baseURL,
    signInAs,
  }) => {
    await context.addCookies([{ name: "language", value: "de", url: baseURL ?? "" }]);
    await signInAs(stop.who);
    await page.goto(stop.path);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await stop.open?.(page);

    expect(englishLeft(await pageTexts(page), ALLOWED), `English left on ${stop.path}`).toEqual([]);
    await expectNoSeriousA11yViolations(page, `${stop.path} in German`);
    await expectLabelsInNames(page, stop.path);
  });
}

test("the phone's menu speaks German", async ({ page, context, baseURL, signInAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await context.addCookies([{ name: "language", value: "de", url: baseURL ?? "" }]);
  await signInAs("customer");
  await page.goto("/dashboard");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.getByRole("button", { name: "Menü öffnen" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();

  expect(englishLeft(await pageTexts(page), ALLOWED), "English left in the phone's menu").toEqual([]);
  await expectNoSeriousA11yViolations(page, "the phone's menu in German");
  await expectLabelsInNames(page, "the phone's menu");
});

test("the payment page speaks German to a German payer who is not signed in", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "language", value: "de", url: baseURL ?? "" }]);
  // The payment is never started: the page stays on its way to the checkout, which is Stripe's.
  await page.route("**/api/pay", () => {});
  const link = `/pay?uid=${e2eUsers.payLinkCustomer.uid}`;
  for (const [path, state] of [
    [`${link}&product=lite`, "on its way to the payment"],
    [`${link}&product=nothing`, "with a link that does not work"],
  ] as const) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(englishLeft(await pageTexts(page), ALLOWED), `English left on /pay ${state}`).toEqual([]);
    await expectNoSeriousA11yViolations(page, `/pay ${state}, in German`);
    await expectLabelsInNames(page, `/pay ${state}`);
  }
});
