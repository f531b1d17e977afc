import type { DemoSeeder } from "./db/demo-seed";
import { demoUsersSeeder } from "./features/auth/demo-users";

/** The demo data each feature contributes, in the order it is loaded into an empty database. */
export const demoSeeders: readonly DemoSeeder[] = [demoUsersSeeder];
