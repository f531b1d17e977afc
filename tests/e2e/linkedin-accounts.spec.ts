/**
 * The LinkedIn accounts screen (/accounts/linkedin): counters, search and filters kept in the URL,
 * pagination of a big list, expanded rows, secrets shown on demand and copied, the live 2FA code, CSV
 * export, Sync Now, and every state. The seeded accounts are in support/e2e-accounts.ts.
 */
import { readFile } from "node:fs/promises";
import type { Download, Locator, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { decodeBase32 } from "../../src/server/platform/secrets/totp";
import { referenceTotp } from "../support/reference-totp";
import { runAxe } from "./support/axe";
import { E2E_TOTP_SECRET } from "./support/e2e-accounts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { afterRequestsSoFar, holdAnswers, holdRequests } from "./support/held-requests";
import { holdScriptsContaining } from "./support/held-scripts";
import { toasts } from "./support/journeys";

const LIST_URL = "**/api/accounts/linkedin/user/*";

const heading = (page: Page) => page.getByRole("heading", { level: 1, name: "Your LinkedIn Accounts" });
const table = (page: Page) => page.getByRole("table", { name: "Your LinkedIn accounts" });
/** The account rows (not the details rows under expanded ones). */
const accountRows = (page: Page) =>
  table(page)
    .locator("tbody > tr")
    .filter({ has: page.getByRole("button", { name: /details for/ }) });
const rowOf = (page: Page, name: string) =>
  accountRows(page).filter({ has: page.getByRole("button", { name: new RegExp(`details for ${name}$`) }) });
const statusFilter = (page: Page) => page.getByLabel("Status", { exact: true });
const typeFilter = (page: Page) => page.getByLabel("Type", { exact: true });
const search = (page: Page) => page.getByLabel("Search", { exact: true });
/** An element by id; React's generated ids are not valid in a #selector. */
const byId = (page: Page, id: string) => page.locator(`[id="${id}"]`);

const LONG_EMAIL = "liam.lopez.valentina83@example-agency.com";

/** The text of an element line by line, as laid out: each character's box says which line it is on. */
function linesOf(element: Locator): Promise<string[]> {
  return element.evaluate((el) => {
    const lines: { top: number; text: string }[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.textContent ?? "";
      for (let i = 0; i < value.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        const line = lines.at(-1);
        if (line && Math.abs(line.top - top) < 4) line.text += value[i];
        else lines.push({ top, text: value[i] ?? "" });
      }
    }
    return lines.map((line) => line.text);
  });
}

/** An address breaks, if at all, after its @ or before a dot of its domain. */
function wrapsOnlyAtSensiblePoints(lines: string[]): boolean {
  return lines.every((line, i) => {
    const next = lines[i + 1];
    if (next === undefined) return true;
    const seen = lines.slice(0, i + 1).join("");
    return line.endsWith("@") || (seen.includes("@") && next.startsWith("."));
  });
}

/** The first names in the table, sorted (the list is newest first; tests care about which, not order). */
async function firstNames(page: Page): Promise<string[]> {
  const names = await accountRows(page).locator("td:nth-child(2)").allTextContents();
  return names.map((name) => name.trim()).sort();
}

/** A counter's figure, read from its <dt>/<dd> pair. */
function counter(page: Page, label: string): Locator {
  return page.locator(
    `xpath=//dl[@aria-label='Account totals']//dt[normalize-space()='${label}']/following-sibling::dd[1]`,
  );
}

async function openAccounts(page: Page, query = "") {
  await page.goto(`/accounts/linkedin${query}`);
  await expect(heading(page)).toBeVisible();
}

/** Expands an account's row and answers its details row. */
async function expand(page: Page, name: string): Promise<Locator> {
  const toggle = page.getByRole("button", { name: `Show details for ${name}` });
  await toggle.click();
  const collapse = page.getByRole("button", { name: `Hide details for ${name}` });
  await expect(collapse).toHaveAttribute("aria-expanded", "true");
  const id = await collapse.getAttribute("aria-controls");
  expect(id, "the toggle names the details it controls").toBeTruthy();
  return byId(page, id ?? "");
}

async function readCsv(download: Download): Promise<{ text: string; rows: Array<Record<string, string>> }> {
  const file = await download.path();
  const text = await readFile(file, "utf8");
  return { text, rows: parse(text, { columns: true, bom: true }) as Array<Record<string, string>> };
}

async function clipboardText(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

test.describe("a customer with twelve accounts", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("accountsOwner");
  });

  test("sees the counters and a row per account with its type and status badges", async ({ page }) => {
    await openAccounts(page);
    await expect(accountRows(page)).toHaveCount(12);
    await expect(counter(page, "Total Accounts")).toHaveText("12");
    await expect(counter(page, "Signed In")).toHaveText("4");
    await expect(counter(page, "Premium")).toHaveText("5");
    await expect(counter(page, "Verified")).toHaveText("3");

    const alice = rowOf(page, "Alice Anders");
    await expect(alice.getByText("Lite", { exact: true })).toHaveClass(/bg-blue-100/);
    await expect(alice.getByText("Signed In", { exact: true })).toHaveClass(/bg-green-100/);
    await expect(alice).toContainText("alice.anders@example.com");
    const bruno = rowOf(page, "Bruno Brandt");
    await expect(bruno.getByText("Plus", { exact: true })).toHaveClass(/bg-purple-100/);
    await expect(bruno.getByText("Wrong Password", { exact: true })).toHaveClass(/bg-red-100/);
    const chloe = rowOf(page, "Chloe Chen");
    await expect(chloe.getByText("Exec", { exact: true })).toHaveClass(/bg-amber-100/);
    // "Restricted - Submit ID" from the base reads as Restricted.
    await expect(chloe.getByText("Restricted", { exact: true })).toHaveClass(/bg-yellow-100/);
    const dmitri = rowOf(page, "Dmitri Dahl");
    await expect(dmitri.getByText("Sales Navigator", { exact: true })).toHaveClass(/bg-green-100/);
    // "Active" says nothing about signing in: Not Signed In, grey.
    await expect(rowOf(page, "Ines Ibarra").getByText("Not Signed In", { exact: true })).toHaveClass(
      /bg-zinc-100/,
    );
    await expectNoSeriousA11yViolations(page, "the accounts table");
  });

  test("searches email, first name, last name, location and industry, and keeps the search in the URL", async ({
    page,
  }) => {
    await openAccounts(page);
    await expect(accountRows(page)).toHaveCount(12);
    const cases: Array<[string, string[]]> = [
      ["berlin", ["Alice"]],
      ["BRANDT", ["Bruno"]],
      ["hospitality", ["Greta"]],
      ["keiko.kato@", ["Keiko"]],
      ["liam", ["Liam"]],
      ["denmark", ["Hugo", "Jonas"]],
      ["germany banking", ["Bruno"]],
    ];
    for (const [query, names] of cases) {
      await search(page).fill(query);
      await expect.poll(() => firstNames(page), { message: `search "${query}"` }).toEqual(names);
    }
    await expect(page).toHaveURL(/[?&]q=germany(\+|%20)banking/);
    await page.reload();
    await expect(search(page)).toHaveValue("germany banking");
    await expect.poll(() => firstNames(page)).toEqual(["Bruno"]);
  });

  test("filters by every status and type, keeps them in the URL, and survives a reload and Back", async ({
    page,
  }) => {
    await openAccounts(page);
    await expect(accountRows(page)).toHaveCount(12);
    const statuses: Array<[string, string, string[]]> = [
      ["Signed In", "signed-in", ["Alice", "Dmitri", "Farid", "Keiko"]],
      ["Not Signed In", "not-signed-in", ["Elena", "Ines", "Jonas"]],
      ["Wrong Password", "wrong-password", ["Bruno", "Greta", "Liam"]],
      ["Restricted", "restricted", ["Chloe", "Hugo"]],
    ];
    for (const [label, value, names] of statuses) {
      await statusFilter(page).selectOption({ label });
      await expect(page).toHaveURL(new RegExp(`[?&]status=${value}(&|$)`));
      await expect.poll(() => firstNames(page), { message: `status ${label}` }).toEqual(names);
    }
    await statusFilter(page).selectOption({ label: "All Statuses" });
    const types: Array<[string, string, string[]]> = [
      ["Lite", "lite", ["Alice", "Elena", "Ines"]],
      ["Plus", "plus", ["Bruno", "Farid", "Jonas"]],
      ["Exec", "exec", ["Chloe", "Greta", "Keiko"]],
      ["Sales Navigator", "navigator", ["Dmitri", "Hugo", "Liam"]],
    ];
    for (const [label, value, names] of types) {
      await typeFilter(page).selectOption({ label });
      await expect(page).toHaveURL(new RegExp(`[?&]type=${value}(&|$)`));
      await expect.poll(() => firstNames(page), { message: `type ${label}` }).toEqual(names);
    }

    await typeFilter(page).selectOption({ label: "Exec" });
    await statusFilter(page).selectOption({ label: "Wrong Password" });
    await expect.poll(() => firstNames(page)).toEqual(["Greta"]);
    await page.reload();
    await expect(statusFilter(page)).toHaveValue("wrong-password");
    await expect(typeFilter(page)).toHaveValue("exec");
    await expect.poll(() => firstNames(page)).toEqual(["Greta"]);

    await page.goBack();
    await expect(statusFilter(page)).toHaveValue("all");
    await expect(typeFilter(page)).toHaveValue("exec");
    await expect.poll(() => firstNames(page)).toEqual(["Chloe", "Greta", "Keiko"]);
  });

  test("unknown filter values in the URL fall back to all", async ({ page }) => {
    await openAccounts(page, "?status=gold&type=platinum&page=abc");
    await expect(statusFilter(page)).toHaveValue("all");
    await expect(typeFilter(page)).toHaveValue("all");
    await expect(accountRows(page)).toHaveCount(12);
  });

  test("says when nothing matches, and Clear filters brings every account back", async ({ page }) => {
    await openAccounts(page, "?q=nobody-here&type=lite");
    await expect(page.getByText("No accounts match your search and filters")).toBeVisible();
    await expect(table(page)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "the accounts screen with no match");
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(accountRows(page)).toHaveCount(12);
    await expect(search(page)).toHaveValue("");
    await expect(page).toHaveURL(/\/accounts\/linkedin$/);
  });

  test("an expanded row shows the profile, statistics, security, notes and recovery codes", async ({
    page,
  }) => {
    await openAccounts(page);
    const alice = await expand(page, "Alice Anders");
    const section = (name: string) => alice.getByRole("region", { name, exact: true });
    const field = (sectionName: string, label: string) =>
      section(sectionName).locator(`xpath=.//dt[normalize-space()='${label}']/following-sibling::dd[1]`);

    await expect(field("Profile Information", "Name")).toHaveText("Alice Anders");
    await expect(field("Profile Information", "Headline")).toHaveText("Head of Growth | B2B SaaS");
    await expect(field("Profile Information", "Location")).toHaveText("Berlin, Germany");
    await expect(field("Profile Information", "Industry")).toHaveText("Software");
    await expect(field("Profile Information", "Gender")).toHaveText("Female");
    await expect(field("Profile Information", "Profile URL").getByRole("link")).toHaveAttribute(
      "href",
      "https://www.linkedin.com/in/alice-anders",
    );
    await expect(field("Account Statistics", "Connections")).toHaveText("1,250");
    await expect(field("Account Statistics", "Followers")).toHaveText("1,430");
    await expect(field("Account Statistics", "Premium")).toHaveText("Yes");
    await expect(field("Account Statistics", "Verified")).toHaveText("Yes");
    await expect(field("Account Statistics", "Optimized")).toHaveText("Yes");
    await expect(field("Account Statistics", "Created")).toContainText("2025");
    await expect(field("Security & Technical", "2FA status")).toHaveText("Enabled");
    await expect(field("Security & Technical", "Verification type")).toHaveText("Email");
    await expect(field("Security & Technical", "Proxy country")).toHaveText("DE");
    await expect(field("Security & Technical", "Proxy IP")).toHaveText("192.0.2.11");
    await expect(field("Security & Technical", "Proxy port")).toHaveText("8011");
    await expect(field("Security & Technical", "Proxy username")).toHaveText("user-mobile-de-alice");
    await expect(field("Security & Technical", "Proxy zone")).toHaveText("mobile_de");
    await expect(
      section("Security & Technical").getByRole("button", { name: "Show login code" }),
    ).toBeVisible();
    await expect(section("Notes")).toContainText("Prefers morning logins.");
    await expect(section("Notes")).toContainText("Do not change the headline.");
    await expect(section("2FA Recovery Codes")).toContainText("3 recovery codes");
    await expectNoSeriousA11yViolations(page, "an expanded account");

    // An account without notes, recovery codes or a 2FA secret has none of those.
    const bruno = await expand(page, "Bruno Brandt");
    await expect(bruno.getByRole("region", { name: "Security & Technical" })).toBeVisible();
    await expect(bruno.getByRole("region", { name: "Notes" })).toHaveCount(0);
    await expect(bruno.getByRole("region", { name: "2FA Recovery Codes" })).toHaveCount(0);
    await expect(bruno.getByRole("button", { name: "Show login code" })).toHaveCount(0);
    await expect(bruno.getByText("Not provided")).toBeVisible(); // no proxy password

    await page.getByRole("button", { name: "Hide details for Alice Anders" }).click();
    await expect(alice).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Show details for Alice Anders" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  });

  test("reveals and hides a password on demand, and says Not provided without one", async ({ page }) => {
    const reveals: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/reveal")) reveals.push(request.postData() ?? "");
    });
    await openAccounts(page);
    const alice = rowOf(page, "Alice Anders");
    await expect(alice).toContainText("••••••••");
    await expect(alice).not.toContainText("Al1ce-Pass!");

    await alice.getByRole("button", { name: "Show password of Alice Anders" }).click();
    await expect(alice.getByText("Al1ce-Pass!")).toBeVisible();
    expect(reveals).toEqual([JSON.stringify({ secret: "password" })]);
    await alice.getByRole("button", { name: "Hide password of Alice Anders" }).click();
    await expect(alice.getByText("Al1ce-Pass!")).toHaveCount(0);
    await expect(alice).toContainText("••••••••");

    const elena = rowOf(page, "Elena Esposito");
    await expect(elena.getByText("Not provided")).toBeVisible();
    await expect(elena.getByRole("button", { name: /password of Elena/ })).toHaveCount(0);

    // The proxy password in the details works the same way.
    const details = await expand(page, "Alice Anders");
    await details.getByRole("button", { name: "Show proxy password of Alice Anders" }).click();
    await expect(details.getByText("prx-Alice-0001")).toBeVisible();
    await details.getByRole("button", { name: "Hide proxy password of Alice Anders" }).click();
    await expect(details.getByText("prx-Alice-0001")).toHaveCount(0);
  });

  test("a refused reveal says why and keeps the password hidden", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 429/);
    await page.route("**/api/accounts/linkedin/*/reveal", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ error: "Too many secrets shown. Try again in 5 minutes." }),
      }),
    );
    await openAccounts(page);
    const bruno = rowOf(page, "Bruno Brandt");
    await bruno.getByRole("button", { name: "Show password of Bruno Brandt" }).click();
    const toast = toasts(page).filter({ hasText: "Could not show the password" });
    await expect(toast).toContainText("Too many secrets shown. Try again in 5 minutes.");
    await expect(bruno).toContainText("••••••••");
    await expect(bruno.getByRole("button", { name: "Show password of Bruno Brandt" })).toBeVisible();
  });

  test("copies the email, and the password without showing it", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openAccounts(page);
    const bruno = rowOf(page, "Bruno Brandt");

    await bruno.getByRole("button", { name: "Copy email of Bruno Brandt" }).click();
    await expect(toasts(page).filter({ hasText: "Copied" })).toContainText("Email copied to the clipboard.");
    expect(await clipboardText(page)).toBe("bruno.brandt@example.com");

    await bruno.getByRole("button", { name: "Copy password of Bruno Brandt" }).click();
    await expect(toasts(page).filter({ hasText: "Copied" })).toContainText(
      "Password copied to the clipboard.",
    );
    await expect.poll(() => clipboardText(page)).toBe("Brun0#pw");
    await expect(bruno).toContainText("••••••••");
    await expect(bruno.getByText("Brun0#pw")).toHaveCount(0);
  });

  test("Visit opens the profile in a new tab, and is disabled without a profile URL", async ({ page }) => {
    await openAccounts(page);
    const visit = rowOf(page, "Dmitri Dahl").getByRole("link", { name: /^Visit/ });
    await expect(visit).toHaveAttribute("href", "https://www.linkedin.com/in/dmitri-dahl");
    await expect(visit).toHaveAttribute("target", "_blank");
    await expect(visit).toHaveAttribute("rel", "noopener noreferrer");
    await expect(rowOf(page, "Elena Esposito").getByRole("button", { name: /^Visit/ })).toBeDisabled();
  });

  test("shows the live 2FA login code with a countdown, and copies it", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openAccounts(page);
    const alice = await expand(page, "Alice Anders");
    await alice.getByRole("button", { name: "Show login code" }).click();

    const code = alice.getByText(/^Login code \d{6}$/);
    await expect(code).toBeVisible();
    const shown = ((await code.textContent()) ?? "").replace(/\D/g, "");
    // The code of this 30-second window or, right at its edge, of the one before.
    const key = decodeBase32(E2E_TOTP_SECRET);
    const now = Date.now();
    expect([referenceTotp(key, now), referenceTotp(key, now - 30_000)]).toContain(shown);

    const countdown = alice.getByText(/^Expires in \d+ s$/);
    const secondsLeft = async () => Number(((await countdown.textContent()) ?? "").replace(/\D/g, ""));
    const first = await secondsLeft();
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThanOrEqual(30);
    // It counts down every second (or starts again at 30 when a new code arrives).
    await expect.poll(secondsLeft, { timeout: 10_000 }).not.toBe(first);

    await alice.getByRole("button", { name: "Copy login code of Alice Anders" }).click();
    await expect(toasts(page).filter({ hasText: "Copied" })).toContainText("Login code copied");
    expect(await clipboardText(page)).toMatch(/^\d{6}$/);

    await alice.getByRole("button", { name: "Hide login code" }).click();
    await expect(code).toHaveCount(0);
  });

  test("fetches the next login code when the period ends, and stops when the row is collapsed", async ({
    page,
  }) => {
    await page.clock.install();
    let requests = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/login-code")) requests += 1;
    });
    await openAccounts(page);
    const alice = await expand(page, "Alice Anders");
    const answer = page.waitForResponse((response) => response.url().endsWith("/login-code"));
    await alice.getByRole("button", { name: "Show login code" }).click();
    const { secondsLeft } = (await (await answer).json()) as { secondsLeft: number };
    await expect(alice.getByText(/^Login code \d{6}$/)).toBeVisible();
    expect(requests).toBe(1);

    await page.clock.fastForward(secondsLeft * 1000 + 500);
    await expect.poll(() => requests).toBe(2);
    await expect(alice.getByText(/^Expires in \d+ s$/)).toBeVisible();

    await page.getByRole("button", { name: "Hide details for Alice Anders" }).click();
    await page.clock.fastForward(95_000);
    await afterRequestsSoFar(page);
    expect(requests).toBe(2);
  });

  test("reveals the 2FA recovery codes and copies them all", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openAccounts(page);
    const alice = await expand(page, "Alice Anders");
    const codes = alice.getByRole("region", { name: "2FA Recovery Codes" });
    await expect(codes.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);

    await codes.getByRole("button", { name: "Show recovery codes" }).click();
    await expect(codes.getByRole("listitem")).toHaveText(["alpha-1111", "bravo-2222", "charlie-3333"]);
    await codes.getByRole("button", { name: "Copy all recovery codes of Alice Anders" }).click();
    await expect(toasts(page).filter({ hasText: "Copied" })).toContainText("Recovery codes copied");
    expect(await clipboardText(page)).toBe("alpha-1111\nbravo-2222\ncharlie-3333");

    await codes.getByRole("button", { name: "Hide recovery codes" }).click();
    await expect(codes.getByRole("listitem")).toHaveCount(0);
  });

  test("exports the filtered accounts, every page of them, as CSV without secrets", async ({ page }) => {
    await openAccounts(page, "?type=exec");
    await expect(accountRows(page)).toHaveCount(3);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("linkedin-accounts.csv");
    const { text, rows } = await readCsv(download);
    expect(rows.map((row) => row["First Name"]).sort()).toEqual(["Chloe", "Greta", "Keiko"]);
    expect(rows.find((row) => row["First Name"] === "Chloe")).toMatchObject({
      Email: "chloe.chen@example.com",
      Type: "Exec",
      Status: "Restricted",
      Location: "London, United Kingdom",
    });
    expect(Object.keys(rows[0] ?? {})).not.toContain("Password");
    for (const secret of ["Chl0e=pw", "Gr3ta-pw", "Ke1ko-pw"]) expect(text).not.toContain(secret);
    await expect(toasts(page).filter({ hasText: "CSV exported" })).toContainText(
      "3 accounts, without passwords.",
    );
  });

  test("loads the export confirmation only once passwords are asked for, and a press waits for it", async ({
    page,
  }) => {
    // The dialog's chunk, found by its title's message id.
    const scripts = await holdScriptsContaining(page, ['"accounts.export.confirm.title"']);
    await openAccounts(page, "?type=lite");
    await expect(accountRows(page)).toHaveCount(3);
    expect(scripts.held).toEqual([]);

    await page.getByLabel("Include passwords and recovery codes").check();
    await expect.poll(() => scripts.held.length).toBe(1);
    const exportButton = page.getByRole("button", { name: "Export CSV" });
    await exportButton.click();
    const dialog = page.getByRole("alertdialog", { name: "Export passwords in plain text?" });
    await expect(dialog).toHaveCount(0);

    scripts.release();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(exportButton).toBeFocused();
  });

  test("exports passwords and recovery codes only after confirming", async ({ page }) => {
    let secretRequests = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/export-secrets")) secretRequests += 1;
    });
    await openAccounts(page, "?type=lite");
    await expect(accountRows(page)).toHaveCount(3);
    await page.getByLabel("Include passwords and recovery codes").check();

    await page.getByRole("button", { name: "Export CSV" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Export passwords in plain text?" });
    await expect(dialog).toContainText("The file will contain passwords in plain text");
    await expectNoSeriousA11yViolations(page, "the export confirmation");
    const exportButton = page.getByRole("button", { name: "Export CSV" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    // Focus goes back to the button that opened the dialog, whether it is cancelled or escaped.
    await expect(exportButton).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(exportButton).toBeFocused();
    expect(secretRequests).toBe(0);

    await page.getByRole("button", { name: "Export CSV" }).click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Export with passwords" }).click(),
    ]);
    expect(secretRequests).toBe(1);
    const { rows } = await readCsv(download);
    const byName = Object.fromEntries(rows.map((row) => [row["First Name"], row]));
    expect(Object.keys(byName).sort()).toEqual(["Alice", "Elena", "Ines"]);
    expect(byName.Alice).toMatchObject({
      Password: "Al1ce-Pass!",
      "Proxy Password": "prx-Alice-0001",
      "2FA Recovery Codes": "alpha-1111\nbravo-2222\ncharlie-3333",
    });
    expect(byName.Ines).toMatchObject({
      Password: "In3s-pw",
      "Proxy Password": "",
      "2FA Recovery Codes": "",
    });
    expect(byName.Elena).toMatchObject({ Password: "" });
  });

  test("Sync Now says when the sync failed", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 502/);
    // The one server answer that cannot be caused on purpose here: the operator's base being unreachable.
    await page.route("**/api/linkedin-sync/user/*", (route) =>
      route.fulfill({
        status: 502,
        contentType: "application/json",
        body: JSON.stringify({ error: "Sync failed: the source could not be read" }),
      }),
    );
    await openAccounts(page);
    await page.getByRole("button", { name: "Sync Now" }).click();
    const toast = toasts(page).filter({ hasText: "Sync Failed" });
    await expect(toast).toContainText("Sync failed: the source could not be read");
    await expect(accountRows(page)).toHaveCount(12);
  });

  test("refreshes the list every 30 seconds", async ({ page }) => {
    await page.clock.install();
    let reads = 0;
    page.on("request", (request) => {
      if (request.method() === "GET" && /\/api\/accounts\/linkedin\/user\/[^/]+$/.test(request.url()))
        reads += 1;
    });
    await openAccounts(page);
    await expect(accountRows(page)).toHaveCount(12);
    expect(reads).toBe(1);
    // From here the page's time moves only when the test moves it, however slow the machine was to
    // load the page: the first refresh is due 30 s after the list was first read. The pause is a
    // second ahead, so that a busy machine cannot let the page's time pass it first.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.clock.fastForward(20_000);
    await afterRequestsSoFar(page);
    expect(reads).toBe(1);
    await page.clock.fastForward(11_000);
    await expect.poll(() => reads).toBe(2);
    await page.clock.resume();
    await expect(accountRows(page)).toHaveCount(12);
  });

  test("shows a loading state while the list is on its way", async ({ page }) => {
    const release = await holdRequests(page, LIST_URL);
    await openAccounts(page);
    await expect(page.getByRole("status", { name: "Loading your LinkedIn accounts" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the accounts screen while loading");
    release();
    await expect(accountRows(page)).toHaveCount(12);
    await expect(page.getByRole("status", { name: "Loading your LinkedIn accounts" })).toHaveCount(0);
  });

  test("says the list failed to load, and Try again loads it", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 500/);
    await page.route(LIST_URL, (route) =>
      route.request().method() === "GET"
        ? route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"Internal error"}' })
        : route.continue(),
    );
    await openAccounts(page);
    const alert = page.getByRole("alert").filter({ hasText: "Failed to load your LinkedIn accounts" });
    // The one error state of every screen: a heading, the server's message and Try again.
    await expect(alert.getByRole("heading", { name: "Failed to load your LinkedIn accounts" })).toBeVisible();
    await expect(alert).toContainText("Internal error");
    await expect(table(page)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "the accounts screen after a failed load");

    await page.unroute(LIST_URL);
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(accountRows(page)).toHaveCount(12);
    await expect(alert).toHaveCount(0);
  });

  test("asks to log in when the list answers that the session has ended", async ({ page }) => {
    await page.route(LIST_URL, (route) =>
      route.fulfill({ status: 401, contentType: "application/json", body: '{"error":"Not signed in"}' }),
    );
    await openAccounts(page);
    await expect(page.getByText("Please log in to view your LinkedIn accounts")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to login" })).toHaveAttribute(
      "href",
      "/login?next=/accounts/linkedin",
    );
    await expect(table(page)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "the accounts screen when signed out");
  });

  test("passes axe in the dark theme with a row expanded", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await openAccounts(page);
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expand(page, "Alice Anders");
    await expectNoSeriousA11yViolations(page, "the accounts screen in the dark theme");
  });

  test("at 1280 px the table fits its box, with a row expanded and passwords shown", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openAccounts(page);
    await expect(accountRows(page)).toHaveCount(12);
    const scroller = page.getByRole("region", { name: "LinkedIn accounts table" });
    const fits = () => scroller.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(await fits(), "the table is no wider than its box").toBe(true);

    await expand(page, "Alice Anders");
    for (const name of ["Alice Anders", "Bruno Brandt", "Greta Gruber"]) {
      await rowOf(page, name)
        .getByRole("button", { name: `Show password of ${name}` })
        .click();
      await expect(rowOf(page, name).getByRole("button", { name: `Hide password of ${name}` })).toBeVisible();
    }
    expect(await fits(), "the table is no wider than its box with a row open").toBe(true);
    // Every row's last column, Visit, is inside the box.
    const box = await scroller.boundingBox();
    for (const visit of await accountRows(page).getByRole("link", { name: /Visit/ }).all()) {
      const link = await visit.boundingBox();
      expect((link?.x ?? 0) + (link?.width ?? 0)).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
    }
    await expectNoSeriousA11yViolations(page, "the accounts table at 1280 px with a row open");
  });

  test("at 1280 px a long email wraps only after its @, never inside a word", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openAccounts(page);
    const email = rowOf(page, "Liam Lopez").getByTitle(LONG_EMAIL);
    await expect(email).toHaveText(LONG_EMAIL);
    const lines = await linesOf(email);
    expect(wrapsOnlyAtSensiblePoints(lines), lines.join(" / ")).toBe(true);
    // Whatever the table's width, each line shows whole: nothing is cut off unseen.
    expect(await email.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("a long email on a card wraps only at its @ or a dot of the domain", async ({ page }) => {
      await openAccounts(page);
      const email = page.getByRole("list", { name: "Your LinkedIn accounts" }).getByTitle(LONG_EMAIL);
      await expect(email).toHaveText(LONG_EMAIL);
      const lines = await linesOf(email);
      expect(wrapsOnlyAtSensiblePoints(lines), lines.join(" / ")).toBe(true);
    });

    const cards = (page: Page) =>
      page.getByRole("list", { name: "Your LinkedIn accounts" }).getByRole("listitem");

    /** Fails unless the element is inside the viewport's width and shows its text unclipped. */
    async function expectWhole(element: Locator, what: string) {
      const box = await element.boundingBox();
      expect(box, `${what} is laid out`).not.toBeNull();
      expect(box?.x ?? -1, `${what} starts inside the screen`).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0), `${what} ends inside the screen`).toBeLessThanOrEqual(390);
      expect(await element.evaluate((el) => el.scrollWidth <= el.clientWidth), `${what} is not clipped`).toBe(
        true,
      );
    }

    test("shows each account whole as a card, without sideways scrolling, and works by keyboard", async ({
      page,
    }) => {
      await openAccounts(page);
      await expect(cards(page)).toHaveCount(12);
      await expect(table(page)).toHaveCount(0);
      const pageOverflow = () =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await pageOverflow()).toBeLessThanOrEqual(0);

      const names: string[] = [];
      for (const card of await cards(page).all()) {
        const name = card.getByRole("heading");
        const text = (await name.textContent()) ?? "";
        names.push(text.split(" ")[0] ?? "");
        await expectWhole(name, `the name ${text}`);
        const badges = card.locator('[data-slot="badge"]');
        await expect(badges).toHaveCount(2);
        for (const badge of await badges.all()) {
          await expectWhole(badge, `the badge "${await badge.textContent()}" of ${text}`);
        }
        // Visit is a link, or a disabled button for an account without a profile URL.
        await expectWhole(card.locator("a, button").filter({ hasText: "Visit" }), `Visit of ${text}`);
      }
      expect(names.sort()).toEqual([
        "Alice",
        "Bruno",
        "Chloe",
        "Dmitri",
        "Elena",
        "Farid",
        "Greta",
        "Hugo",
        "Ines",
        "Jonas",
        "Keiko",
        "Liam",
      ]);
      const bruno = cards(page).filter({ has: page.getByRole("heading", { name: "Bruno Brandt" }) });
      await expect(bruno.getByText("Wrong Password", { exact: true })).toHaveClass(/bg-red-100/);
      await expect(bruno.getByText("Plus", { exact: true })).toHaveClass(/bg-purple-100/);
      await expectNoSeriousA11yViolations(page, "the account cards on a phone");

      // A shown password stays inside the card.
      await bruno.getByRole("button", { name: "Show password of Bruno Brandt" }).click();
      await expect(bruno.getByText("Brun0#pw")).toBeVisible();
      expect(await pageOverflow()).toBeLessThanOrEqual(0);

      // The keyboard reaches a card's toggle, and Enter opens its details.
      await search(page).focus();
      let reached = false;
      for (let i = 0; i < 30 && !reached; i++) {
        await page.keyboard.press("Tab");
        reached = await page.evaluate(() =>
          (document.activeElement?.getAttribute("aria-label") ?? "").startsWith("Show details for"),
        );
      }
      expect(reached, "Tab reaches a Show details button").toBe(true);
      await page.keyboard.press("Enter");
      const details = page.getByRole("region", { name: "Profile Information" });
      await expect(details).toBeVisible();
      expect(await pageOverflow()).toBeLessThanOrEqual(0);
      await expectWhole(details, "the opened details");
      await expectNoSeriousA11yViolations(page, "the account cards on a phone with details open");
    });

    test("no card's button is covered by the card above, even before the browser lays them out", async ({
      page,
    }) => {
      await openAccounts(page);
      await expect(cards(page)).toHaveCount(12);
      // The target-size rule reads every card's boxes, which lays out the ones the browser skipped:
      // their content must fit the height a card has until then, or it covers the next card's button.
      const results = await runAxe(page, { rules: ["target-size"], withPasses: true });
      expect(
        results.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary}`)),
      ).toEqual([]);
      expect(results.passes.flatMap((v) => v.nodes).length).toBeGreaterThan(12);
    });

    test("lays out only the cards near the screen, and the others as they scroll near", async ({ page }) => {
      await openAccounts(page);
      await expect(cards(page)).toHaveCount(12);
      // checkVisibility with contentVisibilityAuto is false inside a card the browser skips.
      const rendered = (card: Locator) =>
        card.getByRole("heading").evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));
      const last = cards(page).last();
      expect(await rendered(cards(page).first())).toBe(true);
      expect(await rendered(last)).toBe(false);

      await last.scrollIntoViewIfNeeded();
      await expect.poll(() => rendered(last)).toBe(true);
      await expect(last.getByRole("heading")).toBeVisible();
    });
  });
});

test.describe("a customer with 2,000 accounts", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("manyAccounts");
  });

  test("pages through them 50 at a time, with the page in the URL", async ({ page }) => {
    await openAccounts(page);
    const showing = page.getByText(/^Showing /);
    await expect(showing).toHaveText("Showing 1–50 of 2,000");
    await expect(accountRows(page)).toHaveCount(50);
    await expect(counter(page, "Total Accounts")).toHaveText("2,000");
    await expect(counter(page, "Signed In")).toHaveText("800");
    await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
    await expect(accountRows(page).first()).toContainText("many.user0001@example.com");

    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(showing).toHaveText("Showing 51–100 of 2,000");
    await expect(accountRows(page).first()).toContainText("many.user0051@example.com");
    await page.reload();
    await expect(showing).toHaveText("Showing 51–100 of 2,000");

    await openAccounts(page, "?page=40");
    await expect(showing).toHaveText("Showing 1,951–2,000 of 2,000");
    await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(showing).toHaveText("Showing 1,901–1,950 of 2,000");
  });

  test("applies a filter quickly and goes back to page 1", async ({ page }) => {
    await openAccounts(page, "?page=3");
    const showing = page.getByText(/^Showing /);
    await expect(showing).toHaveText("Showing 101–150 of 2,000");

    await statusFilter(page).selectOption({ label: "Wrong Password" });
    await expect(showing).toHaveText("Showing 1–50 of 400");
    await expect(page).not.toHaveURL(/page=/);

    await typeFilter(page).selectOption({ label: "Exec" });
    await expect(showing).toHaveText("Showing 1–50 of 100");
    await expect(accountRows(page)).toHaveCount(50);

    await statusFilter(page).selectOption({ label: "All Statuses" });
    await typeFilter(page).selectOption({ label: "All Types" });
    // Changed in quick succession: none of the three may be lost.
    await search(page).fill("member1999");
    await expect(showing).toHaveText("Showing 1–1 of 1");
    await expect(accountRows(page)).toHaveCount(1);
    await expect(accountRows(page)).toContainText("many.user1999@example.com");
  });
});

test.describe("a customer without accounts", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("customer");
  });

  // Sync Accounts is not pressed here: this customer's Recent Activity must stay empty.
  test("sees the empty state with Sync Accounts", async ({ page }) => {
    await openAccounts(page);
    await expect(page.getByText("You have no LinkedIn accounts yet")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sync Accounts" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sync Now" })).toBeVisible();
    await expect(counter(page, "Total Accounts")).toHaveText("0");
    await expect(table(page)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "the empty accounts screen");
  });
});

test.describe("a new customer's empty accounts screen", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("customer");
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`offers Order accounts beside Sync Accounts, and ordering opens the shop (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await openAccounts(page);
      await expect(page.getByText("You have no LinkedIn accounts yet")).toBeVisible();
      const order = page.getByRole("link", { name: "Order accounts" });
      await expect(order).toBeVisible();
      await expect(page.getByRole("button", { name: "Sync Accounts" })).toBeVisible();
      // Both fit the screen, side by side or one under the other.
      for (const action of [order, page.getByRole("button", { name: "Sync Accounts" })]) {
        const box = await action.boundingBox();
        expect(box).not.toBeNull();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
      }
      await expectNoSeriousA11yViolations(page, `the empty accounts screen at ${viewport.width} px`);

      await order.click();
      await expect(page).toHaveURL("/orders");
      await expect(page.getByRole("heading", { level: 1, name: "LinkedIn Account Plans" })).toBeVisible();
    });
  }
});

test.describe("a customer with nothing to sync", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("emptySyncer");
  });

  test("presses Sync Accounts on the empty list, is told none were found, and sees the run on the dashboard", async ({
    page,
  }) => {
    // A sync with nothing to read finishes faster than the spinner can be seen: its answer is held
    // until the test has looked.
    const releaseSync = await holdAnswers(page, "**/api/linkedin-sync/user/*");
    await openAccounts(page);
    await expect(page.getByText("You have no LinkedIn accounts yet")).toBeVisible();

    await page.getByRole("button", { name: "Sync Accounts" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Syncing your LinkedIn accounts…" }),
    ).toBeAttached();
    await expect(page.getByRole("button", { name: "Sync Now" })).toHaveAttribute("aria-disabled", "true");
    releaseSync();
    await expect(toasts(page).filter({ hasText: "Sync Completed" })).toContainText(
      "Successfully synced 0 LinkedIn accounts",
    );
    await expect(page.getByRole("button", { name: "Sync Now" })).not.toHaveAttribute("aria-disabled");
    await expect(page.getByText("You have no LinkedIn accounts yet")).toBeVisible();

    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Dashboard", exact: true })
      .click();
    const newest = page.getByRole("region", { name: "Recent Activity" }).getByRole("listitem").first();
    await expect(newest).toContainText("Synced your accounts and optimizations: 0 records");
    await expect(newest.locator("time")).toHaveText("just now");
  });
});

test.describe("a customer whose accounts are waiting in the base", () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs("syncer");
  });

  // The list may be empty or already hold the three: the admin test's full sync, when it runs first,
  // brings every account of the base in. Either way Sync Now reads and lists exactly these three.
  test("Sync Now brings their accounts in and lists them", async ({ page }) => {
    await openAccounts(page);
    await page.getByRole("button", { name: "Sync Now" }).click();
    await expect(toasts(page).filter({ hasText: "Sync Completed" })).toContainText(
      "Successfully synced 3 LinkedIn accounts",
    );
    await expect.poll(() => firstNames(page)).toEqual(["Siri", "Sora", "Sven"]);
    await expect(counter(page, "Total Accounts")).toHaveText("3");
    await expect(counter(page, "Signed In")).toHaveText("3");
    await expect(rowOf(page, "Sven Syncer").getByText("Plus", { exact: true })).toBeVisible();
  });
});
