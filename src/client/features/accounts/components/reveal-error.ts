import { ApiError } from "../../../lib/api-client";
import { serverErrorText } from "../../../lib/api-error";
import { toast } from "../../../lib/use-toast";

/** Says why a secret could not be fetched: the server's words (a 429 says when to try again), else a hint. */
export function toastRevealFailure(what: string, error: unknown): void {
  const text =
    serverErrorText(error) ??
    (error instanceof ApiError
      ? `The server answered ${error.status}.`
      : "Check your connection and try again.");
  toast({ variant: "destructive", title: `Could not show the ${what}`, description: text });
}
