/**
 * The sign-in page speaks the browser's language, or the one picked with its switch, and downloads
 * only that language's messages (decision 052).
 */
import type { Page } from "@playwright/test";
import { newPerson } from "../support/builders";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { registerThroughApi } from "./support/journeys";

const PHONE = { width: 390, height: 844 };

/** The texts of every page and script the browser has downloaded so far. */
function watchDownloads(page: Page): () => Promise<string[]> {
  const texts: Promise<string>[] = [];
  page.on("response", (response) => {
    if (["document", "script"].includes(response.request().resourceType()))
      texts.push(response.text().catch(() => ""));
  });
  return () => Promise.all(texts);
}

const languageSwitch = (page: Page) => page.getByRole("group", { name: /^(Language|Sprache)$/ });

test.describe("a browser that asks for German", () => {
  test.use({ locale: "de-DE" });

  for (const [width, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["phone", PHONE],
  ] as const) {
    test(`sees the sign-in page in German, on a ${width}, without the English messages`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const scripts = watchDownloads(page);
      await page.goto("/login");
      await expect(page.getByRole("heading", { level: 1, name: "Anmelden" })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
      await expect(page).toHaveTitle("Anmelden · Customer Portal");
      await expect(
        page.getByText(
          "Melden Sie sich an, um Ihre LinkedIn-Konten, Bestellungen und Zahlungen zu verwalten.",
        ),
      ).toBeVisible();
      await expect(page.getByLabel("E-Mail")).toBeVisible();
      await expect(page.getByLabel("Passwort", { exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: "Passwort vergessen?" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Weiter mit Google" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Konto erstellen" })).toBeVisible();
      await expect(languageSwitch(page).getByRole("button", { name: "Deutsch" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      if (viewport.width >= 1024)
        await expect(page.getByRole("complementary", { name: "Über das Portal" })).toContainText(
          "Immer synchron",
        );
      await expectNoSeriousA11yViolations(page, `/login in German on a ${width}`);

      await page.waitForLoadState("networkidle");
      // The page came with the German messages, and nothing brought the English ones.
      const downloaded = (await scripts()).join("\n");
      expect(downloaded).toContain("Melden Sie sich an");
      expect(downloaded).not.toContain("Sign in to manage your LinkedIn accounts");
    });
  }

  test("signs in with the German form", async ({ page, request, baseURL }) => {
    const person = newPerson("Greta");
    await registerThroughApi(request, baseURL, person);
    await page.goto("/login");
    await page.getByLabel("E-Mail").fill(person.email);
    await page.getByLabel("Passwort", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await expect(page).toHaveURL("/dashboard");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
  });
});

test.describe("a browser that asks for English", () => {
  test.use({ locale: "en-GB" });

  test("switches the sign-in page to German and back, and keeps the pick for the next visit", async ({
    page,
    context,
  }) => {
    await page.setViewportSize(PHONE);
    const scripts = watchDownloads(page);
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.waitForLoadState("networkidle");
    expect((await scripts()).join("\n")).not.toContain("Melden Sie sich an");

    await languageSwitch(page).getByRole("button", { name: "Deutsch" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Anmelden" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    expect((await context.cookies()).find((cookie) => cookie.name === "language")?.value).toBe("de");

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Anmelden" })).toBeVisible();

    // The switch is reached by keyboard and says which language is on.
    const english = languageSwitch(page).getByRole("button", { name: "English" });
    await english.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expect(english).toHaveAttribute("aria-pressed", "true");
    await expectNoSeriousA11yViolations(page, "/login after switching back to English");
  });
});
