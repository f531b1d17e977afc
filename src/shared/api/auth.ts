/**
 * The bodies of the account endpoints, with the spec's validation messages. The client's forms use
 * these same schemas (extended with confirmation fields), so a message is written once.
 */
import { z } from "zod";
import { nameText, visibleText } from "./text";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 255;

// Messages the server answers with and the browser also writes: a form checks the same rule before
// sending, or reads the server's answer and must recognise it.
export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${PASSWORD_MIN} characters long`;
export { INVALID_CREDENTIALS_MESSAGE } from "./error-text";
export const USERNAME_TAKEN_MESSAGE = "This username is already taken";

/** An email as every form takes it: one address, trimmed, at most 255 characters. */
export const emailSchema = z
  .string({ error: "Required" })
  .trim()
  .max(255, "Email must be at most 255 characters")
  .pipe(z.email("Please enter a valid email address"));
const email = emailSchema;

/** A new password: 8 to 255 characters. The common-password check runs on the server only. */
export const newPasswordSchema = z
  .string({ error: "Required" })
  .min(PASSWORD_MIN, PASSWORD_TOO_SHORT_MESSAGE)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

// The characters rule refuses invisible ones too; the message about them comes first, as it says more.
export const usernameSchema = visibleText(z.string())
  .trim()
  .min(3, "Username must be at least 3 characters")
  .max(50, "Username must be at most 50 characters")
  .regex(/^[A-Za-z0-9._-]+$/, "Username may contain only letters, numbers, dots, dashes and underscores");

export const nameSchema = nameText({ error: "Required" })
  .trim()
  .min(1, "Required")
  .max(100, "Name must be at most 100 characters");

export const loginSchema = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginSchema>;

/**
 * The username is optional (decision 014): an empty or missing one
 * means none, stored as null.
 */
const optionalUsernameSchema = z
  .union([z.literal(""), usernameSchema])
  .nullish()
  .transform((v) => (v ? v : null));

export const registerSchema = z.object({
  name: nameSchema,
  username: optionalUsernameSchema,
  email,
  password: newPasswordSchema,
});
export type RegisterBody = z.infer<typeof registerSchema>;

export const registerExistingSchema = z.object({ email, password: newPasswordSchema });
export type RegisterExistingBody = z.infer<typeof registerExistingSchema>;

export const oneTimeTokenSchema = z
  .string()
  .min(20)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, "This is not a link the portal sent");
/**
 * Following a claim link: with no password, the one typed with the request is set, and only in the
 * browser that typed it; with one, that password is set.
 */
export const confirmClaimSchema = z.object({
  token: oneTimeTokenSchema,
  password: newPasswordSchema.optional(),
});
export type ConfirmClaimBody = z.infer<typeof confirmClaimSchema>;
export const confirmEmailChangeSchema = z.object({ token: oneTimeTokenSchema });
/** Following the link that verifies a new account's email. */
export const verifyEmailSchema = z.object({ token: oneTimeTokenSchema });
/** Asking for a new verification link: for the signed-in user, so there is nothing to send. */
export const resendVerificationSchema = z.object({}).strict();
export const forgotPasswordSchema = z.object({ email });
export const resetPasswordSchema = z.object({ token: oneTimeTokenSchema, password: newPasswordSchema });
/** Asking whether a reset link can still be used, when its page opens; the link stays unused. */
export const checkResetLinkSchema = z.object({ token: oneTimeTokenSchema });

/** Settings save: a missing or empty username means none. */
export const updateProfileSchema = z.object({
  email,
  name: nameSchema,
  username: optionalUsernameSchema,
});
export type UpdateProfileBody = z.input<typeof updateProfileSchema>;

/** The words for a mailed link that cannot be used: the server's answer, and the page's without a token. */
export const INVALID_LINK_MESSAGE =
  "This link is invalid, has expired or has already been used. Please request a new one.";

/** The neutral answer of endpoints that must not reveal whether an email is known. */
export const neutralAnswerSchema = z.object({ ok: z.literal(true), message: z.string() });

/**
 * How a session's holder proved who they are: a password alone, with an authenticator code or a
 * recovery code, a passkey, Google, or a mailed link (a claim). The same values as the sessions table.
 */
export const sessionProofSchema = z.enum([
  "password",
  "password+totp",
  "password+recovery-code",
  "passkey",
  "google",
  "mailed-link",
]);
export type SessionProofName = z.infer<typeof sessionProofSchema>;

export const sessionInfoSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  current: z.boolean(),
  provenBy: sessionProofSchema,
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** Ending one of one's own sessions: its id, from the sessions list. */
export const sessionIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The answer when asked to end the session making the request (409): that is signing out. */
export const CURRENT_SESSION_MESSAGE = "This is the session you are using. Sign out instead.";
/** Another user's session, one already ended, or none: the same 404, so ids reveal nothing. */
export const SESSION_NOT_FOUND_MESSAGE = "Session not found";
