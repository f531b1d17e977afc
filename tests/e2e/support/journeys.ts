/**
 * Steps several browser tests take the same way: reading the toasts, signing in through the form,
 * and registering someone new through the API when the account is only the test's setting.
 */
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import type { NewPerson } from "../../support/builders";

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
 * Registers `person` through the API with the cookie jar of `request`, which is then signed in as
 * them (a page's `page.request` shares the page's). Returns their uid.
 */
export async function registerThroughApi(
  request: APIRequestContext,
  baseURL: string | undefined,
  person: NewPerson,
): Promise<string> {
  const { name, username, email, password } = person;
  const response = await request.post("/api/register", {
    data: { name, username, email, password },
    headers: { Origin: baseURL ?? "" },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { uid: string }).uid;
}
