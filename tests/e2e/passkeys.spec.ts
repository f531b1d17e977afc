/**
 * Passkeys end to end in Chromium, with the DevTools protocol's virtual authenticator standing in for
 * a phone's or laptop's: a customer adds one in Settings on a desktop, signs out, and signs in with
 * it on a phone's screen without typing an email.
 *
 * WebAuthn refuses an IP address as the relying party, so this test runs its own portal whose
 * APP_URL is `http://localhost:PORT` (a secure context, like every loopback origin) instead of the
 * suite's `http://127.0.0.1:PORT`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { newPerson } from "../support/builders";
import { E2E_SECRETS_KEY } from "./support/e2e-accounts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { registerThroughApi, toasts } from "./support/journeys";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

let portal: { origin: string; process: ChildProcess; dataDir: string } | undefined;

test.beforeAll(async () => {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-e2e-passkeys-"));
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    stdio: "inherit",
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      SYNC_INTERVAL_MINUTES: "0",
      SECRETS_KEY: E2E_SECRETS_KEY,
    },
  });
  portal = { origin, process: child, dataDir };
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the portal exited with code ${child.exitCode}`);
        return (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined))?.ok === true;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
});

test.afterAll(async () => {
  if (!portal) return;
  const { process: child, dataDir } = portal;
  child.kill("SIGTERM");
  if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

/** A platform authenticator that holds discoverable passkeys and verifies its user at once. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () =>
    (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
  return { credentials };
}

test("a customer adds a passkey in Settings and signs in with it on a phone, typing no email", async ({
  browser,
}) => {
  const baseURL = portal?.origin;
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const authenticator = await addVirtualAuthenticator(page);
  const person = newPerson("Pia", "Passkey");
  await registerThroughApi(page.request, baseURL, person);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Passkeys" });
  await expect(card.getByText("You have no passkeys yet.")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the passkeys card, empty");

  // A name is required before the browser is asked for anything.
  await card.getByRole("button", { name: "Add a passkey" }).click();
  await expect(card.getByText("Name your passkey")).toBeVisible();
  await card.getByLabel("Passkey name").fill("Work laptop");
  await card.getByRole("button", { name: "Add a passkey" }).click();
  await expect(toasts(page)).toContainText("Passkey added");
  const list = card.getByRole("list", { name: "Your passkeys" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Work laptop");
  await expect(list).toContainText("Not used yet");
  await expect.poll(async () => (await authenticator.credentials()).length).toBe(1);
  const [credential] = await authenticator.credentials();
  expect(credential?.isResidentCredential).toBe(true);

  // Rename it.
  await card.getByRole("button", { name: "Rename Work laptop" }).click();
  await card.getByLabel("New name for Work laptop").fill("Desk laptop");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(list).toContainText("Desk laptop");
  await expect(toasts(page).filter({ hasText: "Passkey renamed" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the passkeys card with a passkey");

  // Removing asks first; cancelling keeps it.
  await card.getByRole("button", { name: "Remove Desk laptop" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Remove Desk laptop?" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the remove confirmation");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole("listitem")).toHaveCount(1);

  await page.getByRole("region", { name: "Your account" }).getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/login");

  // On a phone's screen, with nothing typed, from a link to Settings: the sign-in returns there.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/settings#passkeys");
  await expect(page).toHaveURL("/login?next=/settings%23passkeys");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("");
  await expectNoSeriousA11yViolations(page, "the sign-in page with the passkey button");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL("/settings#passkeys");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

  const phoneCard = page.getByRole("region", { name: "Passkeys" });
  await expect(phoneCard.getByRole("list", { name: "Your passkeys" })).toContainText("Last used");
  await expectNoSeriousA11yViolations(page, "the passkeys card on a phone");
  expect(errors, "the page logged unexpected errors").toEqual([]);
  await context.close();
});
