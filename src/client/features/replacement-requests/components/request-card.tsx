import { useLingui } from "@lingui/react/macro";
import { Undo2 } from "lucide-react";
import { type ReactNode, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { ReplacementRequest } from "../../../../shared/api/replacement-requests";
import { fieldErrorClass } from "../../../components/form-field";
import { REQUEST_KIND_LABELS, REQUEST_WISH_LABELS } from "../../../components/request-words";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../../components/ui/alert-dialog";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { failureText } from "../../../lib/api-error";
import { formatDateTime } from "../../../lib/format";
import { toast } from "../../../lib/use-toast";
import { useWithdrawReplacementRequest } from "../api/withdraw-replacement-request";
import { RequestStatusBadge } from "./request-status-badge";

/** The accounts screen, searching for one account by its name: the portal has no page per account. */
export function accountLink(label: string): string {
  return `/accounts/linkedin?${new URLSearchParams({ q: label })}`;
}

const linkClass = "text-primary underline-offset-4 hover:underline dark:text-blue-300";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 whitespace-pre-line [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** Withdraw, asked first; the dialog stays open until the server has answered, and says why it refused. */
function WithdrawButton({ request, onWithdrawn }: { request: ReplacementRequest; onWithdrawn: () => void }) {
  const { t } = useLingui();
  const account = request.accountLabel;
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const withdraw = useWithdrawReplacementRequest();
  const withdrawn = useRef(false);

  const confirm = async () => {
    setError(undefined);
    try {
      await withdraw.mutateAsync(request.id);
      withdrawn.current = true;
      toast({
        title: t({ id: "replacements.withdraw.done", message: "Request withdrawn" }),
        description: t({
          id: "replacements.withdraw.done-text",
          message: `The request for ${account} is closed.`,
        }),
      });
      setAsking(false);
    } catch (failure) {
      setError(
        failureText(
          failure,
          t({ id: "replacements.withdraw.failed", message: "The request could not be withdrawn" }),
        ),
      );
    }
  };

  return (
    <>
      <Button
        size="sm"
        variant="outline"
        aria-label={t({
          id: "replacements.withdraw.button-label",
          message: `Withdraw the request for ${account}`,
        })}
        onClick={() => setAsking(true)}
      >
        <Undo2 aria-hidden="true" />
        {t({ id: "replacements.withdraw.button", message: "Withdraw" })}
      </Button>
      <AlertDialog
        open={asking}
        onOpenChange={(open) => {
          if (withdraw.isPending) return;
          setAsking(open);
          if (!open) setError(undefined);
        }}
      >
        <AlertDialogContent
          onCloseAutoFocus={(event) => {
            // The button is gone once the request is withdrawn: focus goes to the request itself.
            if (withdrawn.current) {
              event.preventDefault();
              onWithdrawn();
            }
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>
              {t({ id: "replacements.withdraw.confirm-title", message: "Withdraw this request?" })}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {t({
                id: "replacements.withdraw.confirm-text",
                message: `The operator will not act on the request for ${account}. You can report the account again later.`,
              })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          {error ? (
            <p role="alert" className={fieldErrorClass}>
              {error}
            </p>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={withdraw.isPending}>
              {t({ id: "replacements.withdraw.keep", message: "Keep the request" })}
            </AlertDialogCancel>
            <Button onClick={() => void confirm()} disabled={withdraw.isPending}>
              {withdraw.isPending ? (
                <Spinner
                  label={t({ id: "replacements.withdraw.withdrawing", message: "Withdrawing" })}
                  className="size-4"
                />
              ) : null}
              {t({ id: "replacements.withdraw.confirm", message: "Withdraw the request" })}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

/** One replacement request: the account, its status, what was asked, and what the operator did. */
export function RequestCard({ request }: { request: ReplacementRequest }) {
  const { i18n, t } = useLingui();
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const changed = request.statusChangedAt !== request.createdAt;

  return (
    <li>
      <article
        aria-labelledby={titleId}
        data-request-id={request.id}
        className="space-y-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs"
      >
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <h2
            id={titleId}
            ref={title}
            tabIndex={-1}
            className="min-w-0 font-medium outline-none [overflow-wrap:anywhere]"
          >
            {request.accountId === null ? (
              request.accountLabel
            ) : (
              <Link to={accountLink(request.accountLabel)} className={linkClass}>
                {request.accountLabel}
              </Link>
            )}
          </h2>
          <RequestStatusBadge status={request.status} />
        </div>
        <dl className="grid gap-2">
          <Field label={t({ id: "replacements.card.problem", message: "Problem" })}>
            {i18n._(REQUEST_KIND_LABELS[request.kind])}
          </Field>
          <Field label={t({ id: "replacements.card.asked-for", message: "Asked for" })}>
            {i18n._(REQUEST_WISH_LABELS[request.wish])}
          </Field>
          {request.note ? (
            <Field label={t({ id: "replacements.card.your-note", message: "Your note" })}>
              {request.note}
            </Field>
          ) : null}
          <Field label={t({ id: "replacements.card.requested", message: "Requested" })}>
            <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
          </Field>
          {changed ? (
            <Field label={t({ id: "replacements.card.updated", message: "Updated" })}>
              <time dateTime={request.statusChangedAt}>{formatDateTime(request.statusChangedAt)}</time>
            </Field>
          ) : null}
          {request.replacementAccount ? (
            <Field label={t({ id: "replacements.card.replacement-account", message: "Replacement account" })}>
              <Link to={accountLink(request.replacementAccount.label)} className={linkClass}>
                {request.replacementAccount.label}
              </Link>
            </Field>
          ) : null}
          {request.operatorNote ? (
            <Field label={t({ id: "replacements.card.operator-note", message: "Operator's note" })}>
              {request.operatorNote}
            </Field>
          ) : null}
        </dl>
        {request.status === "submitted" && !request.delivered ? (
          <p className="text-sm text-muted-foreground">
            {t({ id: "replacements.card.passing", message: "Being passed to the operator." })}
          </p>
        ) : null}
        {request.status === "submitted" ? (
          <div className="flex flex-wrap gap-2">
            <WithdrawButton request={request} onWithdrawn={() => title.current?.focus()} />
          </div>
        ) : null}
      </article>
    </li>
  );
}
