import type { DemoSeeder } from "./db/demo-seed";
import { demoUsersSeeder } from "./features/auth/demo-users";
import { demoSyncSeeder } from "./features/sync/demo-sync";

/**
 * The demo data each feature contributes, in the order it is loaded into an empty database: the
 * operator's records first, then the sign-ins of the demo customer (one of those records) and admin.
 */
export const demoSeeders: readonly DemoSeeder[] = [demoSyncSeeder, demoUsersSeeder];
