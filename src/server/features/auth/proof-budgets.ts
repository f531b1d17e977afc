/**
 * Whose wrong proofs hold whom back (decision 067): wrong codes at a sign-in's second step, and
 * wrong passwords or codes in a signed-in session (a fresh proof, Settings), count against the
 * pending sign-in or the session they were typed in, and then against the account's ceiling only
 * when the browser has never signed in to the account. The owner's own browser (its device cookie)
 * has a budget of its own instead, so a stranger who holds the password, or a stolen session, can
 * exhaust only their own attempts and the ceiling that strangers share, never the owner's.
 */
import type { RateRule } from "../../platform/http/rate-limiter";
import type { KnownDevice } from "./known-device";

const MINUTE = 60_000;

export const PROOF_LIMITS = {
  /** Wrong passwords or codes in one signed-in session. */
  perSession: { limit: 5, windowMs: 15 * MINUTE },
  /** Wrong codes or passwords from a browser that has signed in to the account before. */
  perKnownDevice: { limit: 10, windowMs: 15 * MINUTE },
  /** Wrong codes or passwords at an account from every browser that has not, together. */
  perAccountCeiling: { limit: 10, windowMs: 15 * MINUTE },
} as const;

/** Where a proof is typed: a sign-in's second step (its own row counts its 5) or a session. */
export type ProofPlace = { kind: "second-step" } | { kind: "session"; sessionId: number };

/** The rules a wrong proof by `userId` counts against, typed at `place` from `device`'s browser. */
export function proofBudgets(userId: number, place: ProofPlace, device: KnownDevice | null): RateRule[] {
  const scope: RateRule[] =
    place.kind === "session"
      ? [{ key: `proofs-session:${place.sessionId}`, ...PROOF_LIMITS.perSession }]
      : [];
  const wider: RateRule =
    device?.userId === userId
      ? { key: `proofs-device:${device.nonce}`, ...PROOF_LIMITS.perKnownDevice }
      : { key: `proofs-account:${userId}`, ...PROOF_LIMITS.perAccountCeiling };
  return [...scope, wider];
}
