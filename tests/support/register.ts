/**
 * Registering takes two steps (decision 071): the answer signs nobody in, and the mailed link, in the
 * browser that asked, sets the password and signs in.
 */
import type { LightMyRequestResponse } from "fastify";
import { linkToken, readMailbox } from "./mailbox";
import type { TestApp } from "./test-app";

/** The `name=value` of each cookie an answer sets. */
export function cookiesSet(res: LightMyRequestResponse): string[] {
  const header = res.headers["set-cookie"];
  const all = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return all.map((c) => c.split(";")[0] ?? "");
}

/** The newest link mailed to `email` that points at `path`. */
export async function newestLinkTo(t: TestApp, email: string, path: string): Promise<string> {
  const mail = (await readMailbox(t.app)).find(
    (m) => m.to.toLowerCase() === email.toLowerCase() && m.text.includes(`${path}?token=`),
  );
  if (!mail) throw new Error(`no ${path} link mailed to ${email}`);
  return linkToken(mail, path);
}

/**
 * Registers through the API and follows the mailed link in the same browser. Returns the answer of
 * the link (the signed-in user) and its session cookie.
 */
export async function registerAndConfirm(
  t: TestApp,
  body: { name: string; username?: string; email: string; password: string },
  options: { headers?: Record<string, string>; ip?: string } = {},
): Promise<{ answer: LightMyRequestResponse; cookie: string }> {
  const asked = await t.post("/api/register", body, options);
  if (asked.statusCode !== 200) throw new Error(`register answered ${asked.statusCode}: ${asked.body}`);
  const claim = cookiesSet(asked).find((c) => c.startsWith("portal_claim="));
  if (!claim) throw new Error("register set no claim cookie");
  const token = await newestLinkTo(t, body.email, "/register-existing/confirm");
  const answer = await t.post(
    "/api/register-existing-user/confirm",
    { token },
    { ...options, headers: { ...options.headers, cookie: claim } },
  );
  if (answer.statusCode !== 200) throw new Error(`the link answered ${answer.statusCode}: ${answer.body}`);
  const cookie = cookiesSet(answer).find((c) => c.startsWith("portal_session=")) ?? "";
  return { answer, cookie };
}
