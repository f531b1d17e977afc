/**
 * The server's messages (decision 051): the texts src/shared/api shares with the browser are known
 * by their exact English words and translated; an error keeps its English text for the logs and says
 * itself in German on demand; counts in words keep their plural forms.
 */
import { describe, expect, it } from "vitest";
import { badRequest } from "../../../src/server/platform/http/errors";
import { RateLimitedError } from "../../../src/server/platform/http/rate-limiter";
import { english, fieldError, sayIn } from "../../../src/server/platform/i18n/message";
import {
  SHARED_TEXTS,
  sharedText,
  USERNAME_TAKEN,
  WRONG_CODE,
} from "../../../src/server/platform/i18n/shared-texts";
import { PASSWORD_MAX, PASSWORD_TOO_SHORT_MESSAGE } from "../../../src/shared/api/auth";
import { PASSKEY_NAME_MAX } from "../../../src/shared/api/passkeys";
import { VIEW_AS_REASON_MAX, VIEW_AS_REASON_MIN } from "../../../src/shared/api/view-as";
import { weakPasswordMessage, weakPasswordWords } from "../../../src/shared/password-strength";

describe("the texts shared with the browser", () => {
  it("say, in English, exactly the words they stand for, and have German of their own", () => {
    for (const [words, said] of SHARED_TEXTS) {
      expect(english(said), said.id).toBe(words);
      const german = sayIn("de", said);
      expect(german, said.id).not.toBe("");
      expect(german, said.id).not.toBe(said.id);
    }
  });

  it("match the texts built from the shared limits, and say them in German", () => {
    const built = [
      [PASSWORD_TOO_SHORT_MESSAGE, "Das Passwort muss mindestens 8 Zeichen lang sein"],
      [
        `Password must be at most ${PASSWORD_MAX} characters`,
        "Das Passwort darf höchstens 255 Zeichen lang sein",
      ],
      [
        `Reason must be at least ${VIEW_AS_REASON_MIN} characters`,
        "Der Grund muss mindestens 3 Zeichen lang sein",
      ],
      [
        `Reason must be at most ${VIEW_AS_REASON_MAX} characters`,
        "Der Grund darf höchstens 500 Zeichen lang sein",
      ],
      [
        `A passkey's name must be at most ${PASSKEY_NAME_MAX} characters`,
        "Der Name eines Passkeys darf höchstens 60 Zeichen lang sein",
      ],
      ["limit must be at most 100", "limit darf höchstens 100 sein"],
      ["q must be at most 200 characters", "q darf höchstens 200 Zeichen lang sein"],
      ["flagged must be yes or no", "flagged muss yes oder no sein"],
    ] as const;
    for (const [words, german] of built) {
      const said = sharedText(words);
      expect(said, words).toBeDefined();
      if (!said) continue;
      expect(english(said)).toBe(words);
      expect(sayIn("de", said)).toBe(german);
    }
    expect(sharedText("Nothing the portal says")).toBeUndefined();
  });
});

describe("an HttpError", () => {
  it("keeps its English text as its message and says itself in German, field names as they are", () => {
    const error = badRequest([fieldError("username", USERNAME_TAKEN), fieldError("code", WRONG_CODE)]);
    expect(error.message).toBe(
      "username: This username is already taken; code: That code is not right. Check your authenticator app and try again.",
    );
    expect(error.textIn("en")).toBe(error.message);
    expect(error.textIn("de")).toBe(
      "username: Dieser Benutzername ist bereits vergeben; code: Dieser Code ist nicht richtig. Prüfen Sie Ihre Authenticator-App und versuchen Sie es erneut.",
    );
  });

  it("counts the wait of a rate limit in each language's plural, with the number as it was", () => {
    expect(new RateLimitedError(1).message).toBe("Too many attempts. Please wait 1 second and try again.");
    expect(new RateLimitedError(30).message).toBe("Too many attempts. Please wait 30 seconds and try again.");
    expect(new RateLimitedError(60).message).toBe("Too many attempts. Please wait 1 minute and try again.");
    expect(new RateLimitedError(90_000).message).toBe(
      "Too many attempts. Please wait 1500 minutes and try again.",
    );
    expect(new RateLimitedError(1).textIn("de")).toBe(
      "Zu viele Versuche. Bitte warten Sie 1 Sekunde und versuchen Sie es dann erneut.",
    );
    expect(new RateLimitedError(120).textIn("de")).toBe(
      "Zu viele Versuche. Bitte warten Sie 2 Minuten und versuchen Sie es dann erneut.",
    );
  });
});

describe("a weak password's refusal", () => {
  it("knows every reason the meter gives, and says it in German", () => {
    const warnings = [
      "topTen",
      "topHundred",
      "common",
      "similarToCommon",
      "pwned",
      "userInputs",
      "wordByItself",
      "namesByThemselves",
      "commonNames",
      "straightRow",
      "keyPattern",
      "simpleRepeat",
      "extendedRepeat",
      "sequences",
      "recentYears",
      "dates",
      null,
    ];
    for (const warning of warnings) {
      const words = weakPasswordMessage(warning);
      const said = weakPasswordWords(warning);
      expect(english(said)).toBe(words);
      expect(sayIn("de", said)).toMatch(/^Dieses Passwort ist zu leicht zu erraten/);
    }
    expect(sayIn("de", weakPasswordWords("dates"))).toBe(
      "Dieses Passwort ist zu leicht zu erraten: Datumsangaben sind leicht zu erraten. Fügen Sie ein oder zwei weitere Wörter hinzu, die nicht häufig sind.",
    );
  });
});
