import type { APIRequestContext, Page } from "@playwright/test";
import { decodeBase32, totp } from "../../src/server/platform/secrets/totp";
import { newPerson } from "../support/builders";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { registerThroughApi, signIn } from "./support/journeys";

// The code of the next 30-second step: the portal takes one step either side for clocks that drift,
// and the current step's code may already have been spent setting the app up.
const nextCode = (secret: string) => totp(decodeBase32(secret), Date.now() + 30_000).code;

async function signOutThroughApi(request: APIRequestContext, baseURL: string | undefined) {
  const res = await request.post("/api/logout", { data: {}, headers: { Origin: baseURL ?? "" } });
  expect(res.status()).toBe(200);
}

async function toSecondStep(page: Page, email: string, password: string) {
  await page.goto("/login");
  await signIn(page, email, password);
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor authentication" })).toBeVisible();
  await expect(
    page.getByText("Enter the 6-digit code from your authenticator app to finish signing in."),
  ).toBeVisible();
}

test("a customer sets up an authenticator app in Settings and signs in with its code", async ({
  page,
  baseURL,
}) => {
  const person = newPerson("Tamsin");
  await registerThroughApi(page.request, baseURL, person);
  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Two-factor authentication" });
  await expect(card.getByText("Off", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: "Set up authenticator app" }).click();

  const dialog = page.getByRole("alertdialog", { name: "Set up an authenticator app" });
  await expect(dialog.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = ((await dialog.locator("code").textContent()) ?? "").replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousA11yViolations(page, "the setup dialog");
  await dialog
    .getByLabel("Code from your authenticator app")
    .fill(totp(decodeBase32(secret), Date.now()).code);
  await dialog.getByRole("button", { name: "Turn on" }).click();

  const saved = page.getByRole("alertdialog", { name: "Save your recovery codes" });
  const codes = saved.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expectNoSeriousA11yViolations(page, "the recovery codes");
  const download = page.waitForEvent("download");
  await saved.getByRole("button", { name: "Download as text" }).click();
  expect((await download).suggestedFilename()).toBe("recovery-codes.txt");
  await saved.getByRole("button", { name: "I have saved them" }).click();
  await expect(saved).toBeHidden();
  await expect(card.getByText("10 recovery codes left")).toBeVisible();

  await signOutThroughApi(page.request, baseURL);
  await toSecondStep(page, person.email, person.password);
  await expectNoSeriousA11yViolations(page, "the second step of sign-in");
  await page.getByLabel("Authentication code").fill(nextCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a customer signs in with a recovery code and sees it spent", async ({ page, baseURL }) => {
    const person = newPerson("Rowan");
    await registerThroughApi(page.request, baseURL, person);
    const headers = { Origin: baseURL ?? "" };
    const start = await page.request.post("/api/user/two-factor/enrol", { data: {}, headers });
    const { secret } = (await start.json()) as { secret: string };
    const confirm = await page.request.post("/api/user/two-factor/confirm", {
      data: { code: totp(decodeBase32(secret), Date.now()).code },
      headers,
    });
    expect(confirm.status()).toBe(200);
    const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
    await signOutThroughApi(page.request, baseURL);

    await toSecondStep(page, person.email, person.password);
    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
    await expectNoSeriousA11yViolations(page, "the recovery code step on a phone");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL("/dashboard");

    await page.goto("/settings");
    const card = page.getByRole("region", { name: "Two-factor authentication" });
    await expect(card.getByText("9 recovery codes left")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "Settings with two-factor authentication on a phone");
  });
});
