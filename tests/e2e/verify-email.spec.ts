import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { signIn, toasts } from "./support/journeys";
import { mailedLink } from "./support/mailbox";
import { e2eUsers } from "./support/users";

const notice = (page: Page) => page.getByRole("region", { name: "Verify your email" });

/** The verification links mailed to `to`, newest first. */
async function verificationLinks(page: Page, to: string): Promise<string[]> {
  const response = await page.request.get("/api/dev/mailbox");
  const mail = (await response.json()) as Array<{ to: string; text: string }>;
  return mail.flatMap((m) => {
    const link = m.to === to ? m.text.match(/https?:\/\/\S+\/verify-email\?token=\S+/)?.[0] : undefined;
    return link ? [link] : [];
  });
}

/** Asks for the verification link as the signed-in customer of the page, as the notice's button does. */
async function askForLink(page: Page, baseURL: string | undefined): Promise<void> {
  const asked = await page.request.post("/api/user/email/verify/resend", {
    headers: { origin: baseURL ?? "" },
    data: {},
  });
  expect(asked.status()).toBe(200);
}

test("a customer verifies their email from the mailed link, and the dashboard stops asking", async ({
  page,
  baseURL,
  consoleErrors,
  signInAs,
}) => {
  const person = e2eUsers.verifyFromDashboard;
  await signInAs("verifyFromDashboard");
  await askForLink(page, baseURL);
  await page.goto("/dashboard");
  await expect(notice(page)).toContainText(person.email);
  await expectNoSeriousA11yViolations(page, "/dashboard with the verification notice");

  const link = await mailedLink(page, person.email, "/verify-email");
  await page.goto(link);
  await expect(page.getByRole("status").filter({ hasText: "Your email is verified." })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "/verify-email");
  await page.getByRole("link", { name: "Go to the dashboard" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(notice(page)).toHaveCount(0);

  // The link works once.
  consoleErrors.allow(/status of 400/);
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("This link has expired or was already used.");
  await expect(page.getByRole("button", { name: "Resend the link" })).toBeVisible();
});

test("a verification link opened where nobody is signed in asks to sign in first, on a phone too", async ({
  page,
  browser,
  baseURL,
  signInAs,
}) => {
  const person = e2eUsers.verifyOnPhone;
  await signInAs("verifyOnPhone");
  await askForLink(page, baseURL);
  const link = await mailedLink(page, person.email, "/verify-email");

  // Another browser, a phone, where the customer has not signed in: the mail alone proves nothing.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  try {
    const screen = await phone.newPage();
    await screen.goto(link);
    const alert = screen.getByRole("alert");
    await expect(alert).toContainText("Sign in to verify your email");
    await expect(alert).toContainText("works only in a browser signed in to the account that asked for it");
    await expectNoSeriousA11yViolations(screen, "/verify-email signed out, on a phone");
    await screen.getByRole("link", { name: "Sign in" }).click();
    await expect(screen).toHaveURL("/login");
    await signIn(screen, person.email, person.password);
    await expect(screen).toHaveURL("/dashboard");
    await expect(notice(screen)).toBeVisible();

    // Signed in, the same link verifies the address.
    await screen.goto(link);
    await expect(screen.getByRole("status").filter({ hasText: "Your email is verified." })).toBeVisible();
  } finally {
    await phone.close();
  }
});

test("the notice sends a new link on request, and once dismissed stays away in this tab", async ({
  page,
  baseURL,
  signInAs,
}) => {
  const person = e2eUsers.verifyAfterResend;
  await signInAs("verifyAfterResend");
  await askForLink(page, baseURL);
  await page.goto("/dashboard");
  await expect.poll(async () => (await verificationLinks(page, person.email)).length).toBe(1);

  await notice(page).getByRole("button", { name: "Resend the link" }).click();
  await expect(toasts(page).filter({ hasText: "If your email still needs verifying" })).toBeVisible();
  await expect.poll(async () => (await verificationLinks(page, person.email)).length).toBe(2);

  await page.getByRole("button", { name: "Dismiss the email verification notice" }).click();
  await expect(notice(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(notice(page)).toHaveCount(0);

  // The newest link verifies the email.
  const [newest] = await verificationLinks(page, person.email);
  await page.goto(newest ?? "");
  await expect(page.getByRole("status").filter({ hasText: "Your email is verified." })).toBeVisible();
});

test("the sync links a customer who registered first once they verify, and tells the admin about one who has not", async ({
  page,
  signInAs,
}) => {
  const first = e2eUsers.registeredFirst;
  await signInAs("registeredFirst");
  await page.goto("/dashboard");
  await notice(page).getByRole("button", { name: "Resend the link" }).click();
  await expect(toasts(page).filter({ hasText: "If your email still needs verifying" })).toBeVisible();
  await page.goto(await mailedLink(page, first.email, "/verify-email"));
  await expect(page.getByRole("status").filter({ hasText: "Your email is verified." })).toBeVisible();

  await signInAs("admin");
  await page.goto("/admin/sync");
  await page.getByRole("button", { name: "Start User Sync" }).click();
  await expect(toasts(page).filter({ hasText: "Sync Completed" })).toBeVisible({ timeout: 60_000 });
  // The toast can show a moment before the card turns from the latest finished run (another test's,
  // from before the verification) to this one.
  const results = page.getByRole("region", { name: "Results" });
  await expect(results.getByText(/The run you started/)).toBeVisible();
  await expect(
    results.getByText(
      "Email: a portal account with this email exists but its email is not verified yet: the customer must follow the verification link (they can resend it from the dashboard)",
    ),
  ).toBeVisible();
  await expect(results.getByText("recE2eRegisteredFirstUser2")).toBeVisible();
  await expect(results.getByText("recE2eRegisteredFirstUser1")).toHaveCount(0);

  await signInAs("registeredFirst");
  await page.goto("/accounts/linkedin");
  await expect(page.getByText("Linus Linked").first()).toBeVisible();
});
