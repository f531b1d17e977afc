/**
 * Settings → Your data → Download my data: a real browser download of a ZIP that holds
 * the customer's profile; with the passwords asked for, the proof dialog comes first.
 */
import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import { newPerson } from "../support/builders";
import { readZip } from "../support/read-zip";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { holdRequests } from "./support/held-requests";
import { registerThroughApi } from "./support/journeys";
import { e2eUsers } from "./support/users";

const SIZES = [
  [1280, 800, "on a desktop"],
  [390, 844, "on a phone"],
] as const;

const downloadCard = (page: Page) =>
  page.getByRole("region", { name: "Your data" }).getByRole("region", { name: "Download my data" });
const proofDialog = (page: Page) => page.getByRole("alertdialog", { name: "Confirm it's you" });

async function zipOf(download: Download): Promise<Map<string, string>> {
  return readZip(await readFile(await download.path()));
}

for (const [width, height, label] of SIZES) {
  test(`downloads my data as a ZIP from Settings, ${label}`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height });
    const person = newPerson("Dana", "Download");
    await registerThroughApi(page.request, baseURL, person);
    await page.goto("/settings");
    const card = downloadCard(page);
    await expect(card.getByRole("heading", { name: "Download my data" })).toBeVisible();
    await expect(card.getByLabel("Include my accounts' passwords and 2FA secrets")).not.toBeChecked();
    await card.getByRole("heading", { name: "Download my data" }).scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page, `Settings, Your data ${label}`);

    // Held, so the progress can be seen.
    const release = await holdRequests(page, "**/api/me/data-export");
    const downloaded = page.waitForEvent("download");
    await card.getByRole("button", { name: "Download" }).click();
    await expect(card.getByRole("status")).toHaveText("Preparing your download…");
    release();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^portal-data-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(card.getByRole("status")).toHaveText(`Downloaded ${download.suggestedFilename()}.`);

    const entries = await zipOf(download);
    expect(entries.has("README.txt")).toBe(true);
    const profile = JSON.parse(entries.get("profile.json") ?? "{}") as { email: string; name: string };
    expect(profile).toMatchObject({ email: person.email, name: person.name });
    expect(JSON.parse(entries.get("linkedin-accounts.json") ?? "null")).toEqual([]);
  });
}

for (const [width, height, label] of SIZES) {
  test(`asks for a fresh proof before a download with the passwords, ${label}`, async ({
    page,
    signInAs,
    consoleErrors,
  }) => {
    // The server's first answer is the 403 that asks for the proof.
    consoleErrors.allow(/status of 403/);
    await page.setViewportSize({ width, height });
    // A session of its own: the proof given here must not make another test's session fresh.
    await signInAs("prover", { disposable: width > 500 ? 3 : 4 });
    await page.goto("/settings");
    const card = downloadCard(page);
    await card.getByLabel("Include my accounts' passwords and 2FA secrets").check();

    // Cancelled, nothing is downloaded and the card says why.
    await card.getByRole("button", { name: "Download" }).click();
    await expect(proofDialog(page)).toBeVisible();
    await proofDialog(page).getByRole("button", { name: "Cancel" }).click();
    await expect(card).toContainText(
      "Your passwords and 2FA secrets are only included once you confirm it's you.",
    );

    // Try again: the dialog first, then the download.
    const downloaded = page.waitForEvent("download");
    await card.getByRole("button", { name: "Try again" }).click();
    await expect(proofDialog(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page, `the proof before a download with passwords ${label}`);
    await proofDialog(page).getByLabel("Password", { exact: true }).fill(e2eUsers.prover.password);
    await proofDialog(page).getByRole("button", { name: "Continue" }).click();
    await expect(proofDialog(page)).toHaveCount(0);
    const download = await downloaded;
    await expect(card.getByRole("status")).toHaveText(`Downloaded ${download.suggestedFilename()}.`);
    await expect(card.getByText("only included once you confirm it's you")).toHaveCount(0);
    const entries = await zipOf(download);
    expect(JSON.parse(entries.get("profile.json") ?? "{}")).toMatchObject({ email: e2eUsers.prover.email });
    const accounts = JSON.parse(entries.get("linkedin-accounts.json") ?? "[]") as Array<{
      firstName: string;
      secrets?: { password: string | null };
    }>;
    expect(accounts).toEqual([
      expect.objectContaining({
        firstName: "Paula",
        secrets: expect.objectContaining({ password: "Paula-pw-9" }),
      }),
    ]);
  });
}
