import { failureText } from "../../../lib/api-error";
import { toast } from "../../../lib/use-toast";

/** Says why a secret could not be fetched: the server's words (a 429 says when to try again), else a hint. */
export function toastRevealFailure(what: string, error: unknown): void {
  toast({ variant: "destructive", title: `Could not show the ${what}`, description: failureText(error) });
}
