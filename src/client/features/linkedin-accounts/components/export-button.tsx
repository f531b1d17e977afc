import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Download, LoaderCircle } from "lucide-react";
import { lazy, Suspense, useId, useRef, useState } from "react";
import type { ExportedSecrets, LinkedinAccount } from "../../../../shared/api/linkedin-accounts";
import { Button } from "../../../components/ui/button";
import { failureText } from "../../../lib/api-error";
import { downloadFile } from "../../../lib/download";
import { i18n } from "../../../lib/i18n/i18n";
import { toast } from "../../../lib/use-toast";
import { useExportSecrets } from "../api/export-secrets";
import { ACCOUNTS_CSV_FILENAME, accountsCsv } from "./accounts-csv";

/**
 * The confirmation, with Radix AlertDialog, is not part of the screen's first load (decision 013):
 * it is fetched once passwords are asked for, and a press before it is in opens it when it is.
 */
const loadConfirmDialog = () => import("./export-confirm-dialog");
const ExportConfirmDialog = lazy(() =>
  loadConfirmDialog().then((module) => ({ default: module.ExportConfirmDialog })),
);

function save(accounts: readonly LinkedinAccount[], secrets?: ExportedSecrets) {
  downloadFile(ACCOUNTS_CSV_FILENAME, accountsCsv(accounts, secrets), "text/csv;charset=utf-8");
  const count = accounts.length;
  toast({
    title: i18n._(msg({ id: "accounts.export.done", message: "CSV exported" })),
    description: secrets
      ? i18n._(
          msg({
            id: "accounts.export.done-with-secrets",
            message: plural(count, {
              one: "# account, with passwords and recovery codes.",
              other: "# accounts, with passwords and recovery codes.",
            }),
          }),
        )
      : i18n._(
          msg({
            id: "accounts.export.done-without-secrets",
            message: plural(count, {
              one: "# account, without passwords.",
              other: "# accounts, without passwords.",
            }),
          }),
        ),
  });
}

/**
 * Exports the filtered accounts (every page) as CSV. Secrets are left out unless asked for, and
 * then only after a confirmation, since the file holds them in plain text.
 */
export function ExportButton({ uid, accounts }: { uid: string; accounts: readonly LinkedinAccount[] }) {
  const { t } = useLingui();
  const checkboxId = useId();
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [confirmAsked, setConfirmAsked] = useState(false);
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
            title: t({ id: "accounts.export.failed", message: "Export Failed" }),
            description: failureText(
              error,
              t({ id: "accounts.export.failed-text", message: "The passwords could not be fetched" }),
            ),
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
          onChange={(event) => {
            setIncludeSecrets(event.target.checked);
            if (event.target.checked) loadConfirmDialog().catch(() => {});
          }}
        />
        <label htmlFor={checkboxId} className="text-sm">
          {t({ id: "accounts.export.include-secrets", message: "Include passwords and recovery codes" })}
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
          if (includeSecrets) {
            setConfirmAsked(true);
            setConfirming(true);
          } else save(accounts);
        }}
      >
        {exportSecrets.isPending ? (
          <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
        ) : (
          <Download aria-hidden="true" />
        )}
        {t({ id: "accounts.export.button", message: "Export CSV" })}
      </Button>
      {confirmAsked ? (
        <Suspense fallback={null}>
          <ExportConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            count={accounts.length}
            onConfirm={exportWithSecrets}
            returnFocusTo={buttonRef}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
