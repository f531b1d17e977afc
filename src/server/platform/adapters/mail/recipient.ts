import { plainAddress } from "../../../../shared/api/outside-identity";

/**
 * Refuses a recipient that is not one plain address before any mail goes out (decision 068): a line
 * break, a second address or a display name in a stored email never becomes a header or a copy to
 * someone else, whatever wrote it.
 */
export function checkedRecipient(to: string): string {
  if (plainAddress(to) !== to) throw new Error("The recipient is not one plain email address");
  return to;
}
