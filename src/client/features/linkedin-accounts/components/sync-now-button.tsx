import { useLingui } from "@lingui/react/macro";
import { RefreshCw } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";

/**
 * Sync Now. While a sync runs (from here or from the empty state's Sync Accounts) it spins and
 * ignores presses, but stays focusable (aria-disabled rather than disabled) so a keyboard user keeps
 * their place; the result is announced by its toast.
 */
export function SyncNowButton({ syncing, onSync }: { syncing: boolean; onSync: () => void }) {
  const { t } = useLingui();
  return (
    <>
      <Button
        onClick={() => {
          if (!syncing) onSync();
        }}
        aria-disabled={syncing || undefined}
        className="aria-disabled:opacity-70"
      >
        <RefreshCw aria-hidden="true" className={cn(syncing && "animate-spin motion-reduce:animate-none")} />
        {t({ id: "accounts.sync.button", message: "Sync Now" })}
      </Button>
      <span role="status" className="sr-only">
        {syncing ? t({ id: "accounts.sync.running", message: "Syncing your LinkedIn accounts…" }) : ""}
      </span>
    </>
  );
}
