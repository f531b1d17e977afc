import { useLingui } from "@lingui/react/macro";
import { RotateCw } from "lucide-react";
import { cn } from "../lib/utils";
import { Button } from "./ui/button";

/** "Try again" after a failed load; its icon turns while the retry runs. */
export function RetryButton({
  onRetry,
  retrying = false,
  className,
}: {
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <Button variant="outline" size="sm" className={className} onClick={onRetry} disabled={retrying}>
      <RotateCw aria-hidden="true" className={cn(retrying && "animate-spin motion-reduce:animate-none")} />
      {t({ id: "common.try-again", message: "Try again" })}
    </Button>
  );
}
