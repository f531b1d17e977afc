import { describe, expect, it } from "vitest";
import { nameSchema, usernameSchema } from "../../../src/shared/api/auth";
import {
  INVISIBLE_CHARACTER,
  NO_CONTROL_CHARACTERS_MESSAGE,
  NO_INVISIBLE_CHARACTERS_MESSAGE,
  nameText,
} from "../../../src/shared/api/text";

const hex = (c: string) => `U+${c.codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0")}`;

const BIDI_CONTROLS = [
  ..."\u202A\u202B\u202C\u202D\u202E", // embeddings, pop, overrides
  ..."\u2066\u2067\u2068\u2069", // isolates
  ..."\u200E\u200F\u061C", // marks
];
const INVISIBLE = [..."\u200B\u200C\u200D\u2060\uFEFF\u180E\u00AD"];

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("the rule for names: no invisible or text-direction characters", () => {
  it.each([...BIDI_CONTROLS, ...INVISIBLE].map((c) => [hex(c), c]))(
    "refuses %s at the start, inside and at the end",
    (_code, c) => {
      expect(INVISIBLE_CHARACTER.test(c)).toBe(true);
      for (const text of [`${c}Dana`, `Da${c}na`, `Dana${c}`]) {
        expect(messages(nameText().safeParse(text)), JSON.stringify(text)).toEqual([
          NO_INVISIBLE_CHARACTERS_MESSAGE,
        ]);
        expect(messages(nameSchema.safeParse(text))).toEqual([NO_INVISIBLE_CHARACTERS_MESSAGE]);
        // First, before the username's "letters, numbers..." rule, which says less about what is wrong.
        expect(messages(usernameSchema.safeParse(text))[0]).toBe(NO_INVISIBLE_CHARACTERS_MESSAGE);
      }
    },
  );

  it("refuses a byte order mark or soft hyphen that a trim would otherwise drop unseen", () => {
    expect(nameSchema.safeParse("\uFEFFDana").success).toBe(false);
    expect(usernameSchema.safeParse("dana\uFEFF").success).toBe(false);
  });

  it("keeps names in any script, with accents, apostrophes, hyphens and spaces", () => {
    for (const name of [
      "Zoë O'Brien-Smith",
      "José Álvarez",
      "محمد علي",
      "שרה כהן",
      "李小龙",
      "Ана Петрова",
    ]) {
      expect(nameSchema.safeParse(name), name).toEqual({ success: true, data: name });
    }
    expect(usernameSchema.safeParse("dana.smith_1-x").success).toBe(true);
  });

  it("still refuses control characters with their own message", () => {
    expect(messages(nameSchema.safeParse("Null\u0000Byte"))).toEqual([NO_CONTROL_CHARACTERS_MESSAGE]);
  });
});
