import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Flag } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { LinkedinAccount } from "../../../../shared/api/linkedin-accounts";
import type { OpenRequestSummary } from "../../../../shared/api/replacement-requests";
import { requestStatusClass } from "../../../components/request-words";
import { Button } from "../../../components/ui/button";
import { i18n } from "../../../lib/i18n/i18n";
import { cn } from "../../../lib/utils";
import { accountName } from "./account-format";
import { isReportableStatus } from "./report-rules";

/**
 * The dialog, with Radix AlertDialog and the contract's schemas, is not part of the screen's first
 * load (decision 013): it is fetched when a report button is pointed at, focused or pressed.
 */
const loadReportDialog = () => import("./report-problem-dialog");
const ReportProblemDialog = lazy(() =>
  loadReportDialog().then((module) => ({ default: module.ReportProblemDialog })),
);
const preloadReportDialog = () => void loadReportDialog().catch(() => {});

const OPEN_REQUEST_WORDS = {
  replacement: {
    submitted: msg({ id: "accounts.request.replacement-requested", message: "Replacement requested" }),
    inProgress: msg({ id: "accounts.request.replacement-in-progress", message: "Replacement in progress" }),
  },
  fix: {
    submitted: msg({ id: "accounts.request.fix-requested", message: "Fix requested" }),
    inProgress: msg({ id: "accounts.request.fix-in-progress", message: "Fix in progress" }),
  },
};

/** "Replacement requested", "Fix in progress": an open request in the customer's words. */
export function openRequestText(request: OpenRequestSummary): string {
  const words = OPEN_REQUEST_WORDS[request.wish === "replacement" ? "replacement" : "fix"];
  return i18n._(request.status === "submitted" ? words.submitted : words.inProgress);
}

/** An account's open request, a link to the requests screen's open ones, coloured as its status. */
function OpenRequestLink({ request, name }: { request: OpenRequestSummary; name: string }) {
  const { t } = useLingui();
  return (
    <Link
      to="/accounts/requests?status=open"
      data-status={request.status}
      className={cn(
        "inline-flex w-fit items-center rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50",
        requestStatusClass(request.status),
      )}
    >
      {openRequestText(request)}
      <span className="sr-only">{` ${t({ id: "accounts.request.see", message: `for ${name}: see your requests` })}`}</span>
    </Link>
  );
}

/**
 * Where an account meets replacement requests: its open request, or "Report a problem". `always`
 * offers the report for every status (the expanded details, where a note gives the reason); without
 * it only for a status that says what is wrong (the row and the card). Once a report is sent the
 * control that opened it turns into the open request, which then takes the focus.
 */
export function AccountRequest({
  account,
  always = false,
  size = "full",
  className,
}: {
  account: LinkedinAccount;
  always?: boolean;
  /** `compact` says "Report", for the table's status column; its accessible name is whole. */
  size?: "full" | "compact";
  className?: string;
}) {
  const { t } = useLingui();
  const [reporting, setReporting] = useState(false);
  // Set once a report is sent: the open request takes the focus when the list brings it, which may
  // be a render after the dialog has closed (the accounts screen renders a new list deferred).
  const [reported, setReported] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const name = accountName(account);
  const { openRequest } = account;
  const offer = openRequest === null && (always || isReportableStatus(account.status));
  const focusFirst = () => box.current?.querySelector<HTMLElement>("a, button")?.focus();

  useEffect(() => {
    if (!reported || !openRequest) return;
    box.current?.querySelector<HTMLElement>("a")?.focus();
    setReported(false);
  }, [reported, openRequest]);

  if (!openRequest && !offer && !reporting && !reported) return null;
  return (
    <div ref={box} className={cn("flex", className)}>
      {openRequest ? <OpenRequestLink request={openRequest} name={name} /> : null}
      {offer ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          aria-label={t({ id: "accounts.report.with", message: `Report a problem with ${name}` })}
          onPointerEnter={preloadReportDialog}
          onFocus={preloadReportDialog}
          onClick={() => setReporting(true)}
        >
          <Flag aria-hidden="true" />
          {size === "compact"
            ? t({ id: "accounts.report.short", message: "Report" })
            : t({ id: "accounts.report.button", message: "Report a problem" })}
        </Button>
      ) : null}
      {reporting ? (
        <Suspense fallback={null}>
          <ReportProblemDialog
            account={account}
            onClose={(sent) => {
              setReporting(false);
              if (sent) setReported(true);
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              focusFirst();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
