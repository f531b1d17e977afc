import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { KeyRound } from "lucide-react";
import { useEffect, useState } from "react";
import { InlineError } from "../../../components/error-state";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { i18n } from "../../../lib/i18n/i18n";
import { useLoginCode } from "../api/get-login-code";
import { CopyButton } from "./copy-button";
import { toastRevealFailure } from "./reveal-error";

/** The current time, updated every second while mounted: drives the countdown. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const interval = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(interval);
  }, []);
  return now;
}

/**
 * The live 2FA login code of an account whose secret is stored: hidden until asked for, then shown
 * with the seconds it has left; the next code is fetched when it expires.
 */
export function LoginCode({ accountId, accountName }: { accountId: number; accountName: string }) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  return (
    <div className="space-y-2">
      <Button variant="outline" size="sm" aria-expanded={shown} onClick={() => setShown((value) => !value)}>
        <KeyRound aria-hidden="true" />
        {shown
          ? t({ id: "accounts.login-code.hide", message: "Hide login code" })
          : t({ id: "accounts.login-code.show", message: "Show login code" })}
      </Button>
      {/* Mounted only while shown: unmounting stops the refresh and the countdown. */}
      {shown ? <LiveCode accountId={accountId} accountName={accountName} /> : null}
    </div>
  );
}

function LiveCode({ accountId, accountName }: { accountId: number; accountName: string }) {
  const { t } = useLingui();
  const code = useLoginCode(accountId);
  const now = useNow();

  useEffect(() => {
    if (code.error) {
      toastRevealFailure(
        i18n._(msg({ id: "accounts.login-code.failed", message: "Could not show the login code" })),
        code.error,
      );
    }
  }, [code.error]);

  if (code.isPending) {
    return (
      <Spinner
        label={t({ id: "accounts.login-code.fetching", message: "Fetching the login code" })}
        className="size-5"
      />
    );
  }
  if (code.isError && !code.data) {
    return (
      <InlineError
        message={t({ id: "accounts.login-code.error", message: "The login code could not be fetched." })}
        onRetry={() => void code.refetch()}
        retrying={code.isFetching}
      />
    );
  }

  const { code: digits, secondsLeft, period } = code.data;
  const expiresAt = code.dataUpdatedAt + secondsLeft * 1000;
  // The ticking clock may be a moment older than the code just received: never count from before it.
  const left = Math.min(
    secondsLeft,
    Math.max(0, Math.ceil((expiresAt - Math.max(now, code.dataUpdatedAt)) / 1000)),
  );
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="rounded-md border bg-muted/40 px-3 py-1 font-mono text-lg font-semibold tracking-[0.2em] tabular-nums">
        <span className="sr-only">{`${t({ id: "accounts.login-code.label", message: "Login code" })} `}</span>
        {digits}
      </span>
      <CopyButton
        label={t({ id: "accounts.login-code.copy", message: `Copy login code of ${accountName}` })}
        what={t({ id: "accounts.login-code.label", message: "Login code" })}
        getText={() => digits}
      />
      <span className="flex items-center gap-2 text-sm text-muted-foreground">
        <span
          aria-hidden="true"
          className="relative h-1.5 w-16 overflow-hidden rounded-full bg-muted"
          title={t({ id: "accounts.login-code.left", message: `${left} of ${period} seconds left` })}
        >
          <span
            className="absolute inset-y-0 left-0 bg-primary transition-[width] duration-1000 ease-linear motion-reduce:transition-none"
            style={{ width: `${(left / period) * 100}%` }}
          />
        </span>
        {/* Not a live region: announcing every second would drown everything else out. */}
        <span className="tabular-nums">
          {t({ id: "accounts.login-code.expires", message: `Expires in ${left} s` })}
        </span>
      </span>
    </div>
  );
}
