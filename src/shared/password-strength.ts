/**
 * How strong a password is, judged once for both sides: the strength meter under every new-password
 * field and the server, which refuses what the meter calls weak. zxcvbn-ts estimates how many guesses
 * an attacker needs, with the common-password list and keyboard layouts of its common language
 * package, and with the user's own name, username and email as words an attacker would try first.
 */

import type { MessageDescriptor } from "@lingui/core";

/** What says a catalogue message in a language: Lingui's `i18n` (the browser's, or the server's for one). */
type Translator = { _(descriptor: MessageDescriptor): string };

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** The lowest score the meter calls acceptable ("Fair"); anything below is "Weak" and refused. */
export const STRONG_ENOUGH_SCORE: PasswordScore = 3;

export interface PasswordStrength {
  /** zxcvbn's score: 0 and 1 fall within 10^6 guesses, 2 within 10^8, 3 within 10^10, 4 beyond. */
  score: PasswordScore;
  /** Filled bars of the meter's four: none for an empty password, at least one otherwise. */
  bars: 0 | 1 | 2 | 3 | 4;
  colour: "red" | "yellow" | "green";
  /** In English; `PASSWORD_STRENGTH_LABELS` has it in the catalogues. */
  label: "Weak" | "Fair" | "Strong";
  acceptable: boolean;
  /**
   * For a weak password: what the meter says under it and the server answers, in English (the
   * reason's key is `warning`, for `weakPasswordMessage` to say it in another language). Otherwise null.
   */
  message: string | null;
  /** zxcvbn's reason for a weak password (a key of its feedback: "userInputs"), or null. */
  warning: string | null;
}

/**
 * The strength in words, as catalogue messages (decision 051): src/shared is not run through Lingui's
 * macros, so these are plain descriptors that the extractor finds by the `i18n` comment before each,
 * and the code that shows one translates it (`i18n._(PASSWORD_STRENGTH_LABELS[strength.label])`).
 */
export const PASSWORD_STRENGTH_LABELS: Record<PasswordStrength["label"], MessageDescriptor> = {
  Weak: /*i18n*/ { id: "password-strength.label.weak", message: "Weak" },
  Fair: /*i18n*/ { id: "password-strength.label.fair", message: "Fair" },
  Strong: /*i18n*/ { id: "password-strength.label.strong", message: "Strong" },
};

export type PasswordEstimator = (password: string, userInputs?: readonly string[]) => PasswordStrength;

// The reason zxcvbn gives, in the portal's words (the core package ships only keys, and English
// alone is ~100 KB of dictionaries we do not otherwise need).
const MOST_USED = /*i18n*/ {
  id: "password-strength.reason.most-used",
  message: "it is one of the most used passwords",
};
const COMMON = /*i18n*/ { id: "password-strength.reason.common", message: "it is a commonly used password" };
const REASONS: Record<string, { id: string; message: string }> = {
  topTen: MOST_USED,
  topHundred: MOST_USED,
  common: COMMON,
  similarToCommon: /*i18n*/ {
    id: "password-strength.reason.similar-to-common",
    message: "it is very like a commonly used password",
  },
  pwned: COMMON,
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

const WEAK = /*i18n*/ {
  id: "password-strength.weak",
  message: "This password is too easy to guess. Add another word or two that are not common.",
};
const WEAK_BECAUSE = /*i18n*/ {
  id: "password-strength.weak-because",
  message: "This password is too easy to guess: {reason}. Add another word or two that are not common.",
};

/** A message's English text with its values in place, for a caller that speaks no other language. */
function english({ message = "", values = {} }: MessageDescriptor): string {
  return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

/**
 * The meter's words for a weak password as a catalogue message, its reason a message in its values:
 * what the server answers, said in the answer's language (server/i18n/message.ts).
 */
export function weakPasswordWords(warning: string | null | undefined): {
  id: string;
  message: string;
  values?: { reason: { id: string; message: string } };
} {
  const reason = warning ? REASONS[warning] : undefined;
  return reason ? { ...WEAK_BECAUSE, values: { reason } } : WEAK;
}

/**
 * The meter's words for a weak password: in English, or in the language of `i18n` (the browser's
 * instance, the server's translator for the customer's language).
 */
export function weakPasswordMessage(warning: string | null | undefined, i18n?: Translator): string {
  const say = (descriptor: MessageDescriptor) => (i18n ? i18n._(descriptor) : english(descriptor));
  const reason = warning ? REASONS[warning] : undefined;
  return reason ? say({ ...WEAK_BECAUSE, values: { reason: say(reason) } }) : say(WEAK);
}

/**
 * The user's details as zxcvbn's dictionary words: each whole, and each word in it ("Dana Smith",
 * "dana", "smith"; "dana.smith@example.test", "dana", "smith", "example"), so a password built from
 * one's own name counts as guessed early.
 */
export function userDictionaryWords(userInputs: readonly string[]): string[] {
  const words = new Set<string>();
  for (const input of userInputs) {
    const whole = input.trim().toLowerCase();
    if (!whole) continue;
    words.add(whole);
    for (const part of whole.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

function describeScore(score: PasswordScore, empty: boolean, warning?: string | null): PasswordStrength {
  const acceptable = !empty && score >= STRONG_ENOUGH_SCORE;
  const colour = score < STRONG_ENOUGH_SCORE ? "red" : score === 3 ? "yellow" : "green";
  return {
    score,
    bars: empty ? 0 : (Math.max(1, score) as 1 | 2 | 3 | 4),
    colour,
    label: colour === "red" ? "Weak" : colour === "yellow" ? "Fair" : "Strong",
    acceptable,
    message: empty || acceptable ? null : weakPasswordMessage(warning),
    warning: empty || acceptable ? null : (warning ?? null),
  };
}

// CommonJS packages: their exports are the import's `default` in Node and in the bundled server.
const interop = <T extends object>(loaded: T): T =>
  ("default" in loaded ? (loaded as { default: T }).default : loaded) as T;

let loading: Promise<PasswordEstimator> | undefined;

/**
 * Loads the estimator: the dictionaries are several hundred KB, so they come with the first password
 * that needs judging (the browser's register page, the server's first new password), not before.
 */
export function loadPasswordEstimator(): Promise<PasswordEstimator> {
  loading ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]).then(
    ([coreModule, commonModule]) => {
      const { ZxcvbnFactory } = interop(coreModule);
      const common = interop(commonModule);
      const zxcvbn = new ZxcvbnFactory({
        dictionary: common.dictionary,
        graphs: common.adjacencyGraphs,
        // Catches near misses of common passwords ("Pasword123!"), not only l33t and case changes.
        useLevenshteinDistance: true,
      });
      return (password, userInputs = []) => {
        if (password === "") return describeScore(0, true);
        const result = zxcvbn.check(password, userDictionaryWords(userInputs));
        return describeScore(result.score, false, result.feedback.warning);
      };
    },
    (error: unknown) => {
      // A failed download (the browser went offline) is tried again by the next caller.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
