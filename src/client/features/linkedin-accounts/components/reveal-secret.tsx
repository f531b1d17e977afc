import { useLingui } from "@lingui/react/macro";
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
  available,
}: {
  accountId: number;
  accountName: string;
  secret: "password" | "proxyPassword";
  /** Whether the account has this secret at all (the list says so without the value). */
  available: boolean;
}) {
  const { t } = useLingui();
  const reveal = useRevealSecret(accountId, secret);
  const [value, setValue] = useState<string | null>(null);

  if (!available) {
    return (
      <span className="text-muted-foreground">
        {t({ id: "accounts.secret.not-provided", message: "Not provided" })}
      </span>
    );
  }

  // Whole sentences for each secret, so that each language words them its own way.
  const words =
    secret === "password"
      ? {
          what: t({ id: "accounts.secret.password", message: "Password" }),
          hidden: t({ id: "accounts.secret.password.hidden", message: "Password hidden" }),
          show: t({ id: "accounts.secret.password.show", message: `Show password of ${accountName}` }),
          hide: t({ id: "accounts.secret.password.hide", message: `Hide password of ${accountName}` }),
          copy: t({ id: "accounts.secret.password.copy", message: `Copy password of ${accountName}` }),
          failed: t({ id: "accounts.secret.password.failed", message: "Could not show the password" }),
        }
      : {
          what: t({ id: "accounts.secret.proxy-password", message: "Proxy password" }),
          hidden: t({ id: "accounts.secret.proxy-password.hidden", message: "Proxy password hidden" }),
          show: t({
            id: "accounts.secret.proxy-password.show",
            message: `Show proxy password of ${accountName}`,
          }),
          hide: t({
            id: "accounts.secret.proxy-password.hide",
            message: `Hide proxy password of ${accountName}`,
          }),
          copy: t({
            id: "accounts.secret.proxy-password.copy",
            message: `Copy proxy password of ${accountName}`,
          }),
          failed: t({
            id: "accounts.secret.proxy-password.failed",
            message: "Could not show the proxy password",
          }),
        };

  const fetchValue = async (): Promise<string | null> => {
    try {
      const answer = await reveal.mutateAsync();
      return answer.value ?? "";
    } catch (error) {
      toastRevealFailure(words.failed, error);
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
  return (
    <span className="inline-flex items-center gap-1">
      {shown ? (
        <span className="font-mono text-sm break-all select-all">{value}</span>
      ) : (
        <span>
          <span aria-hidden="true" className="font-mono tracking-wider">
            {MASK}
          </span>
          <span className="sr-only">{words.hidden}</span>
        </span>
      )}
      <Button
        variant="ghost"
        size="icon"
        className="size-8 text-muted-foreground hover:text-foreground"
        aria-label={shown ? words.hide : words.show}
        aria-busy={reveal.isPending || undefined}
        onClick={() => void toggle()}
      >
        {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      </Button>
      <CopyButton label={words.copy} what={words.what} getText={() => value ?? fetchValue()} />
    </span>
  );
}
