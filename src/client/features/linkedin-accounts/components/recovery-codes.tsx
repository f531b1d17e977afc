import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { useRevealSecret } from "../api/reveal-secret";
import { copyToClipboard } from "./copy-button";
import { toastRevealFailure } from "./reveal-error";

/** The account's 2FA recovery codes: counted in the list, fetched and listed only on request. */
export function RecoveryCodes({
  accountId,
  accountName,
  count,
}: {
  accountId: number;
  accountName: string;
  count: number;
}) {
  const { t } = useLingui();
  const reveal = useRevealSecret(accountId, "recoveryCodes");
  const [codes, setCodes] = useState<string[] | null>(null);

  const toggle = async () => {
    if (codes !== null) {
      setCodes(null);
      return;
    }
    if (reveal.isPending) return;
    try {
      setCodes((await reveal.mutateAsync()).codes ?? []);
    } catch (error) {
      toastRevealFailure(
        t({ id: "accounts.recovery-codes.failed", message: "Could not show the recovery codes" }),
        error,
      );
    }
  };

  return (
    <div className="space-y-3">
      <p className="text-sm">
        {t({
          id: "accounts.recovery-codes.count",
          message: plural(count, { one: "# recovery code", other: "# recovery codes" }),
        })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-expanded={codes !== null}
          aria-busy={reveal.isPending || undefined}
          onClick={() => void toggle()}
        >
          {codes === null ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
          {codes === null
            ? t({ id: "accounts.recovery-codes.show", message: "Show recovery codes" })
            : t({ id: "accounts.recovery-codes.hide", message: "Hide recovery codes" })}
        </Button>
        {codes !== null && codes.length > 0 ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={t({
              id: "accounts.recovery-codes.copy-all-of",
              message: `Copy all recovery codes of ${accountName}`,
            })}
            onClick={() =>
              void copyToClipboard(
                codes.join("\n"),
                t({ id: "accounts.recovery-codes.label", message: "Recovery codes" }),
              )
            }
          >
            {t({ id: "accounts.recovery-codes.copy-all", message: "Copy all" })}
          </Button>
        ) : null}
      </div>
      {codes !== null ? (
        <ul
          aria-label={t({ id: "accounts.recovery-codes.label", message: "Recovery codes" })}
          className="flex flex-wrap gap-2 font-mono text-sm"
        >
          {codes.map((code, index) => (
            // Codes are not guaranteed unique; their position is.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is static while shown
            <li key={index} className="rounded-md border bg-muted/40 px-2 py-1 whitespace-nowrap select-all">
              {code}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
