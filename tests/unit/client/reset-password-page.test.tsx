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

/** Opens the reset link with fetch answering the reset with `answer` (the session read says nobody). */
function openLink(answer: () => Response) {
  const bodies: unknown[] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    if (url !== "/api/reset-password") return Response.json({ error: "Not authenticated" }, { status: 401 });
    bodies.push(JSON.parse(String(init?.body)));
    return answer();
  });
  render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[`/reset-password?token=${TOKEN}`]}>
          <Routes>
            <Route path="/reset-password" element={<ResetPasswordPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  return bodies;
}

function choose(password: string) {
  fireEvent.input(screen.getByLabelText("New password"), { target: { value: password } });
  fireEvent.input(screen.getByLabelText("Confirm new password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Update password" }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the reset-password page", () => {
  it("sends the token with the new password and says it is done", async () => {
    const bodies = openLink(() => Response.json({ ok: true, message: "Your password has been changed." }));
    choose("Owners-Choice-77");
    expect(await screen.findByRole("status")).toHaveProperty(
      "textContent",
      "Your password has been changed.",
    );
    expect(bodies).toEqual([{ token: TOKEN, password: "Owners-Choice-77" }]);
  });

  it("shows the server's message about the password on that field, and focuses it", async () => {
    openLink(() =>
      Response.json(
        { error: "password: This password is too common. Please choose another." },
        { status: 400 },
      ),
    );
    choose("password123");
    expect(await screen.findByText("This password is too common. Please choose another.")).toBeTruthy();
    const password = screen.getByLabelText("New password");
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(password);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says the link is not valid when the server refuses the token", async () => {
    openLink(() => Response.json({ error: INVALID_LINK_MESSAGE }, { status: 400 }));
    choose("Owners-Choice-77");
    expect(await screen.findByRole("heading", { name: "Link not valid" })).toBeTruthy();
    expect(within(screen.getByRole("alert")).getByText(INVALID_LINK_MESSAGE)).toBeTruthy();
  });

  it("explains any other failure above the form, which stays", async () => {
    openLink(() => new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" }));
    choose("Owners-Choice-77");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Password not changed")).toBeTruthy();
    expect(within(alert).getByText("The server answered 502.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Update password" })).toBeTruthy();
  });
});
