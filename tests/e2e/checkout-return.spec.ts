/**
 * Coming back from the payment page (decision 029): whoever paid or cancelled sees the order they
 * were paying, signed in or not, and every page that shows the order says the same lines, discount
 * line and total as the server charged.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { orderRowsOnPage, orderRowsOnTestCheckout } from "./support/order-rows";
import { e2eUsers } from "./support/users";

const cart = (page: Page) => page.getByRole("region", { name: "Your cart" });
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const signInLink = (page: Page) => page.getByRole("link", { name: "Sign in to see your accounts" });

/** What the payer of `/pay?uid=…&product=plus` bought, on every page. */
const ONE_PLUS = [
  ["1 × LinkedIn Plus", "$134.00"],
  ["Subtotal", "$134.00"],
  ["Total per month", "$134.00"],
];

/** The order of the issue: 3 Lite, 2 Plus and a Sales Navigator, five accounts, the 5 % tier. */
const FIVE_ACCOUNTS = [
  ["3 × LinkedIn Lite", "$294.00"],
  ["2 × LinkedIn Plus", "$268.00"],
  ["1 × Sales Navigator", "$40.00"],
  ["Subtotal", "$602.00"],
  ["Volume discount 5%", "−$30.10"],
  ["Total per month", "$571.90"],
];

async function expectNothingOfTheCustomer(page: Page, customer: { name: string; email: string }) {
  const text = (await page.locator("body").textContent()) ?? "";
  expect(text).not.toContain(customer.name);
  expect(text).not.toContain(customer.email);
  await expect(mainNav(page)).toHaveCount(0);
}

test.describe("a signed-out payer of a payment link", () => {
  const customer = e2eUsers.payLinkCustomer;
  const link = `/pay?uid=${customer.uid}&product=plus`;

  for (const [device, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    test(`sees the confirmation of what they paid, and a way to sign in (${device})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(link);
      await expect(page).toHaveURL(/\/test-checkout\/cs_local_/);
      expect(await orderRowsOnTestCheckout(page)).toEqual(ONE_PLUS);
      await page.getByRole("button", { name: /^Pay \$134\.00/ }).click();

      await expect(page).toHaveURL(/\/checkout\/success\?session_id=cs_local_/);
      await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
      expect(await orderRowsOnPage(page)).toEqual(ONE_PLUS);
      await expect(page.getByRole("region", { name: "Your order" })).toContainText("Paid");
      await expect(page.getByText(/charged only for the accounts we have delivered/)).toBeVisible();
      await expect(signInLink(page)).toHaveAttribute("href", "/login?next=/accounts/linkedin");
      // Nothing that needs an account, and nothing of whose order it is.
      await expect(page.getByRole("link", { name: /Complete Onboarding/ })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "View Transaction" })).toHaveCount(0);
      await expectNothingOfTheCustomer(page, customer);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
      await expectNoSeriousA11yViolations(page, `the signed-out success page (${device})`);

      await signInLink(page).click();
      await expect(page).toHaveURL(/\/login\?next=%2Faccounts%2Flinkedin|\/login\?next=\/accounts\/linkedin/);
      await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    });

    test(`is told the payment was cancelled and nothing was charged (${device})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(link);
      await expect(page).toHaveURL(/\/test-checkout\/cs_local_/);
      await page.getByRole("button", { name: "Cancel" }).click();

      await expect(page).toHaveURL(/\/checkout\/cancelled\?ref=/);
      await expect(page.getByRole("heading", { level: 1, name: "Payment cancelled" })).toBeVisible();
      await expect(page.getByText("Nothing was charged.")).toBeVisible();
      expect(await orderRowsOnPage(page)).toEqual(ONE_PLUS);
      await expect(page.getByRole("region", { name: "Your order" })).toContainText("Cancelled");
      await expect(signInLink(page)).toBeVisible();
      await expectNothingOfTheCustomer(page, customer);
      await expectNoSeriousA11yViolations(page, `the signed-out cancel page (${device})`);
    });
  }

  test("is told when the page names no payment", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 404/);
    await page.goto("/checkout/success?session_id=cs_local_no_such_session");
    await expect(page.getByRole("heading", { level: 1, name: "Payment not found" })).toBeVisible();
    await expect(signInLink(page)).toBeVisible();
    await expect(mainNav(page)).toHaveCount(0);
  });
});

test("the review, the test checkout and the success page show the same lines, discount and total, signed in and out", async ({
  page,
  signInAs,
}) => {
  test.slow();
  await signInAs("discountBuyer");
  await page.goto("/orders");
  for (const [name, times] of [
    ["LinkedIn Lite", 3],
    ["LinkedIn Plus", 2],
    ["Sales Navigator", 1],
  ] as const) {
    for (let i = 0; i < times; i += 1) {
      await page
        .getByRole("group", { name, exact: true })
        .getByRole("button", { name: /Add to Cart/ })
        .click();
    }
  }
  await expect(cart(page).getByLabel("Quantity of LinkedIn Lite")).toHaveText("3");
  await cart(page).getByRole("button", { name: "Confirm and Checkout" }).click();

  await expect(page).toHaveURL("/checkout");
  // The address changes before the review is drawn: until its chunk is in, the shop's own screen,
  // whose cart is an "Items" list too, is still what the page shows.
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  expect(await orderRowsOnPage(page)).toEqual(FIVE_ACCOUNTS);
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
  await expect(page).toHaveURL(/\/test-checkout\/cs_local_/);
  expect(await orderRowsOnTestCheckout(page)).toEqual(FIVE_ACCOUNTS);
  await page.getByRole("button", { name: /^Pay \$571\.90/ }).click();

  await expect(page).toHaveURL(/\/checkout\/success\?session_id=cs_local_/);
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  const successUrl = page.url();
  expect(await orderRowsOnPage(page)).toEqual(FIVE_ACCOUNTS);
  await expect(mainNav(page)).toBeVisible();
  await expect(page.getByRole("link", { name: "View Transaction" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the success page with a discount");

  // The cart that was paid for is empty now.
  await page.goto("/orders");
  await expect(cart(page)).toContainText("Your cart is empty");

  // The same confirmation for whoever holds the link, signed out.
  await page.context().clearCookies();
  await page.goto(successUrl);
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  expect(await orderRowsOnPage(page)).toEqual(FIVE_ACCOUNTS);
  await expect(signInLink(page)).toBeVisible();
  await expectNothingOfTheCustomer(page, e2eUsers.discountBuyer);
});
