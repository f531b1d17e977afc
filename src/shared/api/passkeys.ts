/**
 * The bodies and answers of the passkey (WebAuthn) endpoints. The ceremonies' own JSON (the options
 * the browser passes to WebAuthn and the credential it hands back) is checked here for shape and
 * size only; what it says is checked on the server by the WebAuthn library.
 */
import { z } from "zod";
import { nameText } from "./text";

export const PASSKEY_NAME_MAX = 60;

export const passkeyNameSchema = nameText({ error: "Required" })
  .trim()
  .min(1, "Name your passkey")
  .max(PASSKEY_NAME_MAX, `A passkey's name must be at most ${PASSKEY_NAME_MAX} characters`);

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, "must be base64url");

const credentialBase = {
  id: base64url(1366).min(1),
  rawId: base64url(1366).min(1),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.looseObject({}).default({}),
};

/** What `startRegistration` hands back: a new credential and its attestation. */
export const registrationCredentialSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096).min(1),
    attestationObject: base64url(65_536).min(1),
    authenticatorData: base64url(65_536).optional(),
    transports: z
      .array(
        z
          .string()
          .max(32)
          .regex(/^[a-z-]+$/),
      )
      .max(10)
      .optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
});

/** What `startAuthentication` hands back: an assertion signed by a credential. */
export const authenticationCredentialSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096).min(1),
    authenticatorData: base64url(8192).min(1),
    signature: base64url(2048).min(1),
    userHandle: base64url(512).optional(),
  }),
});
export type AuthenticationCredential = z.infer<typeof authenticationCredentialSchema>;

export const addPasskeySchema = z.object({ name: passkeyNameSchema, response: registrationCredentialSchema });
export type AddPasskeyBody = z.infer<typeof addPasskeySchema>;

export const renamePasskeySchema = z.object({ name: passkeyNameSchema });

/** Signing in, or a fresh proof: the assertion for the challenge the options gave. */
export const passkeyAssertionSchema = z.object({ response: authenticationCredentialSchema });

/** A passkey's id in a URL: a row id, never anything the database cannot hold. */
export const passkeyIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "must be a passkey id")
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, "must be a passkey id")),
});

/**
 * The options of a ceremony, for `startRegistration` or `startAuthentication`. Only the challenge
 * is named; the rest is WebAuthn's own JSON and passes through as the server wrote it.
 */
export const ceremonyOptionsSchema = z.looseObject({ challenge: z.string() });

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** `multiDevice` for a synced passkey, `singleDevice` for one bound to its authenticator. */
  deviceType: z.string().nullable(),
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.array(passkeySchema);
