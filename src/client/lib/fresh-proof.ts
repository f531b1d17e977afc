/**
 * The app's answer when the server wants a fresh proof before an action (a 403 with `stepUp: true`,
 * decision 023): the signed-in layout registers a handler that asks for the password, an
 * authenticator code or a passkey in a dialog, and `apiRequest` repeats the action once it is given.
 * Kept apart from the dialog so the first load carries only these few lines.
 */
/** `secondFactor`: the server wants the account's second factor (a code or a passkey), not a password. */
type ProofHandler = (secondFactor: boolean) => Promise<boolean>;

let handler: ProofHandler | null = null;
let pending: Promise<boolean> | null = null;

export function setFreshProofHandler(next: ProofHandler | null): void {
  handler = next;
}

/** Whether an answer asks for a fresh proof before the action can go through. */
export function asksForFreshProof(status: number, body: string): boolean {
  return status === 403 && /"stepUp"\s*:\s*true/.test(body);
}

/** Whether the proof asked for must be the second factor (`secondFactor: true`, decision 070). */
export function asksForSecondFactor(body: string): boolean {
  return /"secondFactor"\s*:\s*true/.test(body);
}

/** Asks for a proof (one dialog for any number of actions waiting at once); true once it is given. */
export function obtainFreshProof(secondFactor = false): Promise<boolean> {
  if (!handler) return Promise.resolve(false);
  pending ??= handler(secondFactor).finally(() => {
    pending = null;
  });
  return pending;
}
