import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { RefObject } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../../components/ui/alert-dialog";

/** Asks before an export writes passwords in plain text. */
export function ExportConfirmDialog({
  open,
  onOpenChange,
  count,
  onConfirm,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How many accounts the file will hold. */
  count: number;
  onConfirm: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useLingui();
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent
        // The dialog has no trigger of its own: focus goes back to the button that opened it, however
        // it closes (Escape, Cancel or Export), rather than to the page's start.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>
            {t({ id: "accounts.export.confirm.title", message: "Export passwords in plain text?" })}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {t({
              id: "accounts.export.confirm.text",
              message: plural(count, {
                one: "The file will contain passwords in plain text, with the proxy passwords and 2FA recovery codes of # account. Anyone who opens it can sign in to them: keep it somewhere safe and delete it when you are done.",
                other:
                  "The file will contain passwords in plain text, with the proxy passwords and 2FA recovery codes of # accounts. Anyone who opens it can sign in to them: keep it somewhere safe and delete it when you are done.",
              }),
            })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>
            {t({ id: "accounts.export.confirm.cancel", message: "Cancel" })}
          </AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>
            {t({ id: "accounts.export.confirm.export", message: "Export with passwords" })}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
