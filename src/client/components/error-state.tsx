import { CircleAlert } from "lucide-react";
import { failureText } from "../lib/api-error";
import { cn } from "../lib/utils";
import { RetryButton } from "./retry-button";
import { Alert, AlertDescription, AlertTitle } from "./ui/alert";

/**
 * What a screen shows in place of what it could not load, the same on every screen: a heading saying
 * what failed, the server's own message (see failureText), and Try again. Announced as it appears.
 */
export function ErrorState({
  title,
  error,
  note,
  onRetry,
  retrying = false,
}: {
  title: string;
  /** The failed call's error: its server message is shown. */
  error: unknown;
  /** A sentence before the server's message ("The list below may be out of date."). */
  note?: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <Alert variant="destructive" role="alert">
      <CircleAlert aria-hidden="true" />
      <AlertTitle className="line-clamp-none">
        <h2>{title}</h2>
      </AlertTitle>
      <AlertDescription>
        <p>{note ? `${note} ${failureText(error)}` : failureText(error)}</p>
        <RetryButton className="mt-1 text-foreground" onRetry={onRetry} retrying={retrying} />
      </AlertDescription>
    </Alert>
  );
}

/** The same inside one card of a screen whose other parts loaded: what failed, and Try again. */
export function InlineError({
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
