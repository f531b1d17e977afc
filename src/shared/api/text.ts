/**
 * Building blocks for the text fields of request bodies, params and queries. Control characters
 * are refused everywhere: PostgreSQL cannot store a NUL at all, and the rest only ever arrive by
 * accident or as an attack on logs and exports. Names also refuse invisible and text-direction
 * characters, which make one name pass for another.
 */
import { z } from "zod";

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

export const NO_CONTROL_CHARACTERS_MESSAGE = "must not contain control characters";

/**
 * Characters that change how the text around them reads without being seen: the bidirectional
 * controls (embeddings, overrides, isolates and marks), which reorder what is shown so that a name
 * displays as something it does not say, and the zero-width and invisible ones (spaces, joiners, the
 * word joiner and invisible operators, the byte order mark, the Mongolian vowel separator, the soft
 * hyphen), which make two names look the same that are not. A name has no use for any of them.
 */
export const INVISIBLE_CHARACTER =
  /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

export const NO_INVISIBLE_CHARACTERS_MESSAGE = "must not contain invisible or text-direction characters";

/**
 * Refuses invisible and text-direction characters in a string schema. It comes before any trim,
 * which would quietly drop some of them at the ends.
 */
export const visibleText = <T extends z.ZodString>(schema: T): T =>
  schema.refine((v) => !INVISIBLE_CHARACTER.test(v), NO_INVISIBLE_CHARACTERS_MESSAGE);

/** One line of text, as a name or a search term: no control characters at all. */
export const singleLineText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((v) => !CONTROL_CHARACTER.test(v), NO_CONTROL_CHARACTERS_MESSAGE);

/** A name (a person's, a username): one line of visible text, read the same way by everyone. */
export const nameText = (params?: Parameters<typeof z.string>[0]) => visibleText(singleLineText(params));

/**
 * A customer's UID as it appears in a URL. The portal makes UUIDs, but the operator's base may hold
 * other ids, so anything of one line up to the column's 36 characters.
 */
export const uidSchema = singleLineText().min(1, "Required").max(36, "UID must be at most 36 characters");
