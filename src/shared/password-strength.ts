/**
 * How strong a password is, judged once for both sides: the strength meter under every new-password
 * field and the server, which refuses what the meter calls weak. zxcvbn-ts estimates how many guesses
 * an attacker needs, with the common-password list and keyboard layouts of its common language
 * package, and with the user's own name, username and email as words an attacker would try first.
 */

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** The lowest score the meter calls acceptable ("Fair"); anything below is "Weak" and refused. */
export const STRONG_ENOUGH_SCORE: PasswordScore = 3;

export interface PasswordStrength {
  /** zxcvbn's score: 0 and 1 fall within 10^6 guesses, 2 within 10^8, 3 within 10^10, 4 beyond. */
  score: PasswordScore;
  /** Filled bars of the meter's four: none for an empty password, at least one otherwise. */
  bars: 0 | 1 | 2 | 3 | 4;
  colour: "red" | "yellow" | "green";
  label: "Weak" | "Fair" | "Strong";
  acceptable: boolean;
  /** For a weak password: what the meter says under it and the server answers. Otherwise null. */
  message: string | null;
}

export type PasswordEstimator = (password: string, userInputs?: readonly string[]) => PasswordStrength;

// The reason zxcvbn gives, in the portal's words (the core package ships only keys, and English
// alone is ~100 KB of dictionaries we do not otherwise need).
const REASONS: Record<string, string> = {
  topTen: "it is one of the most used passwords",
  topHundred: "it is one of the most used passwords",
  common: "it is a commonly used password",
  similarToCommon: "it is very like a commonly used password",
  pwned: "it is a commonly used password",
  userInputs: "it contains your name, username or email",
  wordByItself: "a single word is easy to guess",
  namesByThemselves: "names are easy to guess",
  commonNames: "common names are easy to guess",
  straightRow: "rows of keys are easy to guess",
  keyPattern: "keyboard patterns are easy to guess",
  simpleRepeat: 'repeats like "aaa" are easy to guess',
  extendedRepeat: 'repeats like "abcabc" are easy to guess',
  sequences: 'sequences like "abc" or "123" are easy to guess',
  recentYears: "recent years are easy to guess",
  dates: "dates are easy to guess",
};

/** The meter's words for a weak password, and the server's answer when one is sent. */
export function weakPasswordMessage(warning: string | null | undefined): string {
  const reason = warning ? REASONS[warning] : undefined;
  return `This password is too easy to guess${reason ? `: ${reason}` : ""}. Add another word or two that are not common.`;
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
