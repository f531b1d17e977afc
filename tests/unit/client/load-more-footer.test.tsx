// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LoadMoreFooter } from "../../../src/client/components/load-more-footer";
import { ApiError } from "../../../src/client/lib/api-client";

afterEach(() => cleanup());

const labels = {
  button: "Show more orders",
  loading: "Loading more orders",
  failed: "More orders could not be loaded",
};

function footer(props: Partial<Parameters<typeof LoadMoreFooter>[0]> = {}) {
  const onLoadMore = vi.fn();
  render(
    <LoadMoreFooter
      hasMore
      loading={false}
      failed={false}
      error={null}
      onLoadMore={onLoadMore}
      labels={labels}
      {...props}
    />,
  );
  return onLoadMore;
}

describe("the load-more footer", () => {
  it("shows nothing at the end of the list", () => {
    footer({ hasMore: false });
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("asks for the next page once per click, and not again while it comes", () => {
    const onLoadMore = footer();
    fireEvent.click(screen.getByRole("button", { name: "Show more orders" }));
    expect(onLoadMore).toHaveBeenCalledOnce();
    cleanup();

    const whileLoading = footer({ loading: true });
    const button = screen.getByRole("button", { name: /Show more orders/ });
    // Still focusable (aria-disabled, not disabled), so focus stays on it while the page comes.
    expect(button.hasAttribute("disabled")).toBe(false);
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByText("Loading more orders")).toBeTruthy();
    fireEvent.click(button);
    expect(whileLoading).not.toHaveBeenCalled();
  });

  it("says what failed with the server's message, and Try again asks again", () => {
    const onLoadMore = footer({
      failed: true,
      error: new ApiError(502, '{"error":"The orders store is down"}', "Bad Gateway"),
    });
    const alert = screen.getByRole("alert");
    expect(within(alert).getByRole("heading", { name: "More orders could not be loaded" })).toBeTruthy();
    expect(within(alert).getByText("The orders store is down")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show more orders" })).toBeNull();
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(onLoadMore).toHaveBeenCalledOnce();
  });

  it("shows its line above the button", () => {
    footer({ children: <p>Showing the newest 50 of 120.</p> });
    expect(screen.getByText("Showing the newest 50 of 120.")).toBeTruthy();
  });
});
