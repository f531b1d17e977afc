import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { toasts } from "./support/journeys";
import type { E2eUserKey } from "./support/users";

/**
 * The customer's notifications: the bell and its count, the panel, the list page, and the mail
 * switches in Settings. Each device has its own user, seeded with three unread entries and one read
 * (support/e2e-notifications.ts), so the two tests never change each other's counts.
 */
const DEVICES = [
  {
    device: "desktop",
    user: "notifiedDesktop",
    owner: "Nora",
    other: "Ned",
    viewport: { width: 1280, height: 900 },
  },
  {
    device: "phone",
    user: "notifiedPhone",
    owner: "Ned",
    other: "Nora",
    viewport: { width: 390, height: 844 },
  },
] as const satisfies ReadonlyArray<{
  device: string;
  user: E2eUserKey;
  owner: string;
  other: string;
  viewport: { width: number; height: number };
}>;

const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ });

/** The ids of the signed-in user's entries, newest first, as the API lists them. */
async function entryIds(page: Page): Promise<number[]> {
  const res = await page.request.get("/api/notifications");
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { notifications: Array<{ id: number }> };
  return body.notifications.map((entry) => entry.id);
}

for (const { device, user, owner, other, viewport } of DEVICES) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("the bell counts unread entries, and reading them brings the count down", async ({
      page,
      signInAs,
      baseURL,
    }) => {
      await signInAs(user);
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      await expect(bell(page)).toHaveAccessibleName("Notifications, 3 unread");
      await expect(page.getByTestId("notification-badge")).toHaveText("3");
      await expectNoSeriousA11yViolations(page, `the dashboard with the bell on a ${device}`);

      // Another tab marks the oldest entry read; this one follows when its window comes to the front.
      const ids = await entryIds(page);
      expect(ids).toHaveLength(4);
      const oldest = ids.at(-1);
      const marked = await page.request.post("/api/notifications/read", {
        headers: { Origin: baseURL ?? "" },
        data: { ids: [oldest] },
      });
      expect(marked.status()).toBe(200);
      expect(await marked.json()).toEqual({ unreadCount: 2 });
      await page.evaluate(() => window.dispatchEvent(new Event("focus")));
      await expect(bell(page)).toHaveAccessibleName("Notifications, 2 unread");
      await expect(page.getByTestId("notification-badge")).toHaveText("2");

      // The panel: the newest entries in words, the unread ones said to be so.
      await bell(page).click();
      const panel = page.getByRole("dialog", { name: "Notifications" });
      await expect(panel).toBeVisible();
      await expect(bell(page)).toHaveAttribute("aria-expanded", "true");
      const entries = panel.getByRole("list", { name: "Newest notifications" }).getByRole("listitem");
      await expect(entries).toHaveCount(4);
      await expect(entries.nth(0)).toContainText(
        `Your optimization request '${owner} Acme' moved to In progress`,
      );
      await expect(entries.nth(0)).toContainText("Unread:");
      await expect(entries.nth(0)).toContainText("minutes ago");
      await expect(entries.nth(1)).toContainText("A refund of $40.00 was made");
      await expect(entries.nth(2)).toContainText("A payment of $98.00 failed");
      await expect(entries.nth(2)).not.toContainText("Unread:");
      await expect(entries.nth(3)).toContainText(
        `${owner} Jane's status changed from Signed In to Restricted`,
      );
      await expect(entries.nth(3)).not.toContainText("Unread:");
      await expect(panel).not.toContainText(other);
      await expectNoSeriousA11yViolations(page, `the open notifications panel on a ${device}`);

      // Escape closes it and gives focus back to the bell.
      await page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
      await expect(bell(page)).toBeFocused();

      // Choosing an entry reads it and goes where it leads.
      await bell(page).click();
      await panel.getByRole("link", { name: /Your optimization request/ }).click();
      await expect(page).toHaveURL("/optimization");
      await expect(panel).toBeHidden();
      await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");

      // See all: the list page, where Mark all read empties the count; the database keeps it.
      await bell(page).click();
      await panel.getByRole("link", { name: "See all" }).click();
      await expect(page).toHaveURL("/notifications");
      await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
      const list = page.getByRole("list", { name: "Notifications" }).getByRole("listitem");
      await expect(list).toHaveCount(4);
      await expect(page.getByText("1 unread notification", { exact: true })).toBeVisible();
      await expect(list.filter({ hasText: "Unread:" })).toHaveCount(1);
      await expectNoSeriousA11yViolations(page, `the notifications page on a ${device}`);

      await page.getByLabel("Show").selectOption("unread");
      await expect(page).toHaveURL("/notifications?show=unread");
      await expect(list).toHaveCount(1);
      await expect(list.first()).toContainText("A refund of $40.00 was made");

      await page.getByRole("button", { name: "Mark all read" }).click();
      await expect(toasts(page)).toContainText("All notifications marked as read");
      await expect(bell(page)).toHaveAccessibleName("Notifications");
      await expect(page.getByTestId("notification-badge")).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "You're all caught up" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Mark all read" })).toBeDisabled();

      await page.reload();
      await expect(page.getByRole("heading", { name: "You're all caught up" })).toBeVisible();
      await expect(bell(page)).toHaveAccessibleName("Notifications");
      await page.getByRole("button", { name: "Show all notifications" }).click();
      await expect(page).toHaveURL("/notifications");
      await expect(list).toHaveCount(4);
      await expect(list.filter({ hasText: "Unread:" })).toHaveCount(0);
      await expect(page.getByRole("list", { name: "Notifications" })).not.toContainText(other);
    });

    test("mail switches in Settings are saved as they are turned, and put back when saving fails", async ({
      page,
      signInAs,
      consoleErrors,
    }) => {
      await signInAs(user);
      await page.goto("/settings");
      const card = page.getByTestId("email-notifications-card");
      await expect(card.getByRole("heading", { name: "Email notifications" })).toBeVisible();
      const topic = (name: string) => card.getByRole("switch", { name });
      // Payments and security come by mail unless turned off; the rest only when turned on.
      await expect(topic("Account changes")).toHaveAttribute("aria-checked", "false");
      await expect(topic("Optimization requests")).toHaveAttribute("aria-checked", "false");
      await expect(topic("Replacement requests")).toHaveAttribute("aria-checked", "false");
      await expect(topic("Payments")).toHaveAttribute("aria-checked", "true");
      await expect(topic("Security")).toHaveAttribute("aria-checked", "true");
      await expect(card.getByText("A payment fails or a refund is made.")).toBeVisible();
      await expectNoSeriousA11yViolations(page, `the email notifications card on a ${device}`);

      await topic("Account changes").click();
      await expect(toasts(page)).toContainText("Account changes by email: on");
      await topic("Payments").click();
      await expect(toasts(page)).toContainText("Payments by email: off");
      await expect(topic("Account changes")).toHaveAttribute("aria-checked", "true");
      await expect(topic("Payments")).toHaveAttribute("aria-checked", "false");

      await page.reload();
      await expect(topic("Account changes")).toHaveAttribute("aria-checked", "true");
      await expect(topic("Payments")).toHaveAttribute("aria-checked", "false");
      await expect(topic("Security")).toHaveAttribute("aria-checked", "true");
      const stored = await page.request.get("/api/notifications/preferences");
      expect(await stored.json()).toEqual({
        mail: { accounts: true, optimizations: false, requests: false, payments: false, security: true },
      });

      // A save that fails says so and turns the switch back.
      consoleErrors.allow(/status of 503/);
      await page.route("**/api/notifications/preferences", (route) =>
        route.request().method() === "PUT"
          ? route.fulfill({
              status: 503,
              contentType: "application/json",
              body: '{"error":"Try again later"}',
            })
          : route.fallback(),
      );
      await topic("Security").click();
      await expect(toasts(page)).toContainText("Email notifications not saved");
      await expect(toasts(page)).toContainText("Try again later");
      await expect(topic("Security")).toHaveAttribute("aria-checked", "true");
      await page.unroute("**/api/notifications/preferences");
      const unchanged = await page.request.get("/api/notifications/preferences");
      expect(((await unchanged.json()) as { mail: { security: boolean } }).mail.security).toBe(true);
    });
  });
}

test("the list page shows the one error state when the notifications cannot be loaded", async ({
  page,
  signInAs,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 500/);
  await signInAs("customer");
  let fail = true;
  await page.route(/\/api\/notifications\?/, (route) =>
    fail
      ? route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"Internal error"}' })
      : route.fallback(),
  );
  await page.goto("/notifications");
  const alert = page.getByRole("alert").filter({ hasText: "Your notifications could not be loaded" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("Internal error");
  await expectNoSeriousA11yViolations(page, "the notifications page's error state");

  fail = false;
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "No notifications yet" })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName("Notifications");
});
