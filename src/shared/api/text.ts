/**
 * Building blocks for the text fields of request bodies, params and queries. Control characters
 * are refused everywhere: PostgreSQL cannot store a NUL at all, and the rest only ever arrive by
 * accident or as an attack on logs and exports.
 */
import { z } from "zod";

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above; tab, line feed and carriage return are allowed
const CONTROL_CHARACTER_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const NO_CONTROL_CHARACTERS_MESSAGE = "must not contain control characters";

/** One line of text, as a name or a search term: no control characters at all. */
export const singleLineText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((v) => !CONTROL_CHARACTER.test(v), NO_CONTROL_CHARACTERS_MESSAGE);

/** Free text that may span lines (notes, messages): line breaks and tabs, no other control characters. */
export const multiLineText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((v) => !CONTROL_CHARACTER_BUT_LINE_BREAKS.test(v), NO_CONTROL_CHARACTERS_MESSAGE);

/**
 * A customer's UID as it appears in a URL. The portal makes UUIDs, but the operator's base may hold
 * other ids, so anything of one line up to the column's 36 characters.
 */
export const uidSchema = singleLineText().min(1, "Required").max(36, "UID must be at most 36 characters");
