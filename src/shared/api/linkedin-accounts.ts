import { z } from "zod";
import { openRequestSummarySchema } from "./replacement-requests";
import { REVEAL_KINDS } from "./values";

/**
 * One account as `GET /api/accounts/linkedin/user/{uid}` lists it (decision D7): every field the
 * spec shows except the secrets, which appear only as whether they exist and how many codes there
 * are. The proxy URL is left out because it carries the proxy password in it.
 */
export const linkedinAccountSchema = z.object({
  id: z.number().int(),
  accountType: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  linkedinEmail: z.string().nullable(),
  /** The LinkedIn password exists; its value comes from the reveal endpoint. */
  hasPassword: z.boolean(),
  status: z.string(),
  isPremium: z.boolean(),
  isVerified: z.boolean(),
  isOptimized: z.boolean(),
  headline: z.string().nullable(),
  location: z.string().nullable(),
  industry: z.string().nullable(),
  gender: z.string().nullable(),
  connectionsCount: z.number().int(),
  followers: z.number().int().nullable(),
  profileUrl: z.string().nullable(),
  proxyCountry: z.string().nullable(),
  proxyIp: z.string().nullable(),
  proxyPort: z.string().nullable(),
  proxyUsername: z.string().nullable(),
  proxyZoneName: z.string().nullable(),
  hasProxyPassword: z.boolean(),
  /** A 2FA secret is stored, so the server can give the live login code. */
  hasTwoFaSecret: z.boolean(),
  twoFaRecoveryCodeCount: z.number().int(),
  twoFaStatus: z.string().nullable(),
  verificationType: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  lastSyncedAt: z.string(),
  /** The account's open replacement request (submitted or in progress), if it has one (decision 040). */
  openRequest: openRequestSummarySchema.nullable(),
});
export type LinkedinAccount = z.infer<typeof linkedinAccountSchema>;

/** The spec's answer is a plain list of accounts. */
export const linkedinAccountListSchema = z.array(linkedinAccountSchema);

/** The secrets a customer can reveal one at a time. */
export const revealableSecretSchema = z.enum(["password", "proxyPassword", "recoveryCodes"]);
export type RevealableSecret = z.infer<typeof revealableSecretSchema>;

/** `POST /api/accounts/linkedin/{id}/reveal` */
export const revealSecretBodySchema = z.object({ secret: revealableSecretSchema }).strict();
/** A password comes back as `value`; recovery codes as `codes`. A secret that is not stored is null. */
export const revealedSecretSchema = z.object({
  secret: revealableSecretSchema,
  value: z.string().nullable(),
  codes: z.array(z.string()).nullable(),
});
export type RevealedSecret = z.infer<typeof revealedSecretSchema>;

/** `POST /api/accounts/linkedin/{id}/login-code`: the current 6-digit TOTP code of the stored 2FA secret. */
export const loginCodeSchema = z.object({
  code: z.string().regex(/^\d{6}$/),
  /** Seconds until the code changes. */
  secondsLeft: z.number().int(),
  period: z.number().int(),
});
export type LoginCode = z.infer<typeof loginCodeSchema>;

/** `POST /api/accounts/linkedin/user/{uid}/export-secrets`: the secrets of the accounts being exported. */
export const MAX_EXPORT_ACCOUNTS = 5000;
export const exportSecretsBodySchema = z
  .object({ accountIds: z.array(z.number().int().positive()).min(1).max(MAX_EXPORT_ACCOUNTS) })
  .strict();
export const exportedSecretsSchema = z.array(
  z.object({
    id: z.number().int(),
    password: z.string().nullable(),
    proxyPassword: z.string().nullable(),
    recoveryCodes: z.array(z.string()),
  }),
);
export type ExportedSecrets = z.infer<typeof exportedSecretsSchema>;

/** What an audit row says was shown: one secret, a login code, or the secrets in an export. */
export const revealKindSchema = z.enum(REVEAL_KINDS);
export type RevealKind = z.infer<typeof revealKindSchema>;
