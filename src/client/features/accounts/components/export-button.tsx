import { Download, LoaderCircle } from "lucide-react";
import { useId, useRef, useState } from "react";
import type { ExportedSecrets, LinkedinAccount } from "../../../../shared/api/linkedin-accounts";
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
import { Button } from "../../../components/ui/button";
import { failureText } from "../../../lib/api-error";
import { downloadFile } from "../../../lib/download";
import { formatCount } from "../../../lib/format";
import { toast } from "../../../lib/use-toast";
import { useExportSecrets } from "../api/export-secrets";
import { ACCOUNTS_CSV_FILENAME, accountsCsv } from "./accounts-csv";

function save(accounts: readonly LinkedinAccount[], secrets?: ExportedSecrets) {
  downloadFile(ACCOUNTS_CSV_FILENAME, accountsCsv(accounts, secrets), "text/csv;charset=utf-8");
  const rows = `${formatCount(accounts.length)} ${accounts.length === 1 ? "account" : "accounts"}`;
  toast({
    title: "CSV exported",
    description: secrets ? `${rows}, with passwords and recovery codes.` : `${rows}, without passwords.`,
  });
}

/**
 * Exports the filtered accounts (every page) as CSV. Secrets are left out unless asked for, and
 * then only after a confirmation, since the file holds them in plain text.
 */
export function ExportButton({ uid, accounts }: { uid: string; accounts: readonly LinkedinAccount[] }) {
  const checkboxId = useId();
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const exportSecrets = useExportSecrets(uid);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const exportWithSecrets = () => {
    exportSecrets.mutate(
      accounts.map((account) => account.id),
      {
        onSuccess: (secrets) => save(accounts, secrets),
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Export Failed",
            description: failureText(error, "The passwords could not be fetched"),
          }),
      },
    );
  };

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <div className="flex items-center gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          className="size-4 accent-primary"
          checked={includeSecrets}
          onChange={(event) => setIncludeSecrets(event.target.checked)}
        />
        <label htmlFor={checkboxId} className="text-sm">
          Include passwords and recovery codes
        </label>
      </div>
      <Button
        ref={buttonRef}
        variant="outline"
        disabled={accounts.length === 0}
        // Stays focusable while the passwords are fetched, so focus is not lost when the dialog closes.
        aria-disabled={exportSecrets.isPending || undefined}
        onClick={() => {
          if (exportSecrets.isPending) return;
          if (includeSecrets) setConfirming(true);
          else save(accounts);
        }}
      >
        {exportSecrets.isPending ? (
          <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
        ) : (
          <Download aria-hidden="true" />
        )}
        Export CSV
      </Button>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent
          // The dialog has no trigger of its own: focus goes back to the button that opened it, however
          // it closes (Escape, Cancel or Export), rather than to the page's start.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            buttonRef.current?.focus();
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>Export passwords in plain text?</AlertDialogTitle>
            <AlertDialogDescription>
              {`The file will contain passwords in plain text, with the proxy passwords and 2FA recovery codes of ${formatCount(accounts.length)} ${accounts.length === 1 ? "account" : "accounts"}. Anyone who opens it can sign in to them: keep it somewhere safe and delete it when you are done.`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={exportWithSecrets}>Export with passwords</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
