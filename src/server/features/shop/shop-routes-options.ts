import type { PaymentsPort } from "../../platform/adapters/payments/port";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import type { SecretBox } from "../../platform/secrets/secret-box";

/** What the shop's routes are given by app.ts. */
export interface ShopRoutesOptions {
  db: Database;
  config: Config;
  payments: PaymentsPort | undefined;
  secretBox: SecretBox;
}
