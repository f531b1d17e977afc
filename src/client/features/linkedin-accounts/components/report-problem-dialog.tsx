import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import type { LinkedinAccount } from "../../../../shared/api/linkedin-accounts";
import type { RequestKind, RequestWish } from "../../../../shared/api/replacement-requests";
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
import { ApiError } from "../../../lib/api-client";
import { failureText } from "../../../lib/api-error";
import { toast } from "../../../lib/use-toast";
import { cn } from "../../../lib/utils";
import { useCreateReplacementRequest } from "../api/create-replacement-request";
import { accountName } from "./account-format";
import { isReportableStatus, KINDS, kindForStatus, NOTE_MAX, WISHES } from "./report-rules";

// As the form fields' errors: the dialog does without FormField, so that its chunk needs nothing
// beyond what the accounts screen has loaded and the dialog itself (decision 013).
const ERROR_CLASS = "text-sm text-destructive dark:text-red-300";

function RadioChoices<V extends string>({
  legend,
  name,
  values,
  labels,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  values: readonly V[];
  labels: Record<V, MessageDescriptor>;
  value: V;
  onChange: (value: V) => void;
}) {
  const { i18n } = useLingui();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {values.map((option) => (
        <label
          key={option}
          className={cn(
            "flex min-h-10 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm",
            "has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
            value === option && "border-primary bg-muted/40",
          )}
        >
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
            className="size-4 accent-primary outline-none"
          />
          {i18n._(labels[option])}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * "Report a problem" with one account (decision R18): what is wrong, a note, and whether the customer
 * wants a replacement or a fix. The kind starts as the account's status suggests; a status that says
 * nothing wrong needs the note, the reason. The server's refusal (an open request already, a bad
 * note) shows in the dialog, which stays open; success closes it with a toast.
 */
export function ReportProblemDialog({
  account,
  onClose,
  onCloseAutoFocus,
}: {
  account: LinkedinAccount;
  /** `reported`: the request was made. */
  onClose: (reported: boolean) => void;
  /** Where focus goes once the dialog has closed (the control that opened it may be gone). */
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { t } = useLingui();
  const name = accountName(account);
  const reportable = isReportableStatus(account.status);
  const [kind, setKind] = useState<RequestKind>(() => kindForStatus(account.status));
  const [wish, setWish] = useState<RequestWish>("replacement");
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const formErrorId = useId();
  const noteId = useId();
  const groupName = useId();
  const create = useCreateReplacementRequest();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(undefined);
    const text = note.trim();
    if (!reportable && text === "") {
      setNoteError(
        t({ id: "accounts.report.note-needed", message: "Tell us what is wrong with this account" }),
      );
      noteRef.current?.focus();
      return;
    }
    setNoteError(undefined);
    create.mutate(
      { accountId: account.id, kind, wish, note: text },
      {
        onSuccess: () => {
          toast({
            title: t({ id: "accounts.report.sent", message: "Problem reported" }),
            description: t({
              id: "accounts.report.sent-text",
              message: `Your request for ${name} is with the operator. Follow it on the Requests page.`,
            }),
          });
          onClose(true);
        },
        onError: (failure) => {
          const message = failureText(
            failure,
            t({ id: "accounts.report.failed", message: "The report could not be sent" }),
          );
          if (failure instanceof ApiError && failure.status === 400 && /note/i.test(message)) {
            setNoteError(message);
            noteRef.current?.focus();
          } else {
            setFormError(message);
          }
        },
      },
    );
  };

  const max = NOTE_MAX;
  const status = account.status;
  const hint: ReactNode = reportable
    ? t({
        id: "accounts.report.note-hint-optional",
        message: `Optional. Anything the operator should know (at most ${max} characters).`,
      })
    : t({
        id: "accounts.report.note-hint-required",
        message: `Required: the account's status (${status}) does not say what is wrong. At most ${max} characters.`,
      });

  return (
    <AlertDialog open onOpenChange={(open) => (open || create.isPending ? undefined : onClose(false))}>
      <AlertDialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <form
          onSubmit={submit}
          className="grid gap-5"
          noValidate
          aria-describedby={formError ? formErrorId : undefined}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>
              {t({ id: "accounts.report.title", message: "Report a problem" })}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {t({
                id: "accounts.report.description",
                message: `With ${name} (${status}). The operator looks at it; the Requests page shows what they do.`,
              })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <RadioChoices
            legend={t({ id: "accounts.report.kind", message: "What is wrong?" })}
            name={`${groupName}-kind`}
            values={KINDS}
            labels={REQUEST_KIND_LABELS}
            value={kind}
            onChange={setKind}
          />
          <RadioChoices
            legend={t({ id: "accounts.report.wish", message: "What would you like?" })}
            name={`${groupName}-wish`}
            values={WISHES}
            labels={REQUEST_WISH_LABELS}
            value={wish}
            onChange={setWish}
          />
          <div className="grid gap-2">
            <label htmlFor={noteId} className="text-sm leading-none font-medium">
              {reportable
                ? t({ id: "accounts.report.note-optional", message: "Note (optional)" })
                : t({ id: "accounts.report.note", message: "Note" })}
            </label>
            <textarea
              id={noteId}
              ref={noteRef}
              rows={3}
              maxLength={NOTE_MAX}
              required={!reportable}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={noteError ? `${noteId}-error ${noteId}-hint` : `${noteId}-hint`}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              className={cn(
                "w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground md:text-sm dark:bg-input/30",
                "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
                "aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:border-red-400",
              )}
            />
            {noteError ? (
              <p id={`${noteId}-error`} className={ERROR_CLASS}>
                {noteError}
              </p>
            ) : null}
            <p id={`${noteId}-hint`} className="text-xs text-muted-foreground">
              {hint}
            </p>
          </div>
          {formError ? (
            <p id={formErrorId} role="alert" className={ERROR_CLASS}>
              {formError}
            </p>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={create.isPending}>
              {t({ id: "accounts.report.cancel", message: "Cancel" })}
            </AlertDialogCancel>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? (
                <Spinner
                  label={t({ id: "accounts.report.sending", message: "Sending the report" })}
                  className="size-4"
                />
              ) : null}
              {t({ id: "accounts.report.send", message: "Send report" })}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
