import type { Locator, Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { toasts } from "./support/journeys";
import { orderRowsOnPage, orderRowsOnTestCheckout, totalsOf } from "./support/order-rows";
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

  test("shows the discount the cart has earned, its total and the next tier, priced as the server prices it", async ({
    page,
  }) => {
    await page.goto("/orders");
    for (const [name, times] of [
      ["LinkedIn Lite", 3],
      ["LinkedIn Plus", 2],
      ["Sales Navigator", 1],
    ] as const) {
      for (let i = 0; i < times; i += 1) await addToCart(page, name);
    }
    await expect(cart(page).getByLabel("Quantity of LinkedIn Lite")).toHaveText("3");
    // One subtotal, the tier the five accounts earned, and the total they will be charged.
    await expect(cart(page).getByText("Subtotal", { exact: true })).toHaveCount(1);
    await expect
      .poll(() => totalsOf(cart(page)))
      .toEqual([
        ["Subtotal", "$602.00"],
        ["Volume discount 5%", "−$30.10"],
        ["Total per month", "$571.90"],
      ]);
    await expect(cart(page)).toContainText("Add 5 more accounts for 10% off the whole order.");
    await expectNoSeriousA11yViolations(page, "the cart with a volume discount");

    // One account fewer: no discount, and the hint names the first tier again.
    await cart(page).getByRole("button", { name: "One fewer LinkedIn Lite" }).click();
    await expect
      .poll(() => totalsOf(cart(page)))
      .toEqual([
        ["Subtotal", "$504.00"],
        ["Total per month", "$504.00"],
      ]);
    await expect(cart(page)).toContainText("Add 1 more account for 5% off the whole order.");

    await page.setViewportSize({ width: 390, height: 844 });
    await cart(page).getByRole("button", { name: "One more LinkedIn Lite" }).click();
    await expect(page.getByRole("button", { name: "View cart (6) · $571.90" })).toBeVisible();
  });

  test("reviews the order with its discount line, goes back to the cart, and cancels on the payment page", async ({
    page,
  }) => {
    // A long journey across four pages, with three accessibility scans.
    test.slow();
    await page.goto("/orders");
    await addToCart(page, "LinkedIn Lite");
    for (let i = 0; i < 4; i += 1)
      await cart(page).getByRole("button", { name: "One more LinkedIn Lite" }).click();
    await cart(page).getByRole("button", { name: "Confirm and Checkout" }).click();

    await expect(page).toHaveURL("/checkout");
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    const review = [
      ["5 × LinkedIn Lite", "$490.00"],
      ["Subtotal", "$490.00"],
      ["Volume discount 5%", "−$24.50"],
      ["Total per month", "$465.50"],
    ];
    expect(await orderRowsOnPage(page)).toEqual(review);
    await expect(page.getByText("$98.00 / month each")).toBeVisible();
    await expect(page.getByText("Secure SSL encrypted payment")).toBeVisible();
    await expect(page.getByText("30-day money-back guarantee")).toBeVisible();
    // The review is read only: quantities change in the cart.
    await expect(page.getByRole("button", { name: "One fewer LinkedIn Lite" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "the checkout review");
    await page.getByRole("link", { name: "Change order" }).click();
    await expect(page).toHaveURL("/orders");
    await expect(cart(page).getByLabel("Quantity of LinkedIn Lite")).toHaveText("5");
    await cart(page).getByRole("button", { name: "Confirm and Checkout" }).click();

    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(page).toHaveURL(/\/test-checkout\/cs_local_/);
    await expect(page.getByRole("heading", { name: "Test checkout" })).toBeVisible();
    // The payment page says what the review said.
    expect(await orderRowsOnTestCheckout(page)).toEqual(review);
    await expectNoSeriousA11yViolations(page, "the test checkout");
    await page.getByRole("button", { name: "Cancel" }).click();

    await expect(page).toHaveURL(/\/checkout\/cancelled\?ref=/);
    await expect(page.getByRole("heading", { level: 1, name: "Payment cancelled" })).toBeVisible();
    await expect(page.getByText("Nothing was charged.")).toBeVisible();
    expect(await orderRowsOnPage(page)).toEqual(review);
    await expect(page.getByRole("region", { name: "Your order" })).toContainText("Cancelled");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the cancel page");

    // The cart is as it was.
    await page.getByRole("link", { name: "Back to your cart" }).click();
    await expect(page).toHaveURL("/orders");
    await expect(cart(page).getByLabel("Quantity of LinkedIn Lite")).toHaveText("5");
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

test("a signed-out visitor is sent from the shop to sign in, and back after it", async ({ page }) => {
  await page.goto("/orders");
  await expect(page).toHaveURL("/login?next=/orders");
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

  // Decision 066: a uid that names no customer is answered as one that does, so a link cannot tell
  // who is a customer; it leads to the provider's page of a checkout closed at once, with no Pay.
  test("a link whose uid names no customer leads to a closed checkout that takes no payment", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 404/);
    await page.goto("/pay?uid=00000000-0000-0000-0000-000000000000&product=lite");
    await expect(page).toHaveURL(/\/test-checkout\/cs_local_/);
    await expect(page.getByRole("heading", { name: "Checkout not found" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Pay/ })).toHaveCount(0);
  });
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

/**
 * Defect 5: the cards of the shop at the widths a customer meets, with something of each in the
 * cart (the longest button text). Boxes and overflow, not pixels: no text cut off inside its box,
 * the cart icon inside its button, the badge clear of the title, each price on one line.
 */
test.describe("the shop's cards", () => {
  const PRODUCTS = [
    "LinkedIn Lite",
    "LinkedIn Plus",
    "LinkedIn Exec",
    "Sales Navigator",
    "LinkedIn Automation",
  ];
  const inside = (inner: Box, outer: Box) =>
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5;
  const overlap = (a: Box, b: Box) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  type Box = { x: number; y: number; width: number; height: number };
  const boxOf = async (locator: Locator): Promise<Box> => {
    const box = await locator.boundingBox();
    if (!box) throw new Error("not on screen");
    return box;
  };
  /** Whether the element's content is wider than its box: text the box cuts off or lets spill. */
  const overflows = (locator: Locator) => locator.evaluate((el) => el.scrollWidth > el.clientWidth + 0.5);

  for (const width of [390, 1024, 1280, 1440]) {
    test(`fit at ${width} px with items in the cart`, async ({ page, signInAs }) => {
      await signInAs("shopper");
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/orders");
      for (const name of PRODUCTS) await addToCart(page, name);

      for (const name of PRODUCTS) {
        const card = product(page, name);
        await card.scrollIntoViewIfNeeded();
        const cardBox = await boxOf(card);
        const title = card.getByRole("heading", { name, exact: true });
        const button = card.getByRole("button", { name: /Add to Cart/ });
        const price = card.locator("p", { hasText: "/ month" });
        await expect(button).toContainText("(1 in cart)");
        for (const [what, part] of [
          ["title", title],
          ["button", button],
          ["price", price],
        ] as const) {
          expect(await overflows(part), `${name}: the ${what} at ${width} px`).toBe(false);
          expect(inside(await boxOf(part), cardBox), `${name}: the ${what} inside its card`).toBe(true);
        }
        const buttonBox = await boxOf(button);
        expect(inside(await boxOf(button.locator("svg")), buttonBox), `${name}: the cart icon`).toBe(true);
        expect(
          inside(await boxOf(button.getByText("(1 in cart)")), buttonBox),
          `${name}: "(1 in cart)"`,
        ).toBe(true);
        // One line: "/ month" to the right of the amount, not below it.
        const oneLine = await price.evaluate((el) => {
          const [amount, month] = [...el.children].map((child) => child.getBoundingClientRect());
          return Boolean(amount && month && month.top < amount.bottom && month.left >= amount.right - 1);
        });
        expect(oneLine, `${name}: the price on one line`).toBe(true);
        if (name === "LinkedIn Plus") {
          const badge = card.getByText("Most popular");
          expect(overlap(await boxOf(badge), await boxOf(title)), "the badge clear of the title").toBe(false);
          expect(inside(await boxOf(badge), cardBox)).toBe(true);
        }
      }
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, "no sideways scrolling").toBeLessThanOrEqual(width);
    });
  }
});
