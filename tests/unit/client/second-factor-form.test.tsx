// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  mustSignInAgain,
  SecondFactorForm,
} from "../../../src/client/features/auth/components/second-factor-form";
import { ApiError } from "../../../src/client/lib/api-client";
import { createQueryClient } from "../../../src/client/lib/query-client";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The server's words speak the customer's language; only the flag says the sign-in must start over.
const EXPIRED_DE = "Ihre Anmeldung ist abgelaufen. Melden Sie sich erneut mit Ihrem Passwort an.";
const WRONG_DE =
  "Dieser Code ist nicht richtig. Prüfen Sie Ihre Authenticator-App und versuchen Sie es erneut.";

function renderForm(answer: Response) {
  vi.stubGlobal("fetch", async () => answer);
  const onRestart = vi.fn();
  const onSignedIn = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SecondFactorForm onSignedIn={onSignedIn} onRestart={onRestart} />
    </QueryClientProvider>,
  );
  fireEvent.input(screen.getByLabelText("Authentication code"), { target: { value: "123 456" } });
  fireEvent.click(screen.getByRole("button", { name: "Verify" }));
  return { onRestart, onSignedIn };
}

describe("the second step of a sign-in", () => {
  it("starts over when the server's answer says signInAgain, whatever language its text is in", async () => {
    const { onRestart } = renderForm(
      Response.json({ error: EXPIRED_DE, signInAgain: true }, { status: 401 }),
    );
    await waitFor(() => expect(onRestart).toHaveBeenCalledWith(EXPIRED_DE));
  });

  it("stays for another code when the code was wrong", async () => {
    const { onRestart } = renderForm(Response.json({ error: WRONG_DE }, { status: 401 }));
    expect(await screen.findByText(WRONG_DE)).toBeTruthy();
    expect(onRestart).not.toHaveBeenCalled();
  });

  it("reads the flag only from a 401 with a JSON body", () => {
    const body = JSON.stringify({ error: "Your sign-in has expired.", signInAgain: true });
    expect(mustSignInAgain(new ApiError(401, body, "Unauthorized"))).toBe(true);
    expect(mustSignInAgain(new ApiError(400, body, "Bad Request"))).toBe(false);
    expect(
      mustSignInAgain(new ApiError(401, JSON.stringify({ error: "Too many wrong codes." }), "Unauthorized")),
    ).toBe(false);
    expect(mustSignInAgain(new ApiError(401, "<html>", "Unauthorized"))).toBe(false);
    expect(mustSignInAgain(new TypeError("Failed to fetch"))).toBe(false);
  });

  it("says a malformed code in the page's words before sending anything", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SecondFactorForm onSignedIn={() => {}} onRestart={() => {}} />
      </QueryClientProvider>,
    );
    fireEvent.input(screen.getByLabelText("Authentication code"), { target: { value: "12" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Enter the 6-digit code from your authenticator app")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
