/** "This wasn't me" on a new sign-in (decision 072): the mailed link's body and its answer. */
import { z } from "zod";
import { oneTimeTokenSchema } from "./auth";

/** `POST /api/not-me`: the token of the new-sign-in mail's link. */
export const disownSignInSchema = z.object({ token: oneTimeTokenSchema });

export const signInDisownedSchema = z.object({
  ok: z.literal(true),
  /** false when the session had ended already (signed out, expired, or ended from Settings). */
  ended: z.boolean(),
  /** What happened, in the reader's language: the session ended, and a reset link is on its way. */
  message: z.string(),
});
export type SignInDisowned = z.infer<typeof signInDisownedSchema>;
