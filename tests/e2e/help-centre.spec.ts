import type { Page, Request } from "@playwright/test";
import { CRISP_SCRIPT_URL } from "../../src/shared/chat-widget";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { e2eUsers } from "./support/users";

// The browser-test server is configured with this widget id (start-server.ts).
const WIDGET_ID = "e2e-crisp-website-id";
const SUPPORT_EMAIL = "support@example.com";

const isCrisp = (request: Request) => new URL(request.url()).hostname.endsWith("crisp.chat");

/** Every request the page makes to Crisp; the loader is answered with an empty script, never fetched. */
async function interceptCrisp(page: Page): Promise<Request[]> {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (isCrisp(request)) seen.push(request);
  });
  await page.route("https://*.crisp.chat/**", (route) =>
    route.fulfill({ contentType: "application/javascript", body: "" }),
  );
  return seen;
}

/** What the page pushed to the widget's queue (the empty loader leaves it a plain array). */
const crispQueue = (page: Page) =>
  page.evaluate(() => ({
    websiteId: (window as { CRISP_WEBSITE_ID?: string }).CRISP_WEBSITE_ID ?? null,
    queue: (window as { $crisp?: unknown }).$crisp ?? null,
  }));

async function openHelpCentre(page: Page) {
  await page.goto("/help-centre");
  await expect(page.getByRole("heading", { level: 1, name: "Help Centre" })).toBeVisible();
}

const liveChat = (page: Page) => page.getByRole("region", { name: "Live Chat" });

test.describe("the help centre", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("optimizer");
  });

  test("shows email, phone and live chat support with their hours", async ({ page }) => {
    await openHelpCentre(page);
    const email = page.getByRole("region", { name: "Email Support" });
    await expect(email.getByRole("link", { name: SUPPORT_EMAIL })).toHaveAttribute(
      "href",
      `mailto:${SUPPORT_EMAIL}`,
    );
    await expect(email.getByText("We reply within 24 hours.")).toBeVisible();
    const phone = page.getByRole("region", { name: "Phone Support" });
    await expect(phone.getByRole("link")).toHaveAttribute("href", /^tel:\+\d+$/);
    await expect(phone.getByText("Mon-Fri 9AM-6PM GMT")).toBeVisible();
    await expect(liveChat(page).getByText("Online", { exact: true })).toBeVisible();
    await expect(liveChat(page).getByText("Average response: 2 minutes")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/help-centre");
  });

  test("loads no chat script until Start Chat, then opens the configured widget", async ({ page }) => {
    const crispRequests = await interceptCrisp(page);
    await openHelpCentre(page);
    await expect(liveChat(page).getByRole("button", { name: "Start Chat" })).toBeVisible();
    expect(crispRequests).toHaveLength(0);
    expect(await crispQueue(page)).toEqual({ websiteId: null, queue: null });

    await liveChat(page).getByRole("button", { name: "Start Chat" }).click();
    await expect(liveChat(page).getByRole("status")).toHaveText(
      "The chat window is open in the corner of this page.",
    );
    await expect.poll(() => crispRequests.map((r) => r.url())).toEqual([CRISP_SCRIPT_URL]);
    const { websiteId, queue } = await crispQueue(page);
    expect(websiteId).toBe(WIDGET_ID);
    expect(queue).toEqual([
      ["set", "user:email", [e2eUsers.optimizer.email]],
      ["set", "user:nickname", [e2eUsers.optimizer.name]],
      ["do", "chat:show"],
      ["do", "chat:open"],
    ]);

    // Once more: the script is not loaded twice.
    await liveChat(page).getByRole("button", { name: "Start Chat" }).click();
    expect((await crispQueue(page)).queue).toHaveLength(8);
    expect(crispRequests).toHaveLength(1);

    // Leaving the help centre hides the widget.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL("/dashboard");
    const { queue: after } = await crispQueue(page);
    expect((after as unknown[]).at(-1)).toEqual(["do", "chat:hide"]);
  });

  test("reached from another page, Start Chat reloads the help centre, which opens the chat", async ({
    page,
  }) => {
    const crispRequests = await interceptCrisp(page);
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Help Centre" }).click();
    await expect(page).toHaveURL("/help-centre");
    await liveChat(page).getByRole("button", { name: "Start Chat" }).click();

    // The document that loaded at the help centre is the one the security policy lets the widget run in.
    await expect.poll(() => crispRequests.length).toBe(1);
    await expect(page).toHaveURL("/help-centre");
    await expect(liveChat(page).getByRole("status")).toHaveText(
      "The chat window is open in the corner of this page.",
    );
    const { websiteId, queue } = await crispQueue(page);
    expect(websiteId).toBe(WIDGET_ID);
    expect(queue).toContainEqual(["do", "chat:open"]);
  });

  test("without a chat widget, Start Chat writes an email and no third-party script loads", async ({
    page,
  }) => {
    const crispRequests = await interceptCrisp(page);
    await page.route("**/api/config", async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...config, chatWidgetId: null } });
    });
    await openHelpCentre(page);
    const startChat = liveChat(page).getByRole("link", { name: /^Start Chat/ });
    await expect(startChat).toHaveAttribute("href", `mailto:${SUPPORT_EMAIL}?subject=Support%20request`);
    await expect(liveChat(page).getByRole("button", { name: "Start Chat" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "/help-centre without a chat widget");
    expect(crispRequests).toHaveLength(0);
    expect(await crispQueue(page)).toEqual({ websiteId: null, queue: null });
    expect(await page.locator("script[src*='crisp']").count()).toBe(0);
  });

  test("searches the FAQ, and clears a search that finds nothing", async ({ page }) => {
    await openHelpCentre(page);
    const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
    const questions = faq.getByRole("button");
    // count() does not wait: the questions may still be on their way when the region is there.
    await expect(questions.nth(9)).toBeVisible();
    const total = await questions.count();
    for (const topic of [
      "Your accounts",
      "Credentials and 2FA",
      "Orders and billing",
      "Profile optimization",
      "Support",
    ]) {
      await expect(faq.getByRole("heading", { level: 3, name: topic })).toBeVisible();
    }

    const searchBox = page.getByRole("searchbox", { name: "Search the FAQ" });
    await searchBox.fill("two-factor");
    await expect(questions).toHaveCount(1);
    await expect(questions).toHaveText("How do I sign in to an account that has two-factor authentication?");
    await searchBox.fill("charged monthly");
    await expect(faq.getByRole("button", { name: "When am I charged?" })).toBeVisible();

    await searchBox.fill("quantum teleportation");
    await expect(faq.getByText("No questions match “quantum teleportation”")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/help-centre with an FAQ search that finds nothing");
    await faq.getByRole("button", { name: "Clear search" }).click();
    await expect(searchBox).toHaveValue("");
    await expect(questions).toHaveCount(total);
  });

  test("expands and collapses the FAQ's answers by keyboard", async ({ page }) => {
    await openHelpCentre(page);
    const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
    const first = faq.getByRole("button", { name: "Where do I find the LinkedIn accounts I bought?" });
    const second = faq.getByRole("button", { name: "What do the account statuses mean?" });
    const answer = faq.getByText(/^Open LinkedIn under Accounts in the sidebar/);

    await page.getByRole("searchbox", { name: "Search the FAQ" }).focus();
    await page.keyboard.press("Tab");
    await expect(first).toBeFocused();
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(answer).toBeHidden();
    await page.keyboard.press("Enter");
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(answer).toBeVisible();
    await page.keyboard.press("Space");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(answer).toBeHidden();

    await page.keyboard.press("ArrowDown");
    await expect(second).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(faq.getByText(/^Signed In: the account is signed in/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/help-centre with an answer open");
  });

  test("links the Knowledge Base in a new tab, from the sidebar and the page", async ({ page }) => {
    await openHelpCentre(page);
    const config = (await (await page.request.get("/api/config")).json()) as { knowledgeBaseUrl: string };
    for (const link of [
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Knowledge Base/ }),
      page.getByRole("main").getByRole("link", { name: /Browse the Knowledge Base/ }),
    ]) {
      await expect(link).toHaveAttribute("href", config.knowledgeBaseUrl);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test.describe(`on a phone in the ${colorScheme} theme`, () => {
      test.use({ viewport: { width: 390, height: 844 }, colorScheme });

      test("fits the screen and passes axe", async ({ page }) => {
        await openHelpCentre(page);
        await page
          .getByRole("button", { name: "How do I sign in to an account that has two-factor authentication?" })
          .click();
        if (colorScheme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await expectNoSeriousA11yViolations(page, `/help-centre on a phone (${colorScheme})`);
      });
    });
  }

  test("passes axe in the dark theme on a desktop", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await openHelpCentre(page);
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expectNoSeriousA11yViolations(page, "/help-centre in the dark theme");
  });
});
