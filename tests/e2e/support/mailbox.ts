/** Links the portal mails, read from the development mailbox as a person would open them. */
import { type APIRequestContext, expect, type Page } from "@playwright/test";

/**
 * The newest link to `path` mailed to `to`, from the development mailbox's JSON. Mail goes out just
 * after the answer, so the mailbox is read until it arrives.
 */
export async function mailedLink(page: Page, to: string, path: string): Promise<string> {
  return mailedLinkFor(page.request, to, path);
}

/** The same, read with a request context of its own (a test's `request`, say). */
export async function mailedLinkFor(request: APIRequestContext, to: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const response = await request.get("/api/dev/mailbox");
    expect(response.ok()).toBe(true);
    const mail = (await response.json()) as Array<{ to: string; text: string }>;
    link = mail.find((m) => m.to === to)?.text.match(new RegExp(`https?://\\S+${path}\\?token=\\S+`))?.[0];
    expect(link, `a ${path} link in a mail to ${to}`).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return link ?? "";
}
