/**
 * Test data that the API tests and the browser tests both build: someone new who signs up with a
 * password, and a LinkedIn account's secrets sealed as the sync seals them. No database and no app
 * in here, so the browser tests' specs and server script import it as the API tests' helpers do.
 */
import { sealRecoveryCodes } from "../../src/server/platform/secrets/recovery-codes";
import type { SecretBox } from "../../src/server/platform/secrets/secret-box";

/** A base32 authenticator key (RFC 6238's example "Hello!\xde\xad\xbe\xef"); tests compute its codes too. */
export const TOTP_SECRET = "JBSWY3DPEHPK3PXP";

/** An account's secrets in the clear; a missing (or null) one is stored as null. */
export interface PlainSecrets {
  password?: string | null;
  proxyPassword?: string | null;
  twoFaSecret?: string | null;
  recoveryCodes?: readonly string[];
}

/** The encrypted columns of a `linkedin_accounts` row that holds these secrets. */
export function sealedSecretColumns(box: SecretBox, secrets: PlainSecrets) {
  const seal = (value: string | null | undefined) =>
    value === undefined || value === null ? null : box.seal(value);
  const codes = secrets.recoveryCodes ?? [];
  return {
    linkedinPasswordEncrypted: seal(secrets.password),
    proxyPasswordEncrypted: seal(secrets.proxyPassword),
    twoFaSecretEncrypted: seal(secrets.twoFaSecret),
    twoFaRecoveryCodesEncrypted: sealRecoveryCodes(box, codes),
    twoFaRecoveryCodeCount: codes.length,
  };
}

export interface NewPerson {
  /** Unique to this person: time and randomness, so parallel workers and reruns never collide. */
  id: string;
  firstName: string;
  name: string;
  username: string;
  email: string;
  /** Strong enough for registration, and unique too. */
  password: string;
}

/** Someone the portal has never seen, with the fields registration asks for. */
export function newPerson(firstName: string, lastName = "Whitfield"): NewPerson {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const handle = `${firstName.toLowerCase()}.${id}`;
  return {
    id,
    firstName,
    name: `${firstName} ${lastName}`,
    username: handle,
    email: `${handle}@example.test`,
    password: `Sunlit-Harbor-5-${id}!`,
  };
}
