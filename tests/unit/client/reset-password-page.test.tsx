// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { StrictMode } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ResetPasswordPage } from "../../../src/client/features/auth/pages/reset-password-page";
import { createQueryClient } from "../../../src/client/lib/query-client";
import { INVALID_LINK_MESSAGE } from "../../../src/shared/api/auth";

const TOKEN = "abcdefghijklmnopqrstuvwxyz";

/**
 * Opens the reset link with fetch answering the link's check with `check` (usable by default) and
 * the reset with `answer` (the session read says nobody).
 */
function openLink(
  answer: () => Response,
  check: () => Response = () => Response.json({ ok: true }),
  path = `/reset-password?token=${TOKEN}`,
) {
  const bodies: unknown[] = [];
  const checks: unknown[] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    if (url === "/api/reset-password/check") {
      checks.push(JSON.parse(String(init?.body)));
      return check();
    }
    if (url !== "/api/reset-password") return Response.json({ error: "Not authenticated" }, { status: 401 });
    bodies.push(JSON.parse(String(init?.body)));
    return answer();
  });
  render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/reset-password" element={<ResetPasswordPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  return Object.assign(bodies, { checks });
}

async function choose(password: string) {
  fireEvent.input(await screen.findByLabelText("New password"), { target: { value: password } });
  fireEvent.input(screen.getByLabelText("Confirm new password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Update password" }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the reset-password page", () => {
  it("checks the link as it opens and says at once that a used one cannot be used", async () => {
    const sent = openLink(
      () => Response.json({ ok: true, message: "unused" }),
      () => Response.json({ error: INVALID_LINK_MESSAGE }, { status: 400 }),
    );
    expect(await screen.findByRole("heading", { name: "Link not valid" })).toBeTruthy();
    expect(within(screen.getByRole("alert")).getByText(INVALID_LINK_MESSAGE)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Request a new link" }).getAttribute("href")).toBe(
      "/forgot-password",
    );
    expect(screen.queryByLabelText("New password")).toBeNull();
    // Once, even though StrictMode renders twice: each check counts against the limit on links.
    expect(sent.checks).toEqual([{ token: TOKEN }]);
    expect(sent.length).toBe(0);
  });

  it("says it is checking the link, then shows the form for a usable one", async () => {
    let usable: (answer: Response) => void = () => {};
    openLink(
      () => Response.json({ ok: true, message: "unused" }),
      () => new Promise<Response>((resolve) => (usable = resolve)) as unknown as Response,
    );
    expect(screen.getByRole("status", { name: "Checking your link" })).toBeTruthy();
    expect(screen.queryByLabelText("New password")).toBeNull();
    usable(Response.json({ ok: true }));
    expect(await screen.findByLabelText("New password")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Choose a new password" })).toBeTruthy();
  });

  it("keeps the form when the check fails for another reason: the submit will say what is wrong", async () => {
    openLink(
      () => Response.json({ ok: true, message: "unused" }),
      () => new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" }),
    );
    expect(await screen.findByLabelText("New password")).toBeTruthy();
  });

  it("sends nothing for a link without a token", async () => {
    const sent = openLink(() => Response.json({ ok: true, message: "unused" }), undefined, "/reset-password");
    expect(await screen.findByRole("heading", { name: "Link not valid" })).toBeTruthy();
    expect(sent.checks).toEqual([]);
  });

  it("sends the token with the new password and says it is done", async () => {
    const bodies = openLink(() => Response.json({ ok: true, message: "Your password has been changed." }));
    await choose("Owners-Choice-77");
    expect(await screen.findByRole("status")).toHaveProperty(
      "textContent",
      "Your password has been changed.",
    );
    expect([...bodies]).toEqual([{ token: TOKEN, password: "Owners-Choice-77" }]);
    // The link was checked once as the page opened, and not again once the reset had used it.
    expect(bodies.checks).toEqual([{ token: TOKEN }]);
  });

  it("shows the server's message about the password on that field, and focuses it", async () => {
    openLink(() =>
      Response.json(
        { error: "password: This password is too common. Please choose another." },
        { status: 400 },
      ),
    );
    await choose("password123");
    expect(await screen.findByText("This password is too common. Please choose another.")).toBeTruthy();
    const password = screen.getByLabelText("New password");
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(password);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says the link is not valid when the server refuses the token", async () => {
    openLink(() => Response.json({ error: INVALID_LINK_MESSAGE }, { status: 400 }));
    await choose("Owners-Choice-77");
    expect(await screen.findByRole("heading", { name: "Link not valid" })).toBeTruthy();
    expect(within(screen.getByRole("alert")).getByText(INVALID_LINK_MESSAGE)).toBeTruthy();
  });

  it("explains any other failure above the form, which stays", async () => {
    openLink(() => new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" }));
    await choose("Owners-Choice-77");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Password not changed")).toBeTruthy();
    expect(within(alert).getByText("The server answered 502.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Update password" })).toBeTruthy();
  });
});
