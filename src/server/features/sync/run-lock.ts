/**
 * Leases in the database that keep one run of a kind at a time across every instance. The holder
 * renews its lease while it runs; if its process dies, the lease expires and another run may start.
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../platform/db/database";
import { syncLocks } from "../../platform/db/schema";

const LEASE_SECONDS = 60;
const RENEW_EVERY_MS = 15_000;

export interface Lease {
  /** False once the lease was lost (this process could not renew it in time). */
  isHeld(): boolean;
  release(): Promise<void>;
}

/** Takes the named lease, or answers undefined when a live lease is held by someone else. */
export async function tryAcquireLease(
  db: Database,
  name: string,
  onLost: () => void = () => {},
): Promise<Lease | undefined> {
  const holder = randomBytes(16).toString("hex");
  const expires = sql`now() + make_interval(secs => ${LEASE_SECONDS})`;
  const [row] = await db
    .insert(syncLocks)
    .values({ name, holder, expiresAt: expires })
    .onConflictDoUpdate({
      target: syncLocks.name,
      set: { holder, expiresAt: expires },
      setWhere: sql`${syncLocks.expiresAt} < now()`,
    })
    .returning({ holder: syncLocks.holder });
  if (row?.holder !== holder) return undefined;

  let held = true;
  const mine = and(eq(syncLocks.name, name), eq(syncLocks.holder, holder));
  const timer = setInterval(() => {
    db.update(syncLocks)
      .set({ expiresAt: expires })
      .where(mine)
      .returning({ name: syncLocks.name })
      .then(
        (renewed) => {
          if (renewed.length === 0 && held) {
            held = false;
            onLost();
          }
        },
        // A failed renewal is retried at the next tick; the lease outlives a few missed ones.
        () => {},
      );
  }, RENEW_EVERY_MS);
  timer.unref();

  return {
    isHeld: () => held,
    async release() {
      clearInterval(timer);
      held = false;
      await db.delete(syncLocks).where(mine);
    },
  };
}
