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

  test("sees every other signed-out screen in German on a phone, with no English left", async ({
    page,
    consoleErrors,
  }) => {
    // The bad links' checks are refused, as they should be.
    consoleErrors.allow(/status of 400/);
    await page.setViewportSize(PHONE);
    // Each screen, its German heading, and the English texts of the screen that German replaced. A
    // bad link's screen shows the server's own (English) message, which is allowed: none of these.
    const screens: { path: string; heading: string; english: string[] }[] = [
      {
        path: "/register",
        heading: "Konto erstellen",
        english: [
          "Create an account",
          "Create your account to order and manage LinkedIn accounts.",
          "Already have an account?",
          "Bought from us before?",
          "Register as an existing customer",
          "Full name",
          "Username",
          "Optional. Leave empty for none.",
          "Confirm password",
          "Use 8+ characters with letters, numbers & symbols",
          "Create account",
        ],
      },
      {
        path: "/register-existing",
        heading: "Zugang einrichten",
        english: [
          "Join the product",
          "Already bought from us?",
          "Your existing LinkedIn accounts will be linked automatically",
          "At least",
          "Confirm password",
          "Create Account & Login",
          "Already have a login?",
        ],
      },
      {
        path: "/forgot-password",
        heading: "Passwort vergessen?",
        english: [
          "Forgot your password?",
          "Enter the email of your account",
          "Send reset link",
          "Remembered it?",
          "Back to sign in",
        ],
      },
      {
        path: "/reset-password?token=nonsense",
        heading: "Link ungültig",
        english: [
          "Link not valid",
          "This password reset link cannot be used.",
          "Password not changed",
          "Request a new link",
        ],
      },
      {
        path: "/verify-email?token=nonsense",
        heading: "E-Mail-Adresse nicht bestätigt",
        english: [
          "Email not verified",
          "We could not verify your email with this link.",
          "This link has expired or was already used.",
          "Sign in and ask for a new link from your dashboard.",
          "Sign in to verify your email",
        ],
      },
      {
        path: "/register-existing/confirm?token=nonsense",
        heading: "Link ungültig",
        english: [
          "Link not valid",
          "We could not confirm your account with this link.",
          "Registration Failed",
          "Request a new link",
        ],
      },
      {
        path: "/settings/confirm-email?token=nonsense",
        heading: "E-Mail-Adresse nicht geändert",
        english: [
          "Email not changed",
          "We could not confirm the new address with this link.",
          "Go to Settings",
          "Confirming your new email",
        ],
      },
    ];
    for (const { path, heading, english } of screens) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
      await expectNoSeriousA11yViolations(page, `${path} in German on a phone`);
      // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered, what a reader sees
      const text = await page.evaluate(() => document.body.innerText);
      expect(
        english.filter((words) => text.includes(words)),
        `English left on ${path}`,
      ).toEqual([]);
    }
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
