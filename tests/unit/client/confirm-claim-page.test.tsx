// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmClaimPage } from "../../../src/client/features/auth/pages/confirm-claim-page";
import { createQueryClient } from "../../../src/client/lib/query-client";
import { sessionState } from "../../../src/client/lib/session";
import { currentUser } from "./support/current-user";

const user = currentUser({ id: 3, name: "Imogen Imported", email: "imogen@example.test", username: null });

function renderAt(url: string) {
  const queryClient = createQueryClient();
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/register-existing/confirm" element={<ConfirmClaimPage />} />
            <Route path="/" element={<p>Home</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  return queryClient;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the claim confirmation page", () => {
  it("sends a one-time token once under StrictMode, signs the user in and goes home a second later", async () => {
    const calls: Array<[string, RequestInit | undefined]> = [];
    vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      if (url === "/api/register-existing-user/confirm") return Response.json(user);
      return Response.json(user); // the session read-back
    });
    renderAt("/register-existing/confirm?token=abcdefghijklmnopqrstuvwxyz");

    expect(await screen.findByText(/you are signed in/)).toBeTruthy();
    const confirms = calls.filter(([url]) => url === "/api/register-existing-user/confirm");
    expect(confirms).toHaveLength(1);
    expect(JSON.parse(String(confirms[0]?.[1]?.body))).toEqual({ token: "abcdefghijklmnopqrstuvwxyz" });
    expect(screen.queryByLabelText("Password")).toBeNull();
    expect(sessionState().user).toEqual(user);

    expect(await screen.findByText("Home", undefined, { timeout: 2000 })).toBeTruthy();
  });

  it("explains a link without a token, and sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderAt("/register-existing/confirm");
    expect(await screen.findByText(/This link is invalid/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Request a new link" }).getAttribute("href")).toBe(
      "/register-existing",
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks for a password when the link was opened in another browser, and sends it with the token", async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
      if (url !== "/api/register-existing-user/confirm") return Response.json(user);
      const body = JSON.parse(String(init?.body)) as { password?: string };
      bodies.push(body);
      if (!body.password) {
        return Response.json(
          { error: "Choose a password to finish creating your account." },
          { status: 422 },
        );
      }
      if (body.password === "password123") {
        return Response.json({ error: "password: This password is too common" }, { status: 400 });
      }
      return Response.json(user);
    });
    renderAt("/register-existing/confirm?token=abcdefghijklmnopqrstuvwxyz");

    expect(await screen.findByRole("heading", { name: "Choose your password" })).toBeTruthy();
    const password = screen.getByLabelText("Password") as HTMLInputElement;
    const confirmation = screen.getByLabelText("Confirm password") as HTMLInputElement;
    fireEvent.change(password, { target: { value: "password123" } });
    fireEvent.change(confirmation, { target: { value: "password123" } });
    fireEvent.click(screen.getByRole("button", { name: "Create Account & Login" }));
    expect(await screen.findByText("This password is too common")).toBeTruthy();
    expect(password.getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(password, { target: { value: "Owners-Choice-77" } });
    fireEvent.change(confirmation, { target: { value: "Owners-Choice-77" } });
    fireEvent.click(screen.getByRole("button", { name: "Create Account & Login" }));
    expect(await screen.findByText(/you are signed in/)).toBeTruthy();
    expect(bodies).toEqual([
      { token: "abcdefghijklmnopqrstuvwxyz" },
      { token: "abcdefghijklmnopqrstuvwxyz", password: "password123" },
      { token: "abcdefghijklmnopqrstuvwxyz", password: "Owners-Choice-77" },
    ]);
    await waitFor(() => expect(sessionState().user).toEqual(user));
  });

  it("says the link is not valid when the server refuses it", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json(
        { error: "This link is invalid, has expired or has already been used. Please request a new one." },
        { status: 400 },
      ),
    );
    renderAt("/register-existing/confirm?token=abcdefghijklmnopqrstuvwxyz");
    expect(await screen.findByText(/has already been used/)).toBeTruthy();
    expect(screen.queryByLabelText("Password")).toBeNull();
  });
});
