/** Decision 013: a signed-out first visit is clean: no console error, no content-security-policy report. */
import { expect, test } from "./support/fixtures";

test("a signed-out visit to /login logs no console error and breaks no policy, even when the form checks", async ({
  page,
}) => {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  await page.addInitScript(() => {
    const reports: string[] = [];
    Object.assign(window, { policyViolations: reports });
    document.addEventListener("securitypolicyviolation", (event) => {
      reports.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  // An empty submit runs the form's zod schema, which must not try to compile code with eval.
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Password is required")).toBeVisible();
  await page.waitForLoadState("networkidle");

  expect(consoleErrors).toEqual([]);
  expect(
    await page.evaluate(() => (window as unknown as { policyViolations: string[] }).policyViolations),
  ).toEqual([]);
});
