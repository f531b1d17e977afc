/**
 * Names and emails that come from outside the portal's forms (Google's profile, the operator's base)
 * held to the rules Settings applies, so that no source stores what a person could not type there.
 */
import { emailSchema, nameSchema } from "./auth";
import { CONTROL_CHARACTER, INVISIBLE_CHARACTER } from "./text";

/**
 * The email when it is exactly one plain address Settings would take (surrounding spaces aside),
 * else null: never a second address, a display name or a header after a line break.
 */
export function plainAddress(value: unknown): string | null {
  const parsed = emailSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The first character that keeps a name from Settings: a control, invisible or text-direction one. */
export function unfitNameCharacter(value: string): string | undefined {
  return CONTROL_CHARACTER.exec(value)?.[0] ?? INVISIBLE_CHARACTER.exec(value)?.[0];
}

const INVISIBLE_CHARACTERS = new RegExp(INVISIBLE_CHARACTER.source, "g");
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, "g");
const NAME_LENGTH = 100;

/**
 * A name as Settings would take it, made from one it might not: line breaks and tabs become spaces,
 * other control characters and the invisible and text-direction ones go, spaces are collapsed and
 * trimmed, and the rest is cut to 100 characters. Null when nothing is left.
 */
export function cleanedName(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const visible = value
    .replace(/[\t\n\v\f\r\u0085]/g, " ")
    .replace(CONTROL_CHARACTERS, "")
    .replace(INVISIBLE_CHARACTERS, "")
    .replace(/\s+/g, " ")
    .trim();
  // Cut by code point, so that no half of a surrogate pair is left at the end.
  let name = "";
  for (const char of visible) {
    if (name.length + char.length > NAME_LENGTH) break;
    name += char;
  }
  name = name.trim();
  return nameSchema.safeParse(name).success ? name : null;
}
