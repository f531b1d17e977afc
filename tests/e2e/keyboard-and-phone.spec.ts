/**
 * What a new customer met on a phone and with the keyboard: toasts over the menu button, count cards
 * one a row, the tab order of the sign-in form, coming-soon entries as tab stops, where focus lands
 * after choosing a page in the menu, and the API reference's width and raw markdown.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { toasts } from "./support/journeys";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("expected a box for a visible element");
  return found;
}

type Box = Awaited<ReturnType<typeof box>>;
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** What has focus, described by its role and text, to read a tab order off. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "body";
    return `${el.tagName.toLowerCase()}:${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim()}`;
  });

test.describe("on a phone, signed in", () => {
  test.use({ viewport: PHONE });
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("customer");
  });

  test("a toast leaves the header and its menu button free, and F8 still reaches it", async ({ page }) => {
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    // A toast that changes nothing: the profile form refuses an empty name.
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("Full name").fill("");
    await page.getByRole("button", { name: "Save" }).click();
    const toast = toasts(page).filter({ hasText: "Validation Error" });
    await expect(toast).toBeVisible();
    // Wait for the slide-in to end before measuring.
    await expect.poll(async () => toast.evaluate((el) => el.getAnimations().length)).toBe(0);

    const header = page.getByRole("banner");
    expect(intersects(await box(toast), await box(header))).toBe(false);
    const openMenu = page.getByRole("button", { name: "Open menu" });
    expect(intersects(await box(toast), await box(openMenu))).toBe(false);
    // Inside the screen, at its bottom.
    const toastBox = await box(toast);
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(PHONE.height);
    expect(toastBox.y).toBeGreaterThan(PHONE.height / 2);

    // Radix's F8 hotkey moves focus to the notifications.
    await page.keyboard.press("F8");
    await expect
      .poll(() =>
        page
          .getByRole("region", { name: /^Notifications/ })
          .evaluate((region) => region.contains(document.activeElement)),
      )
      .toBe(true);

    // A plain click (Playwright refuses one on a covered button) opens the menu while the toast shows.
    await openMenu.click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    // The open menu hides the rest of the page from assistive technology, so the toast is found by text.
    await expect(page.getByText("Email and name are required fields.", { exact: true })).toBeVisible();
  });

  test("the four count cards stand two a row", async ({ page }) => {
    await page.goto("/dashboard");
    const names = ["LinkedIn Accounts", "Sales Navigator Accounts", "Email Accounts", "WhatsApp Accounts"];
    const [a, b, c, d] = await Promise.all(
      names.map((name) => box(page.getByRole("region", { name, exact: true }))),
    );
    if (!a || !b || !c || !d) throw new Error("expected four cards");
    // Two side by side, then two more below them.
    expect(b.y).toBe(a.y);
    expect(b.x).toBeGreaterThan(a.x + a.width);
    expect(d.y).toBe(c.y);
    expect(c.x).toBe(a.x);
    expect(c.y).toBeGreaterThanOrEqual(a.y + a.height);
    for (const card of [a, b, c, d]) {
      expect(card.width).toBeLessThan(PHONE.width / 2);
      expect(card.x + card.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousA11yViolations(page, "the dashboard's count cards on a phone");
  });

  test("choosing a page in the menu focuses that page's heading", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const openMenu = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("dialog", { name: "Menu" });

    // By pointer.
    await openMenu.click();
    await menu.getByRole("link", { name: "Help Centre" }).click();
    await expect(page).toHaveURL("/help-centre");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Help Centre" })).toBeFocused();

    // By keyboard.
    await openMenu.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Settings" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/settings");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeFocused();
    await expectNoSeriousA11yViolations(page, "the settings page reached from the menu");

    // The page that is already shown: its heading all the same.
    await openMenu.click();
    await menu.getByRole("link", { name: "Settings" }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeFocused();

    // Closing the menu without choosing a page still goes back to its button.
    await openMenu.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(openMenu).toBeFocused();
  });

  test("the menu's coming-soon entries are shown as unavailable and are no tab stops", async ({ page }) => {
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    for (const name of ["Email", "WhatsApp", "Facebook"]) {
      const item = menu.getByRole("button", { name: new RegExp(`^${name}`) });
      await expect(item).toBeVisible();
      await expect(item).toBeDisabled();
      await expect(item).toContainText("Soon");
    }

    // Once round the whole menu (focus stays inside it): every stop, none of them a Soon entry.
    const stops: string[] = [];
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      stops.push(await focused(page));
    }
    expect(stops).toContain("a:LinkedInActive");
    expect(stops).toContain("button:Close menu");
    expect(stops.filter((stop) => /Soon|^button:(Email|WhatsApp|Facebook)/.test(stop))).toEqual([]);
    const linkedin = stops.indexOf("a:LinkedInActive");
    expect(stops.slice(linkedin + 1, linkedin + 3)).toEqual(["a:Requests", "button:Billing & Orders"]);
  });
});

test.describe("on a wide screen, signed in", () => {
  test.use({ viewport: DESKTOP });
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("customer");
  });

  test("the four count cards stand in one row", async ({ page }) => {
    await page.goto("/dashboard");
    const names = ["LinkedIn Accounts", "Sales Navigator Accounts", "Email Accounts", "WhatsApp Accounts"];
    const cards = await Promise.all(
      names.map((name) => box(page.getByRole("region", { name, exact: true }))),
    );
    for (const [i, card] of cards.entries()) {
      expect(card.y).toBe(cards[0]?.y);
      if (i > 0) expect(card.x).toBeGreaterThan((cards[i - 1]?.x ?? 0) + (cards[i - 1]?.width ?? 0));
    }
  });

  test("Tab skips the sidebar's coming-soon entries, which still explain themselves on hover", async ({
    page,
  }) => {
    await page.goto("/dashboard");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: /^LinkedIn/ }).focus();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Requests" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("button", { name: "Billing & Orders" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(nav.getByRole("link", { name: /^LinkedIn/ })).toBeFocused();

    const email = nav.getByRole("button", { name: /^Email/ });
    await expect(email).toBeDisabled();
    const { x, y, width, height } = await box(email);
    await page.mouse.move(x + width / 2, y + height / 2);
    await expect(page.getByRole("tooltip", { name: "Email accounts are coming soon" })).toBeVisible();
  });
});

test.describe("the sign-in form", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`goes from Email to Password with Tab, the reset link after them (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/login");
      await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
      const email = page.getByLabel("Email");
      const password = page.getByLabel("Password", { exact: true });
      const forgot = page.getByRole("link", { name: "Forgot password?" });

      await email.focus();
      await page.keyboard.press("Tab");
      await expect(password).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(page.getByRole("button", { name: "Show password" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(forgot).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeFocused();

      // Still drawn where it was: at the end of the password's label row, above the field.
      const link = await box(forgot);
      const field = await box(password);
      const label = await box(page.getByText("Password", { exact: true }));
      expect(link.y + link.height).toBeLessThanOrEqual(field.y);
      expect(Math.abs(link.y + link.height / 2 - (label.y + label.height / 2))).toBeLessThan(4);
      expect(link.x).toBeGreaterThan(label.x + label.width);
      expect(link.x + link.width).toBeLessThanOrEqual(field.x + field.width + 1);
      await expectNoSeriousA11yViolations(page, `the sign-in form at ${viewport.width} px`);
    });
  }
});

test.describe("the API reference on a phone", () => {
  test.use({ viewport: PHONE });

  test("fits the screen and shows code spans as code, without markdown backticks", async ({ page }) => {
    await page.goto("/api/docs");
    await expect(page.getByRole("heading", { level: 1, name: "Customer portal API" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.body.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // Everything in the body is shown: no part of it is hidden.
    expect(await page.locator("body").textContent()).not.toContain("`");
    await expect(page.locator("p code").filter({ hasText: '{ "error": message }' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the API reference on a phone");
  });
});
