/** Writes LinkedIn accounts straight into the database, with their secrets sealed as the sync seals them. */
import type { Database } from "../../src/server/platform/db/database";
import { type LinkedinAccountRow, linkedinAccounts, type UserRow } from "../../src/server/platform/db/schema";
import { createSecretBox } from "../../src/server/platform/secrets/secret-box";
import { type PlainSecrets, sealedSecretColumns, TOTP_SECRET } from "./builders";
import { TEST_SECRETS_KEY } from "./test-app";

export const testSecretBox = createSecretBox([Buffer.from(TEST_SECRETS_KEY, "base64")]);

let counter = 0;

/** Distinct, recognisable secrets for the nth account, so a leak of any one of them can be searched for. */
export function secretsFor(n: number): {
  password: string;
  proxyPassword: string;
  twoFaSecret: string;
  recoveryCodes: string[];
} {
  return {
    password: `Li-Passw0rd-${n}-zq`,
    proxyPassword: `Proxy-Secret-${n}-xk`,
    twoFaSecret: TOTP_SECRET,
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
      ...sealedSecretColumns(testSecretBox, secrets),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("account insert returned nothing");
  return row;
}
