import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page, signInAs }) => {
  await signInAs("customer");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

test("hides the sidebar behind an Open menu button", async ({ page }) => {
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the dashboard on a phone");
});

test("opens a 20rem menu that Escape closes", async ({ page }) => {
  const openMenu = page.getByRole("button", { name: "Open menu" });
  await openMenu.click();

  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(menu.getByText("Casey Customer", { exact: true })).toBeVisible();
  // Wait for the slide-in to finish before measuring.
  await expect.poll(async () => (await menu.boundingBox())?.x).toBe(0);
  expect((await menu.boundingBox())?.width).toBe(320);
  await expectNoSeriousA11yViolations(page, "the open mobile menu");

  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(openMenu).toBeFocused();
});

test("keeps keyboard focus inside the open menu", async ({ page }) => {
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
});

test("closes when a link is followed", async ({ page }) => {
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await menu.getByRole("link", { name: "Help Centre" }).click();

  await expect(page).toHaveURL("/help-centre");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Help Centre" })).toBeVisible();

  await page.getByRole("button", { name: "Open menu" }).click();
  await menu.getByRole("button", { name: "Billing & Orders" }).click();
  await menu.getByRole("link", { name: "Orders" }).click();
  await expect(page).toHaveURL("/orders");
  await expect(menu).toBeHidden();
});

test("the close button closes the menu", async ({ page }) => {
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await menu.getByRole("button", { name: "Close menu" }).click();
  await expect(menu).toBeHidden();
});
