import { CircleAlert } from "lucide-react";
import { cn } from "../lib/utils";
import { RetryButton } from "./retry-button";
import { Alert, AlertDescription, AlertTitle } from "./ui/alert";

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

/**
 * The same for what a whole screen shows, announced as it appears: a title saying what could not be
 * loaded, why (see failureText), and Try again.
 */
export function LoadFailedAlert({
  title,
  detail,
  onRetry,
  retrying = false,
}: {
  title: string;
  detail?: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <Alert variant="destructive" role="alert">
      <CircleAlert aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        {detail ? <p>{detail}</p> : null}
        <RetryButton className="mt-1 text-foreground" onRetry={onRetry} retrying={retrying} />
      </AlertDescription>
    </Alert>
  );
}
