import { z } from "zod";

/** The body of every non-2xx answer of the JSON API. */
export const errorBodySchema = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

// The text format of `error` lives in a zod-free module the browser's first load can use.
export { ERROR_PARTS_SEPARATOR, fieldMessage, parseFieldMessage } from "./error-text";
