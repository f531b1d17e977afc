/** Password hashing (argon2id with OWASP's parameters) and the refusal of weak passwords. */
import { hash, verify } from "@node-rs/argon2";
import { loadPasswordEstimator, weakPasswordMessage } from "../../../shared/password-strength";
import { badRequest } from "../../http/errors";
import { fieldError, type ServerMessage, verbatim } from "../../i18n/message";

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
 * zxcvbn's reasons in the portal's words, by zxcvbn's key, as src/shared/password-strength.ts words
 * them for the meter: the server says them in the answer's language.
 */
const WEAK_REASONS: Record<string, ServerMessage> = {
  topTen: /*i18n*/ {
    id: "password-strength.reason.most-used",
    message: "it is one of the most used passwords",
  },
  topHundred: /*i18n*/ {
    id: "password-strength.reason.most-used",
    message: "it is one of the most used passwords",
  },
  common: /*i18n*/ { id: "password-strength.reason.common", message: "it is a commonly used password" },
  similarToCommon: /*i18n*/ {
    id: "password-strength.reason.similar-to-common",
    message: "it is very like a commonly used password",
  },
  pwned: /*i18n*/ { id: "password-strength.reason.common", message: "it is a commonly used password" },
  userInputs: /*i18n*/ {
    id: "password-strength.reason.user-inputs",
    message: "it contains your name, username or email",
  },
  wordByItself: /*i18n*/ {
    id: "password-strength.reason.single-word",
    message: "a single word is easy to guess",
  },
  namesByThemselves: /*i18n*/ { id: "password-strength.reason.names", message: "names are easy to guess" },
  commonNames: /*i18n*/ {
    id: "password-strength.reason.common-names",
    message: "common names are easy to guess",
  },
  straightRow: /*i18n*/ { id: "password-strength.reason.rows", message: "rows of keys are easy to guess" },
  keyPattern: /*i18n*/ {
    id: "password-strength.reason.key-pattern",
    message: "keyboard patterns are easy to guess",
  },
  simpleRepeat: /*i18n*/ {
    id: "password-strength.reason.simple-repeat",
    message: 'repeats like "aaa" are easy to guess',
  },
  extendedRepeat: /*i18n*/ {
    id: "password-strength.reason.extended-repeat",
    message: 'repeats like "abcabc" are easy to guess',
  },
  sequences: /*i18n*/ {
    id: "password-strength.reason.sequences",
    message: 'sequences like "abc" or "123" are easy to guess',
  },
  recentYears: /*i18n*/ {
    id: "password-strength.reason.recent-years",
    message: "recent years are easy to guess",
  },
  dates: /*i18n*/ { id: "password-strength.reason.dates", message: "dates are easy to guess" },
};

/** The meter's words for a weak password as a message of the server's catalogue. */
export function weakPasswordText(english: string): ServerMessage {
  if (english === weakPasswordMessage(null)) {
    return /*i18n*/ {
      id: "password-strength.weak",
      message: "This password is too easy to guess. Add another word or two that are not common.",
    };
  }
  for (const [warning, reason] of Object.entries(WEAK_REASONS)) {
    if (english === weakPasswordMessage(warning)) {
      return /*i18n*/ {
        id: "password-strength.weak-because",
        message: "This password is too easy to guess: {reason}. Add another word or two that are not common.",
        values: { reason },
      };
    }
  }
  return verbatim(english);
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
    throw badRequest(fieldError(field, weakPasswordText(strength.message ?? weakPasswordMessage(null))));
  }
}
