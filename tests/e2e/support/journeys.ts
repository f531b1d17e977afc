/**
 * Steps several browser tests take the same way: reading the toasts, signing in through the form,
 * and registering someone new through the API when the account is only the test's setting.
 */
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import type { NewPerson } from "../../support/builders";
import { mailedLinkFor } from "./mailbox";

/** The toasts on screen. */
export const toasts = (page: Page) =>
  page.getByRole("region", { name: /^Notifications/ }).getByRole("listitem");

/** Fills in and sends the sign-in form of the page, which must be at /login. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * Registers `person` through the API with the cookie jar of `request`, and follows the mailed link
 * with it (decision 071), which signs that jar in as them (a page's `page.request` shares the
 * page's). Returns their uid.
 */
export async function registerThroughApi(
  request: APIRequestContext,
  baseURL: string | undefined,
  person: Pick<NewPerson, "name" | "email" | "password"> & { username?: string },
  headers: Record<string, string> = {},
): Promise<string> {
  const { name, username, email, password } = person;
  const asked = await request.post("/api/register", {
    data: { name, ...(username ? { username } : {}), email, password },
    headers: { origin: baseURL ?? "", ...headers },
  });
  expect(asked.status()).toBe(200);
  const link = new URL(await mailedLinkFor(request, email, "/register-existing/confirm"));
  const confirmed = await request.post("/api/register-existing-user/confirm", {
    data: { token: link.searchParams.get("token") },
    headers: { origin: baseURL ?? "", ...headers },
  });
  expect(confirmed.status()).toBe(200);
  return ((await confirmed.json()) as { uid: string }).uid;
}
