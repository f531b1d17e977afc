// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PasswordStrengthMeter } from "../../../src/client/components/password-strength-meter";
import { loadPasswordEstimator } from "../../../src/shared/password-strength";

afterEach(cleanup);

const filledBars = () => screen.getByTestId("password-strength").querySelectorAll('[data-filled="true"]');

describe("the password strength meter", () => {
  it("calls Password123! weak, in red, and says why in the words the server answers with", async () => {
    const expected = (await loadPasswordEstimator())("Password123!");
    render(<PasswordStrengthMeter password="Password123!" />);
    expect(await screen.findByText("Weak")).toBeTruthy();
    expect(screen.getByText(expected.message ?? "")).toBeTruthy();
    expect(expected.message).toContain("commonly used password");
    for (const bar of filledBars()) expect(bar.getAttribute("data-colour")).toBe("red");
  });

  it("counts the user's own name as guessable", async () => {
    const inputs = ["Wendell Strong", "wstrong", "wendell.strong@example.test"];
    const { rerender } = render(<PasswordStrengthMeter password="WendellStrong!" />);
    expect(await screen.findByText("Fair")).toBeTruthy();
    rerender(<PasswordStrengthMeter password="WendellStrong!" userInputs={inputs} />);
    expect(await screen.findByText("Weak")).toBeTruthy();
    expect(screen.getByText(/it contains your name, username or email/)).toBeTruthy();
  });

  it("calls the demo password strong, four green bars and no complaint", async () => {
    render(<PasswordStrengthMeter password="Demo-Portal-2026!" />);
    expect(await screen.findByText("Strong")).toBeTruthy();
    expect(filledBars()).toHaveLength(4);
    for (const bar of filledBars()) expect(bar.getAttribute("data-colour")).toBe("green");
    expect(screen.queryByText(/too easy to guess/)).toBeNull();
  });

  it("shows the hint and no bars for an empty password", async () => {
    await loadPasswordEstimator();
    render(<PasswordStrengthMeter password="" />);
    expect(screen.getByText("Use 8+ characters with letters, numbers & symbols")).toBeTruthy();
    expect(filledBars()).toHaveLength(0);
    expect(screen.queryByText("Weak")).toBeNull();
  });

  it("leaves the reason out when the field already shows the server's", async () => {
    render(<PasswordStrengthMeter password="Password123!" quiet />);
    expect(await screen.findByText("Weak")).toBeTruthy();
    expect(screen.queryByText(/too easy to guess/)).toBeNull();
  });
});
