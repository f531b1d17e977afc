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
import { formatCount } from "../../../lib/format";

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
          <AlertDialogTitle>Export passwords in plain text?</AlertDialogTitle>
          <AlertDialogDescription>
            {`The file will contain passwords in plain text, with the proxy passwords and 2FA recovery codes of ${formatCount(count)} ${count === 1 ? "account" : "accounts"}. Anyone who opens it can sign in to them: keep it somewhere safe and delete it when you are done.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Export with passwords</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
