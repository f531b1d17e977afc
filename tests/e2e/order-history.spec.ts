/**
 * The order history (`/billing/orders`): a customer's orders newest first with their state, the
 * open one's Continue to payment and Cancel, the state filter, and the list kit's empty and error
 * states, at desktop and phone widths.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { holdRequests } from "./support/held-requests";
import { toasts } from "./support/journeys";
import { orderRowsOnPage } from "./support/order-rows";

const orderCards = (page: Page) => page.getByRole("list", { name: "Orders" }).getByRole("article");

/** Places an order through the API as the signed-in customer; answers its test checkout session. */
async function placeOrder(request: APIRequestContext, origin: string, plans: Record<string, number>) {
  const res = await request.post("/api/create-checkout-session", {
    data: {
      selectedPlans: Object.keys(plans).map((id) => ({ id })),
      planQuantities: plans,
      selectedAddOns: [],
      addOnQuantities: {},
    },
    headers: { Origin: origin },
  });
  expect(res.status()).toBe(200);
  return String(((await res.json()) as { sessionId: string }).sessionId);
}

test("a customer follows their orders, pays one, continues and cancels another", async ({
  page,
  signInAs,
  baseURL,
}) => {
  test.slow();
  const origin = baseURL ?? "";
  await signInAs("orderFollower");
  const paid = await placeOrder(page.request, origin, { exec: 1 });
  const pay = await page.request.post(`/test-checkout/${paid}/pay`, {
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(pay.status()).toBe(303);
  const open = await placeOrder(page.request, origin, { plus: 5 });

  await page.goto("/dashboard");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Billing & Orders" }).click();
  await nav.getByRole("link", { name: "Order History" }).click();
  await expect(page).toHaveURL("/billing/orders");
  await expect(page.getByRole("heading", { level: 1, name: "Order History" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Order History" })).toHaveAttribute("aria-current", "page");

  // Newest first: the open order of five Plus, then the paid Exec.
  await expect(orderCards(page)).toHaveCount(2);
  const [newest, older] = [orderCards(page).nth(0), orderCards(page).nth(1)];
  await expect(newest).toContainText("5 × LinkedIn Plus");
  await expect(newest).toContainText("Open");
  await expect(newest).toContainText("$636.50");
  await expect(older).toContainText("1 × LinkedIn Exec");
  await expect(older).toContainText("Paid");
  await expect(older.getByRole("button", { name: /Continue to payment/ })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "2 orders" })).toBeVisible();

  await newest.getByRole("button", { name: /Show details/ }).click();
  expect(await orderRowsOnPage(page, newest)).toEqual([
    ["5 × LinkedIn Plus", "$670.00"],
    ["Subtotal", "$670.00"],
    ["Volume discount 5%", "−$33.50"],
    ["Total per month", "$636.50"],
  ]);
  await expectNoSeriousA11yViolations(page, "the order history");

  // The filter keeps to the URL.
  await page.getByLabel("State").selectOption("paid");
  await expect(page).toHaveURL("/billing/orders?status=paid");
  await expect(orderCards(page)).toHaveCount(1);
  await expect(orderCards(page).first()).toContainText("1 × LinkedIn Exec");
  await page.getByLabel("State").selectOption("refunded");
  await expect(page.getByRole("heading", { name: "No refunded orders" })).toBeVisible();
  await page.getByRole("button", { name: "Show all orders" }).click();
  await expect(page).toHaveURL("/billing/orders");
  await expect(orderCards(page)).toHaveCount(2);

  // Continue to payment opens the open order's payment page.
  await orderCards(page)
    .first()
    .getByRole("button", { name: /Continue to payment/ })
    .click();
  await expect(page).toHaveURL(`/test-checkout/${open}`);
  await expect(page.getByRole("button", { name: /^Pay \$636\.50/ })).toBeVisible();
  await page.goBack();

  // Cancel asks first, then the order is cancelled and its actions go.
  const card = orderCards(page).first();
  await card.getByRole("button", { name: /^Cancel/ }).click();
  const dialog = page.getByRole("alertdialog", { name: "Cancel this order?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Keep the order" }).click();
  await expect(card).toContainText("Open");
  await card.getByRole("button", { name: /^Cancel/ }).click();
  await dialog.getByRole("button", { name: "Cancel the order" }).click();
  await expect(toasts(page)).toContainText("Order cancelled");
  await expect(card).toContainText("Cancelled");
  await expect(card.getByRole("button", { name: /Continue to payment/ })).toHaveCount(0);
  // Its payment page takes no payment now.
  await page.goto(`/test-checkout/${open}`);
  await expect(page.getByText("This checkout is cancelled.")).toBeVisible();

  // On a phone: the same list, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/billing/orders");
  await expect(orderCards(page)).toHaveCount(2);
  await expect(orderCards(page).first()).toContainText("Cancelled");
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page, "the order history on a phone");
});

test.describe("the order history's states", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("customer");
  });

  for (const [device, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    test(`no orders yet offers the plans (${device})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.route("**/api/orders", (route) =>
        route.fulfill({
          status: 200,
          contentType: "application/json",
          body: '{"orders":[],"nextCursor":null}',
        }),
      );
      await page.goto("/billing/orders");
      await expect(page.getByRole("heading", { name: "No orders yet" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `the empty order history (${device})`);
      await page.getByRole("link", { name: "Browse plans" }).click();
      await expect(page).toHaveURL("/orders");
    });
  }

  test("a failed load says so with the server's message, and Try again loads the list", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 500/);
    await page.route("**/api/orders", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"error":"The orders are unavailable"}',
      }),
    );
    await page.goto("/billing/orders");
    const alert = page.getByRole("alert").filter({ hasText: "Your orders could not be loaded" });
    await expect(alert).toContainText("The orders are unavailable");
    await expectNoSeriousA11yViolations(page, "the order history after a failed load");
    await page.unroute("**/api/orders");
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(alert).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Order History" })).toBeVisible();
  });

  test("shows skeleton cards while the list loads", async ({ page }) => {
    const release = await holdRequests(page, "**/api/orders");
    await page.goto("/billing/orders");
    await expect(page.getByRole("status", { name: "Loading your orders" })).toBeVisible();
    release();
    await expect(page.getByRole("status", { name: "Loading your orders" })).toHaveCount(0);
  });
});
