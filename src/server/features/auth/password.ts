/** Password hashing (argon2id with OWASP's parameters) and the refusal of weak passwords. */
import { loadPasswordEstimator, weakPasswordWords } from "../../../shared/password-strength";
import { badRequest } from "../../platform/http/errors";
import { fieldError } from "../../platform/i18n/message";

// OWASP Password Storage Cheat Sheet: argon2id, 19 MiB of memory, 2 iterations, 1 degree of parallelism.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// The native addon loads on first use rather than on the way to listening (decision 059).
let argon2: Promise<typeof import("@node-rs/argon2")> | undefined;
const loadArgon2 = () => {
  argon2 ??= import("@node-rs/argon2");
  return argon2;
};

export async function hashPassword(password: string): Promise<string> {
  const { hash } = await loadArgon2();
  return hash(password, ARGON2_OPTIONS);
}

// Verifying against this when the account does not exist keeps the answer time the same either way.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  const { verify } = await loadArgon2();
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
