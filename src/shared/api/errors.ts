import { z } from "zod";

/** The body of every non-2xx answer of the JSON API. */
export const errorBodySchema = z.object({ error: z.string() });

/**
 * The 403 of an action that needs a fresh proof first: the app asks for one and repeats the action.
 * `secondFactor: true` when the proof must be the account's second factor (a code or a passkey).
 */
export const stepUpRequiredSchema = z.object({
  error: z.string(),
  stepUp: z.literal(true).optional(),
  secondFactor: z.literal(true).optional(),
});

// The text format of `error` lives in a zod-free module the browser's first load can use.
export { ERROR_PARTS_SEPARATOR, fieldMessage } from "./error-text";
