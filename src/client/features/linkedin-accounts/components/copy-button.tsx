import { msg } from "@lingui/core/macro";
import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import { i18n } from "../../../lib/i18n/i18n";
import { toast } from "../../../lib/use-toast";
import { cn } from "../../../lib/utils";

const COPIED_ICON_MS = 1500;

/**
 * Puts text on the clipboard and says so in a toast. `what` names it in the toast ("Password"), in the
 * page's language.
 * Answers whether it worked: the clipboard can be refused (an insecure page, a denied permission).
 */
export async function copyToClipboard(text: string, what: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast({
      title: i18n._(msg({ id: "accounts.copy.done", message: "Copied" })),
      description: i18n._(
        msg({ id: "accounts.copy.done-text", message: `${what} copied to the clipboard.` }),
      ),
    });
    return true;
  } catch {
    toast({
      variant: "destructive",
      title: i18n._(msg({ id: "accounts.copy.failed", message: "Copy failed" })),
      description: i18n._(
        msg({
          id: "accounts.copy.failed-text",
          message: "Your browser did not allow copying. Select the text and copy it instead.",
        }),
      ),
    });
    return false;
  }
}

/**
 * An icon button that copies a value. `getText` may fetch it first (a secret not yet revealed) and
 * answers null when there is nothing to copy (the fetch failed and has said so).
 */
export function CopyButton({
  label,
  what,
  getText,
  className,
}: {
  /** The button's accessible name, e.g. "Copy email of Ana Berlin". */
  label: string;
  what: string;
  getText: () => string | null | Promise<string | null>;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timeout = setTimeout(() => setCopied(false), COPIED_ICON_MS);
    return () => clearTimeout(timeout);
  }, [copied]);

  const copy = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const text = await getText();
      if (text !== null && (await copyToClipboard(text, what))) setCopied(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      aria-busy={busy || undefined}
      onClick={() => void copy()}
      className={cn("size-8 text-muted-foreground hover:text-foreground", className)}
    >
      {copied ? <Check aria-hidden="true" className="text-success" /> : <Copy aria-hidden="true" />}
    </Button>
  );
}
