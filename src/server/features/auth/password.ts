/** Password hashing (argon2id with OWASP's parameters) and the refusal of weak passwords. */
import { hash, verify } from "@node-rs/argon2";
import { loadPasswordEstimator, weakPasswordWords } from "../../../shared/password-strength";
import { badRequest } from "../../http/errors";
import { fieldError } from "../../i18n/message";

// OWASP Password Storage Cheat Sheet: argon2id, 19 MiB of memory, 2 iterations, 1 degree of parallelism.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verifying against this when the account does not exist keeps the answer time the same either way.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword("no-such-account-placeholder");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/**
 * Refuses a new password that the strength meter calls weak, with the meter's own words on the
 * password field (400). `userInputs` are the user's name, username and email: a password made of
 * them is among an attacker's first guesses. Every route that sets a password calls this.
 */
export async function refuseWeakPassword(
  password: string,
  userInputs: readonly (string | null)[],
  field = "password",
): Promise<void> {
  const estimate = await loadPasswordEstimator();
  const strength = estimate(
    password,
    userInputs.filter((input): input is string => !!input),
  );
  if (!strength.acceptable) {
    throw badRequest(fieldError(field, weakPasswordWords(strength.warning)));
  }
}
