import { failureText } from "../../../lib/api-error";
import { toast } from "../../../lib/use-toast";

/**
 * Says why a secret could not be fetched: `title` is the caller's ("Could not show the password"), the
 * description the server's words (a 429 says when to try again), else a hint.
 */
export function toastRevealFailure(title: string, error: unknown): void {
  toast({ variant: "destructive", title, description: failureText(error) });
}
