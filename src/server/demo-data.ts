import type { DemoSeeder } from "./db/demo-seed";

/** The demo data each feature contributes, in the order it is loaded into an empty database. */
export const demoSeeders: readonly DemoSeeder[] = [];
