// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorState, InlineError } from "../../../src/client/components/error-state";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "../../../src/client/components/ui/table";
import { ApiError } from "../../../src/client/lib/api-client";

afterEach(() => cleanup());

describe("Table", () => {
  it("sits in a named, keyboard-reachable scrolling region and keeps the table's own name", () => {
    render(
      <Table scrollLabel="Runs table" containerClassName="max-h-8" className="min-w-96">
        <TableCaption className="sr-only">Recent runs</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Started</TableHead>
            <TableHead className="text-right">Synced</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow>
            <TableCell>Today</TableCell>
            <TableCell className="p-0">3</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    const region = screen.getByRole("region", { name: "Runs table" });
    expect(region.tabIndex).toBe(0);
    expect(region.className).toContain("max-h-8");
    const table = within(region).getByRole("table", { name: "Recent runs" });
    expect(table.className).toContain("min-w-96");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.getAttribute("scope")),
    ).toEqual(["col", "col"]);
    // Rows sit directly in the body, as `tbody > tr` selectors expect.
    expect(table.querySelectorAll("tbody > tr")).toHaveLength(1);
    // A cell's own padding replaces the default rather than adding to it.
    expect(within(table).getByRole("cell", { name: "3" }).className).toBe("p-0");
  });

  it("can be named by a heading instead of a caption", () => {
    render(
      <>
        <h2 id="runs-title">Recent runs</h2>
        <Table scrollLabel="Recent runs table" aria-labelledby="runs-title">
          <TableBody>
            <TableRow>
              <TableCell>x</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </>,
    );
    expect(screen.getByRole("table", { name: "Recent runs" })).toBeTruthy();
  });
});

describe("the error states", () => {
  it("says what failed and retries on Try again", () => {
    const retry = vi.fn();
    render(<InlineError message="Recent activity could not be loaded." onRetry={retry} />);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(retry).toHaveBeenCalledOnce();
    expect(screen.getByText("Recent activity could not be loaded.")).toBeTruthy();
  });

  it("announces a screen's failure with a heading and the server's message, and disables Try again while retrying", () => {
    render(
      <ErrorState
        title="Failed to load your LinkedIn accounts"
        error={new ApiError(502, '{"error":"The accounts store is down"}', "Bad Gateway")}
        onRetry={() => {}}
        retrying
      />,
    );
    const alert = screen.getByRole("alert");
    expect(
      within(alert).getByRole("heading", { name: "Failed to load your LinkedIn accounts" }),
    ).toBeTruthy();
    expect(within(alert).getByText("The accounts store is down")).toBeTruthy();
    expect(within(alert).getByRole("button", { name: "Try again" }).hasAttribute("disabled")).toBe(true);
  });
});

describe("the error state without a server message", () => {
  it("says what the server answered, after the screen's note", () => {
    render(
      <ErrorState
        title="Error Loading Transactions"
        note="Failed to load transactions."
        error={new ApiError(502, "<html>Bad gateway</html>", "Bad Gateway")}
        onRetry={() => {}}
      />,
    );
    expect(screen.getByText("Failed to load transactions. The server answered 502.")).toBeTruthy();
  });
});
