import { demoUsersSeeder } from "./features/auth/demo-users";
import { demoRequestsSeeder } from "./features/sync/demo-requests";
import { demoSyncSeeder } from "./features/sync/demo-sync";
import type { DemoSeeder } from "./platform/db/demo-seed";

/**
 * The demo data each feature contributes, in the order it is loaded into an empty database: the
 * operator's records first, then the sign-ins of the demo customer (one of those records) and admin,
 * then the demo customer's replacement requests, written to the demo's operator base.
 */
export const demoSeeders: readonly DemoSeeder[] = [demoSyncSeeder, demoUsersSeeder, demoRequestsSeeder];
