import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { useRevealSecret } from "../api/reveal-secret";
import { CopyButton } from "./copy-button";
import { toastRevealFailure } from "./reveal-error";

const MASK = "••••••••";

/**
 * A password or proxy password: masked, with a toggle that fetches it on demand (decision D7) and a
 * copy button. Hiding it forgets the value, so showing it again is a new, recorded reveal.
 */
export function RevealSecret({
  accountId,
  accountName,
  secret,
  what,
  available,
}: {
  accountId: number;
  accountName: string;
  secret: "password" | "proxyPassword";
  /** Lower-case words for labels and toasts: "password", "proxy password". */
  what: string;
  /** Whether the account has this secret at all (the list says so without the value). */
  available: boolean;
}) {
  const reveal = useRevealSecret(accountId, secret);
  const [value, setValue] = useState<string | null>(null);

  if (!available) return <span className="text-muted-foreground">Not provided</span>;

  const fetchValue = async (): Promise<string | null> => {
    try {
      const answer = await reveal.mutateAsync();
      return answer.value ?? "";
    } catch (error) {
      toastRevealFailure(what, error);
      return null;
    }
  };

  const toggle = async () => {
    if (value !== null) {
      setValue(null);
      return;
    }
    if (!reveal.isPending) setValue(await fetchValue());
  };

  const shown = value !== null;
  const What = what.charAt(0).toUpperCase() + what.slice(1);
  return (
    <span className="inline-flex items-center gap-1">
      {shown ? (
        <span className="font-mono text-sm break-all select-all">{value}</span>
      ) : (
        <span>
          <span aria-hidden="true" className="font-mono tracking-wider">
            {MASK}
          </span>
          <span className="sr-only">{`${What} hidden`}</span>
        </span>
      )}
      <Button
        variant="ghost"
        size="icon"
        className="size-8 text-muted-foreground hover:text-foreground"
        aria-label={`${shown ? "Hide" : "Show"} ${what} of ${accountName}`}
        aria-busy={reveal.isPending || undefined}
        onClick={() => void toggle()}
      >
        {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      </Button>
      <CopyButton
        label={`Copy ${what} of ${accountName}`}
        what={What}
        getText={() => value ?? fetchValue()}
      />
    </span>
  );
}
