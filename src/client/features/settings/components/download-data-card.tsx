import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Download, LoaderCircle } from "lucide-react";
import { useId, useState } from "react";
import { InlineError } from "../../../components/error-state";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { ApiError } from "../../../lib/api-client";
import { failureText } from "../../../lib/api-error";
import { asksForFreshProof } from "../../../lib/fresh-proof";
import { useDownloadMyData } from "../api/download-my-data";

/** Why the download did not happen, in the card's words. */
function downloadFailure(i18n: I18n, error: unknown): string {
  // The proof dialog was cancelled: nothing went wrong, the download simply waits for it.
  if (error instanceof ApiError && asksForFreshProof(error.status, error.body)) {
    return i18n._(
      msg({
        id: "settings.my-data.not-proven",
        message: "Your passwords and 2FA secrets are only included once you confirm it's you.",
      }),
    );
  }
  return failureText(
    error,
    i18n._(msg({ id: "settings.my-data.download-failed", message: "Your data could not be downloaded" })),
  );
}

/**
 * "Download my data": one ZIP of everything the portal holds about the customer, and,
 * when ticked, their accounts' passwords and 2FA secrets, after a fresh proof the app asks for.
 */
export function DownloadDataCard() {
  const { t, i18n } = useLingui();
  const checkboxId = useId();
  const hintId = useId();
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const download = useDownloadMyData();
  const start = (withSecrets: boolean) => {
    if (!download.isPending) download.mutate(withSecrets);
  };

  const title = t({ id: "settings.my-data.title", message: "Download my data" });
  const filename = download.data;

  return (
    <Card role="region" aria-label={title}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>
          {t({
            id: "settings.my-data.description",
            message:
              "One ZIP file of everything the portal holds about you: your profile, how you sign in, your sessions, LinkedIn accounts, orders, transactions, plans, optimization requests and your account's security record, each as a JSON file, with a README that explains every field.",
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-start gap-2">
          <input
            id={checkboxId}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            aria-describedby={hintId}
            checked={includeSecrets}
            onChange={(event) => setIncludeSecrets(event.target.checked)}
          />
          <div className="grid gap-1">
            <label htmlFor={checkboxId} className="text-sm font-medium leading-5">
              {t({
                id: "settings.my-data.include-secrets",
                message: "Include my accounts' passwords and 2FA secrets",
              })}
            </label>
            <p id={hintId} className="text-sm text-muted-foreground">
              {t({
                id: "settings.my-data.include-secrets-hint",
                message:
                  "You will be asked to confirm it's you. Anyone with the file can sign in to those accounts, so keep it safe.",
              })}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button
            // Stays focusable while the file is prepared, so focus is not lost.
            aria-disabled={download.isPending || undefined}
            onClick={() => start(includeSecrets)}
          >
            {download.isPending ? (
              <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
            ) : (
              <Download aria-hidden="true" />
            )}
            {t({ id: "settings.my-data.download", message: "Download" })}
          </Button>
          <p role="status" className="text-sm text-muted-foreground">
            {download.isPending
              ? t({ id: "settings.my-data.preparing", message: "Preparing your download…" })
              : download.isSuccess
                ? t({ id: "settings.my-data.downloaded", message: `Downloaded ${filename}.` })
                : null}
          </p>
        </div>
        {download.isError ? (
          <InlineError
            message={downloadFailure(i18n, download.error)}
            onRetry={() => start(download.variables ?? includeSecrets)}
            retrying={download.isPending}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
