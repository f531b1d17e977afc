// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Faq } from "../../../src/client/features/help-centre/components/faq";
import { faqTopics, searchFaq } from "../../../src/client/features/help-centre/components/faq-entries";
import { i18n } from "../../../src/client/lib/i18n/i18n";

afterEach(cleanup);

// jsdom does not know HTML's <search> element yet, and React says so; any other error still fails.
beforeEach(() => {
  const reportError = console.error;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes("is unrecognized in this browser") && args[1] === "search") return;
    reportError(...args);
  });
});

describe("the FAQ's texts", () => {
  it("reads every topic, question and answer from the catalogue", () => {
    const topics = faqTopics(i18n);
    expect(topics.map((topic) => topic.title)).toEqual([
      "Your accounts",
      "Credentials and 2FA",
      "Orders and billing",
      "Profile optimization",
      "Support",
    ]);
    for (const entry of topics.flatMap((topic) => topic.entries)) {
      expect(entry.question).toMatch(/\?$/);
      expect(entry.answer.length).toBeGreaterThan(40);
    }
    expect(searchFaq(topics, "forgot portal")[0]?.entries.map((entry) => entry.id)).toEqual([
      "forgot-password",
    ]);
  });
});

describe("Faq", () => {
  it("says how many questions match, one or many, and when none does", () => {
    render(<Faq />);
    const search = screen.getByLabelText("Search the FAQ");
    fireEvent.change(search, { target: { value: "forgot" } });
    expect(screen.getByText("1 question matches")).toBeTruthy();
    fireEvent.change(search, { target: { value: "password" } });
    expect(screen.getByText(/^\d+ questions match$/)).toBeTruthy();
    fireEvent.change(search, { target: { value: "zebra" } });
    expect(screen.getByText("No questions match “zebra”")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Clear search" }));
    expect(screen.getByRole("heading", { name: "Frequently Asked Questions" })).toBeTruthy();
  });
});
