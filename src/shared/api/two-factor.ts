/**
 * Two-factor sign-in with an authenticator app (TOTP) and single-use recovery codes: the bodies and
 * answers of its endpoints, shared by the server and the Settings card and sign-in page.
 */
import { z } from "zod";
import { currentUserSchema } from "./user";

export const RECOVERY_CODE_COUNT = 10;

export const TOTP_CODE_MESSAGE = "Enter the 6-digit code from your authenticator app";
export const RECOVERY_CODE_MESSAGE = "Enter one of your recovery codes, like abcd-efgh-jk";
export const WRONG_CODE_MESSAGE = "That code is not right. Check your authenticator app and try again.";
export const WRONG_RECOVERY_CODE_MESSAGE = "That recovery code is not right, or it has been used already.";
/** The second step of a sign-in cannot go on: expired, used, or too many wrong codes. */
export const SIGN_IN_AGAIN_MESSAGE = "Your sign-in has expired. Sign in again with your password.";
export const TOO_MANY_CODES_MESSAGE = "Too many wrong codes. Sign in again with your password.";
export const ADMIN_SECOND_FACTOR_MESSAGE = "Set up two-factor authentication before using the admin pages";

/** A 6-digit code as people type it: spaces between the groups are fine. */
export const totpCodeSchema = z
  .string({ error: TOTP_CODE_MESSAGE })
  .max(20, TOTP_CODE_MESSAGE)
  .transform((code) => code.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_MESSAGE));

/** Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand survives. */
export const RECOVERY_CODE_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** A recovery code in its stored form: lower case, without dashes or spaces, look-alikes mapped. */
export function normaliseRecoveryCode(code: string): string {
  return code
    .toLowerCase()
    .replace(/[\s-]+/g, "")
    .replace(/o/g, "0")
    .replace(/[il]/g, "1");
}

export const recoveryCodeSchema = z
  .string({ error: RECOVERY_CODE_MESSAGE })
  .max(40, RECOVERY_CODE_MESSAGE)
  .transform(normaliseRecoveryCode)
  .pipe(z.string().regex(/^[0-9a-hjkmnp-tv-z]{10}$/, RECOVERY_CODE_MESSAGE));

/** An authenticator code or a recovery code, exactly one of them. */
export const secondFactorProofSchema = z
  .object({ code: totpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() })
  .strict()
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: "Send either an authenticator code or a recovery code",
  });
export type SecondFactorProof = z.infer<typeof secondFactorProofSchema>;

/** Finishing enrolment, or making new recovery codes: only a current authenticator code will do. */
export const authenticatorCodeBodySchema = z.object({ code: totpCodeSchema }).strict();
export type AuthenticatorCodeBody = z.infer<typeof authenticatorCodeBodySchema>;

export const emptyBodySchema = z.object({}).strict();

/**
 * The 401 of `POST /api/login/second-factor`: a wrong code, or (`signInAgain: true`) a second step
 * that cannot go on (expired, used, or too many wrong codes), so the sign-in starts again. The flag,
 * not the text, tells them apart: the text speaks the customer's language.
 */
export const secondStepRefusedSchema = z.object({
  error: z.string(),
  signInAgain: z.literal(true).optional(),
});

/** `POST /api/login` for an account with an authenticator app: the password was right, a code is owed. */
export const secondFactorChallengeSchema = z.object({ secondFactor: z.literal("totp") });
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

/** `POST /api/login`: the signed-in user, or the second step still to take. */
export const loginAnswerSchema = z.union([currentUserSchema, secondFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** A new authenticator secret, as text and as a QR code (an SVG document) of its otpauth:// URL. */
export const twoFactorEnrolmentSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrSvg: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

/** Fresh recovery codes, shown this once: only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** An admin without a second factor, where one is required: the admin pages wait for it. */
  adminMustEnrol: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
