import { describe, expect, it } from "vitest";
import {
  loadPasswordEstimator,
  STRONG_ENOUGH_SCORE,
  userDictionaryWords,
  weakPasswordMessage,
} from "../../../src/shared/password-strength";

describe("the shared password estimator", () => {
  it("calls weak what an attacker guesses early, whatever kinds of character it has", async () => {
    const estimate = await loadPasswordEstimator();
    for (const password of ["Password123!", "password1", "qwertyuiop", "Abcdef1!", "P@ssw0rd2026"]) {
      const strength = estimate(password);
      expect(strength.score, password).toBeLessThan(STRONG_ENOUGH_SCORE);
      expect(strength, password).toMatchObject({ acceptable: false, colour: "red", label: "Weak" });
      expect(strength.message, password).toMatch(/^This password is too easy to guess/);
    }
  });

  it("accepts the passwords the demo and the tests sign up with", async () => {
    const estimate = await loadPasswordEstimator();
    for (const password of [
      "Demo-Portal-2026!",
      "Sturdy-Lantern-42",
      "Sunlit-Harbor-5-abc123!",
      "Old-Password-99",
    ]) {
      expect(estimate(password).acceptable, password).toBe(true);
      expect(estimate(password).message, password).toBeNull();
    }
  });

  it("fills a bar for any password, none for an empty one, and says nothing about an empty one", async () => {
    const estimate = await loadPasswordEstimator();
    expect(estimate("")).toMatchObject({ bars: 0, acceptable: false, message: null });
    expect(estimate("a").bars).toBe(1);
  });

  it("splits the user's details into the words an attacker would try", () => {
    expect(userDictionaryWords(["Dana Smith", " dana.smith@example.test ", "", "dj"])).toEqual([
      "dana smith",
      "dana",
      "smith",
      "dana.smith@example.test",
      "example",
      "test",
      "dj",
    ]);
  });

  it("words a weak password's reason, or none it does not know", () => {
    expect(weakPasswordMessage("userInputs")).toBe(
      "This password is too easy to guess: it contains your name, username or email. Add another word or two that are not common.",
    );
    expect(weakPasswordMessage(null)).toBe(
      "This password is too easy to guess. Add another word or two that are not common.",
    );
  });
});
