import { z } from "zod";

/** The body of every non-2xx answer of the JSON API. */
export const errorBodySchema = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;
