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
      toastRevealFailure("recovery codes", error);
    }
  };

  return (
    <div className="space-y-3">
      <p className="text-sm">{`${count} recovery ${count === 1 ? "code" : "codes"}`}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-expanded={codes !== null}
          aria-busy={reveal.isPending || undefined}
          onClick={() => void toggle()}
        >
          {codes === null ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
          {codes === null ? "Show recovery codes" : "Hide recovery codes"}
        </Button>
        {codes !== null && codes.length > 0 ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Copy all recovery codes of ${accountName}`}
            onClick={() => void copyToClipboard(codes.join("\n"), "Recovery codes")}
          >
            Copy all
          </Button>
        ) : null}
      </div>
      {codes !== null ? (
        <ul aria-label="Recovery codes" className="flex flex-wrap gap-2 font-mono text-sm">
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
