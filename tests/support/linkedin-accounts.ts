/** Writes LinkedIn accounts straight into the database, with their secrets sealed as the sync seals them. */
import type { Database } from "../../src/server/db/client";
import { type LinkedinAccountRow, linkedinAccounts, type UserRow } from "../../src/server/db/schema";
import { sealRecoveryCodes } from "../../src/server/secrets/recovery-codes";
import { createSecretBox } from "../../src/server/secrets/secret-box";
import { TEST_SECRETS_KEY } from "./test-app";

export const testSecretBox = createSecretBox([Buffer.from(TEST_SECRETS_KEY, "base64")]);

export interface PlainSecrets {
  password?: string;
  proxyPassword?: string;
  twoFaSecret?: string;
  recoveryCodes?: string[];
}

let counter = 0;

/** Distinct, recognisable secrets for the nth account, so a leak of any one of them can be searched for. */
export function secretsFor(n: number): Required<PlainSecrets> {
  return {
    password: `Li-Passw0rd-${n}-zq`,
    proxyPassword: `Proxy-Secret-${n}-xk`,
    twoFaSecret: "JBSWY3DPEHPK3PXP",
    recoveryCodes: [`rc-${n}-alpha-1111`, `rc-${n}-bravo-2222`, `rc-${n}-charlie-3333`],
  };
}

export async function insertAccount(
  db: Database,
  owner: UserRow,
  secrets: PlainSecrets = {},
  overrides: Partial<typeof linkedinAccounts.$inferInsert> = {},
): Promise<LinkedinAccountRow> {
  counter += 1;
  const seal = (value: string | undefined) => (value === undefined ? null : testSecretBox.seal(value));
  const codes = secrets.recoveryCodes ?? [];
  const [row] = await db
    .insert(linkedinAccounts)
    .values({
      userId: owner.id,
      uid: owner.uid,
      airtableRecordId: `recTest${counter}${Date.now()}`,
      accountType: "lite",
      firstName: `First${counter}`,
      lastName: `Last${counter}`,
      linkedinEmail: `li${counter}@example.test`,
      linkedinPasswordEncrypted: seal(secrets.password),
      proxyPasswordEncrypted: seal(secrets.proxyPassword),
      twoFaSecretEncrypted: seal(secrets.twoFaSecret),
      twoFaRecoveryCodesEncrypted: sealRecoveryCodes(testSecretBox, codes),
      twoFaRecoveryCodeCount: codes.length,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("account insert returned nothing");
  return row;
}
