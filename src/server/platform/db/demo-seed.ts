/**
 * Fills an empty embedded database with demo data at start, outside production, so that a new user
 * sees a working portal at once. Each feature contributes the demo data it owns as a seeder.
 */
import { count } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { DatabaseHandle } from "./database";
import { users } from "./schema";

export interface DemoSeeder {
  name: string;
  seed(database: DatabaseHandle, config: Config, log: FastifyBaseLogger): Promise<void>;
}

export function shouldSeedDemoData(config: Config, database: DatabaseHandle): boolean {
  return database.kind === "pglite" && !config.isProduction;
}

/** Runs the seeders when the database has no users yet; answers whether it did. */
export async function seedDemoDataIfEmpty(
  database: DatabaseHandle,
  config: Config,
  seeders: readonly DemoSeeder[],
  log: FastifyBaseLogger,
): Promise<boolean> {
  const [row] = await database.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  for (const seeder of seeders) {
    await seeder.seed(database, config, log);
    log.info({ seeder: seeder.name }, "demo data loaded");
  }
  return true;
}
