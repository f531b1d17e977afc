// @vitest-environment jsdom
/**
 * The accounts screen's counted texts (ICU plurals) and its table of status words render as the
 * English of the spec, and a plural follows the language spoken.
 */
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StatusBadge } from "../../../src/client/features/linkedin-accounts/components/account-badges";
import { NO_FILTERS } from "../../../src/client/features/linkedin-accounts/components/account-filters";
import { ExportConfirmDialog } from "../../../src/client/features/linkedin-accounts/components/export-confirm-dialog";
import { FiltersBar } from "../../../src/client/features/linkedin-accounts/components/filters-bar";
import { Pagination } from "../../../src/client/features/linkedin-accounts/components/pagination";
import { RecoveryCodes } from "../../../src/client/features/linkedin-accounts/components/recovery-codes";
import { i18n } from "../../../src/client/lib/i18n/i18n";
import { createQueryClient } from "../../../src/client/lib/query-client";

afterEach(() => {
  cleanup();
  i18n.activate("en");
});

function renderRecoveryCodes(count: number) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RecoveryCodes accountId={1} accountName="Ana Berlin" count={count} />
    </QueryClientProvider>,
  );
}

describe("the accounts screen's messages", () => {
  it("counts recovery codes in the singular and the plural", () => {
    renderRecoveryCodes(1);
    expect(screen.getByText("1 recovery code")).toBeTruthy();
    cleanup();
    renderRecoveryCodes(3);
    expect(screen.getByText("3 recovery codes")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Show recovery codes" })).toBeTruthy();
  });

  it("counts recovery codes in German when German is spoken", () => {
    // Given here rather than read from the compiled German catalogue, which the merge builds.
    i18n.load("de", {
      "accounts.recovery-codes.count": compileMessage(
        "{count, plural, one {# Wiederherstellungscode} other {# Wiederherstellungscodes}}",
      ),
    });
    i18n.activate("de");
    renderRecoveryCodes(1);
    expect(screen.getByText("1 Wiederherstellungscode")).toBeTruthy();
    cleanup();
    renderRecoveryCodes(1200);
    expect(screen.getByText("1.200 Wiederherstellungscodes")).toBeTruthy();
  });

  it("says how many accounts an export with passwords holds", () => {
    const returnFocusTo = { current: null };
    const { rerender } = render(
      <ExportConfirmDialog
        open
        onOpenChange={() => {}}
        count={1}
        onConfirm={() => {}}
        returnFocusTo={returnFocusTo}
      />,
    );
    const dialog = screen.getByRole("alertdialog", { name: "Export passwords in plain text?" });
    expect(dialog.textContent).toContain(
      "The file will contain passwords in plain text, with the proxy passwords and 2FA recovery codes of 1 account. Anyone who opens it can sign in to them: keep it somewhere safe and delete it when you are done.",
    );
    rerender(
      <ExportConfirmDialog
        open
        onOpenChange={() => {}}
        count={1200}
        onConfirm={() => {}}
        returnFocusTo={returnFocusTo}
      />,
    );
    expect(dialog.textContent).toContain("2FA recovery codes of 1,200 accounts. Anyone");
    expect(within(dialog).getByRole("button", { name: "Export with passwords" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeTruthy();
  });

  it("shows the range and the page", () => {
    render(<Pagination from={51} to={100} total={2000} page={2} pageCount={40} onPageChange={() => {}} />);
    expect(screen.getByText("Showing 51–100 of 2,000")).toBeTruthy();
    expect(screen.getByText("Page 2 of 40")).toBeTruthy();
  });

  it("names the status filter's options and the badge from the portal's table of words", () => {
    // jsdom does not know the <search> element the filters sit in (browsers do): React's word on it is no failure.
    const reportError = console.error;
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      if (String(args[0]).includes("is unrecognized in this browser") && args[1] === "search") return;
      reportError(...args);
    });
    render(<FiltersBar filters={NO_FILTERS} onChange={() => {}} />);
    const status = screen.getByLabelText("Status") as HTMLSelectElement;
    expect([...status.options].map((option) => option.textContent)).toEqual([
      "All Statuses",
      "Signed In",
      "Not Signed In",
      "Wrong Password",
      "Restricted",
    ]);
    const type = screen.getByLabelText("Type") as HTMLSelectElement;
    expect([...type.options].map((option) => option.textContent)).toEqual([
      "All Types",
      "Lite",
      "Plus",
      "Exec",
      "Sales Navigator",
    ]);
    cleanup();
    // The operator's words stay whole in the title.
    render(<StatusBadge status="Restricted - Submit ID" />);
    const badge = screen.getByText("Restricted");
    expect(badge.getAttribute("title")).toBe("Restricted - Submit ID");
  });
});
