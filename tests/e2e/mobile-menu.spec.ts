import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { holdScriptsContaining } from "./support/held-scripts";

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

test("draws a phone's first screen without the sidebar's and the menu's code, which a press waits for", async ({
  page,
}) => {
  // The sidebar's navigation (with its tooltips) and the slide-over (Radix Dialog), found by their
  // messages' ids (a production build keeps the ids, not the English).
  const scripts = await holdScriptsContaining(page, ['"layout.nav.soon-tooltip"', '"common.close-menu"']);
  await page.goto("/accounts/linkedin");
  await expect(page.getByRole("heading", { level: 1, name: "Your LinkedIn Accounts" })).toBeVisible();
  const openMenu = page.getByRole("button", { name: "Open menu" });
  await expect(openMenu).toHaveAttribute("aria-expanded", "false");

  await openMenu.click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(openMenu).toHaveAttribute("aria-expanded", "true");
  await expect(menu).toHaveCount(0);
  expect(scripts.held.length).toBeGreaterThan(0);

  scripts.release();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(openMenu).toBeFocused();
  await expect(openMenu).toHaveAttribute("aria-expanded", "false");
});

test("shows the sidebar column instead of the menu button once the window is wide, and back", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Open menu" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
});
