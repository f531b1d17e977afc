import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { toasts } from "./support/journeys";
import { e2eUsers } from "./support/users";

const product = (page: Page, name: string) => page.getByRole("group", { name, exact: true });
const cart = (page: Page) => page.getByRole("region", { name: "Your cart" });

async function addToCart(page: Page, name: string) {
  await product(page, name)
    .getByRole("button", { name: /Add to Cart/ })
    .click();
}

test.describe("a customer shopping", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("shopper");
  });

  test("adds, changes and removes items in the cart, which survives a reload", async ({ page }) => {
    await page.goto("/orders");
    await expect(page.getByRole("heading", { level: 1, name: "LinkedIn Account Plans" })).toBeVisible();
    await expect(product(page, "LinkedIn Lite")).toContainText("$98.00");
    await expect(product(page, "LinkedIn Lite")).toContainText("100+ connections");
    await expect(product(page, "LinkedIn Exec")).toContainText("2,500+ connections");
    await expect(product(page, "LinkedIn Plus")).toContainText("Most popular");
    await expect(cart(page)).toContainText("Your cart is empty");
    await expectNoSeriousA11yViolations(page, "the shop");

    await addToCart(page, "LinkedIn Plus");
    await expect(toasts(page)).toContainText("Added to Cart");
    await addToCart(page, "LinkedIn Plus");
    await expect(toasts(page)).toContainText("Cart Updated");
    await expect(cart(page).getByLabel("Quantity of LinkedIn Plus")).toHaveText("2");
    await addToCart(page, "Sales Navigator");
    await expect(cart(page)).toContainText("$308.00");

    await cart(page).getByRole("button", { name: "One more LinkedIn Plus" }).click();
    await expect(cart(page).getByLabel("Quantity of LinkedIn Plus")).toHaveText("3");
    await expect(cart(page)).toContainText("Add 2 more accounts for 5% off the whole order.");
    await cart(page).getByRole("button", { name: "Remove Sales Navigator" }).click();
    await expect(toasts(page)).toContainText("Item Removed");
    await expect(cart(page)).not.toContainText("Sales Navigator");

    await page.reload();
    await expect(cart(page).getByLabel("Quantity of LinkedIn Plus")).toHaveText("3");
    await cart(page).getByRole("button", { name: "One fewer LinkedIn Plus" }).click();
    await cart(page).getByRole("button", { name: "One fewer LinkedIn Plus" }).click();
    await cart(page).getByRole("button", { name: "One fewer LinkedIn Plus" }).click();
    await expect(toasts(page)).toContainText("Item Removed");
    await expect(cart(page)).toContainText("Your cart is empty");

    await cart(page).getByRole("button", { name: "Confirm and Checkout" }).click();
    await expect(toasts(page)).toContainText("Cart Empty");
    await expect(page).toHaveURL("/orders");
  });

  test("reviews the order with its volume discount, changes a quantity, and cancels on the payment page", async ({
    page,
  }) => {
    // A long journey across three pages, with two accessibility scans.
    test.slow();
    await page.goto("/orders");
    await addToCart(page, "LinkedIn Lite");
    for (let i = 0; i < 4; i += 1)
      await cart(page).getByRole("button", { name: "One more LinkedIn Lite" }).click();
    await cart(page).getByRole("button", { name: "Confirm and Checkout" }).click();

    await expect(page).toHaveURL("/checkout");
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await expect(page.getByText("Volume discount (5% off 5+ accounts)")).toBeVisible();
    await expect(page.getByText("−$24.50")).toBeVisible();
    await expect(page.getByRole("definition").last()).toHaveText("$465.50");
    await expect(page.getByText("Secure SSL encrypted payment")).toBeVisible();
    await expect(page.getByText("30-day money-back guarantee")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the checkout review");

    await page.getByRole("button", { name: "One fewer LinkedIn Lite" }).click();
    await expect(page.getByText(/Volume discount/)).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel("Quantity of LinkedIn Lite")).toHaveText("4");

    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(page).toHaveURL(/\/test-checkout\/cs_local_/);
    await expect(page.getByRole("heading", { name: "Test checkout" })).toBeVisible();
    await expect(page.getByText("$392.00").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the test checkout");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/orders");

    // The saved order went with the payment: the review has nothing to show.
    await page.goto("/checkout");
    await expect(page).toHaveURL("/orders");
    await expect(toasts(page)).toContainText("No Order Found");
  });

  test("is told why the checkout failed", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 50[02]/);
    await page.goto("/orders");
    await addToCart(page, "LinkedIn Exec");
    await cart(page).getByRole("button", { name: "Confirm and Checkout" }).click();
    await page.route("**/api/create-checkout-session", (route) =>
      route.fulfill({
        status: 502,
        contentType: "application/json",
        body: JSON.stringify({ error: "Stripe is busy" }),
      }),
    );
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(toasts(page)).toContainText("Checkout Failed");
    await expect(toasts(page)).toContainText("Stripe is busy");
    await expect(page).toHaveURL("/checkout");

    await page.route("**/api/create-checkout-session", (route) => route.fulfill({ status: 500, body: "" }));
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(toasts(page)).toContainText("HTTP error! status: 500");
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("reaches the cart from the bar without losing the grid", async ({ page }) => {
      await page.goto("/orders");
      await addToCart(page, "LinkedIn Lite");
      const bar = page.getByRole("button", { name: /^View cart \(1\)/ });
      await expect(bar).toBeVisible();
      await bar.click();
      await expect(cart(page)).toBeInViewport();
      await expect(cart(page)).toBeFocused();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await expectNoSeriousA11yViolations(page, "the shop on a phone");
    });
  });
});

test("a first-time customer buys three LinkedIn Plus and one Sales Navigator and lands on the success page", async ({
  page,
  signInAs,
}) => {
  await signInAs("buyer");
  await page.goto("/orders");
  await addToCart(page, "LinkedIn Plus");
  await addToCart(page, "LinkedIn Plus");
  await addToCart(page, "LinkedIn Plus");
  await addToCart(page, "Sales Navigator");
  await cart(page).getByRole("button", { name: "Confirm and Checkout" }).click();
  await expect(page.getByRole("definition").last()).toHaveText("$442.00");
  await page.getByRole("button", { name: "Proceed to Payment" }).click();

  await expect(page).toHaveURL(/\/test-checkout\//);
  await page.getByRole("button", { name: /^Pay \$442\.00/ }).click();

  await expect(page).toHaveURL(/\/checkout\/success\?session_id=cs_local_/);
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  await expect(page.getByText(/Session ID: cs_local_/)).toBeVisible();
  await expect(page.getByText("3 × LinkedIn Plus")).toBeVisible();
  await expect(page.getByText(/charged only for the accounts we have delivered/)).toBeVisible();
  await expect(page.getByText(/communication channel/)).toBeVisible();
  await expect(page.getByRole("link", { name: /Complete Onboarding/ })).toHaveAttribute(
    "href",
    e2eUsers.buyer.onboardingUrl,
  );
  await expectNoSeriousA11yViolations(page, "the success page");
  await page.getByRole("link", { name: "View Transaction" }).click();
  await expect(page).toHaveURL("/billing/transactions");
});

test("the success page of someone else's payment says it was not found", async ({
  page,
  signInAs,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 404/);
  await signInAs("customer");
  await page.goto("/checkout/success?session_id=cs_local_not_yours");
  await expect(page.getByRole("heading", { level: 1, name: "Payment not found" })).toBeVisible();
  await expect(page.getByText("Payment Successful!")).toHaveCount(0);
});

test("a signed-out visitor is sent from the shop to sign in", async ({ page }) => {
  await page.goto("/orders");
  await expect(page).toHaveURL("/login");
});

test.describe("payment links", () => {
  test("a good link goes straight to the payment page", async ({ page }) => {
    await page.goto(`/pay?uid=${e2eUsers.buyer.uid}&product=exec`);
    await expect(page).toHaveURL(/\/test-checkout\/cs_local_/);
    await expect(page.getByText("LinkedIn Exec")).toBeVisible();
  });

  for (const [query, message] of [
    ["", "Missing required parameters: uid and product"],
    ["?uid=abc", "Missing required parameters: uid and product"],
    ["?uid=abc&product=gold", "Invalid product key. Must be one of: lite, plus, exec, salesnav, automation"],
    ["?uid=00000000-0000-0000-0000-000000000000&product=lite", "User not found"],
  ] as const) {
    test(`/pay${query} says: ${message}`, async ({ page, consoleErrors }) => {
      consoleErrors.allow(/status of 404/);
      await page.goto(`/pay${query}`);
      await expect(page.getByRole("alert")).toContainText(message);
      await expectNoSeriousA11yViolations(page, `/pay${query}`);
      await page.getByRole("link", { name: "Return to Home" }).click();
      await expect(page).toHaveURL(/\/(login)?$/);
    });
  }
});

test("says the plans could not be loaded, with the server's message, and Try again loads them", async ({
  page,
  signInAs,
  consoleErrors,
}) => {
  await signInAs("shopper");
  consoleErrors.allow(/status of 500/);
  await page.route("**/api/catalogue", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: '{"error":"The catalogue is unavailable"}',
    }),
  );
  await page.goto("/orders");
  const alert = page.getByRole("alert").filter({ hasText: "The plans could not be loaded" });
  // The same error state as every other screen: a heading, the server's message and Try again.
  await expect(alert.getByRole("heading", { name: "The plans could not be loaded" })).toBeVisible();
  await expect(alert).toContainText("The catalogue is unavailable");
  await expect(product(page, "LinkedIn Exec")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, "/orders after a failed load");

  await page.unroute("**/api/catalogue");
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(product(page, "LinkedIn Exec")).toBeVisible();
  await expect(alert).toHaveCount(0);
});
