import { cn } from "../lib/utils";
import { RetryButton } from "./retry-button";

/** The panel in place of something that could not be loaded: what failed, and Try again. */
export function LoadFailed({
  message,
  onRetry,
  retrying = false,
  className,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-wrap items-center gap-2 text-sm", className)}>
      <p className="text-destructive dark:text-red-300">{message}</p>
      <RetryButton onRetry={onRetry} retrying={retrying} />
    </div>
  );
}
