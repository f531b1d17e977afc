/**
 * The dashboard's Recent Activity: a customer's own syncs and the reveals of their accounts' secrets
 * (by them or by an admin), merged newest first. One action is one item, however many accounts it
 * covered: an export writes a row per account in one statement, so its rows share the time, the
 * actor and the kind (decision 014).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { ActivityItem } from "../../../shared/api/linkedin-accounts";
import type { Database } from "../../db/client";
import { accountSecretReveals, syncRuns, type UserRow } from "../../db/schema";

const ACTIVITY_ITEMS = 10;

export async function recentActivity(db: Database, me: UserRow): Promise<ActivityItem[]> {
  // Each source gives at most the whole page's worth; the merge keeps the newest of both.
  const [runs, reveals] = await Promise.all([
    db
      .select({
        startedAt: syncRuns.startedAt,
        kind: syncRuns.kind,
        status: syncRuns.status,
        synced: syncRuns.synced,
        errors: syncRuns.errors,
      })
      .from(syncRuns)
      .where(and(eq(syncRuns.scopeUid, me.uid), eq(syncRuns.kind, "user")))
      .orderBy(desc(syncRuns.startedAt), desc(syncRuns.id))
      .limit(ACTIVITY_ITEMS),
    db
      .select({
        revealedAt: accountSecretReveals.revealedAt,
        secret: accountSecretReveals.secret,
        actorUserId: accountSecretReveals.actorUserId,
        accountLabel: sql<string>`min(${accountSecretReveals.accountLabel})`,
        accounts: sql<number>`count(*)::int`,
      })
      .from(accountSecretReveals)
      .where(eq(accountSecretReveals.ownerUserId, me.id))
      .groupBy(accountSecretReveals.revealedAt, accountSecretReveals.actorUserId, accountSecretReveals.secret)
      .orderBy(desc(accountSecretReveals.revealedAt), desc(sql`max(${accountSecretReveals.id})`))
      .limit(ACTIVITY_ITEMS),
  ]);

  const items: ActivityItem[] = [
    ...runs.map((run) => ({
      type: "sync" as const,
      at: run.startedAt.toISOString(),
      kind: run.kind,
      status: run.status,
      synced: run.synced,
      errors: run.errors,
    })),
    ...reveals.map((reveal) => ({
      type: "reveal" as const,
      at: reveal.revealedAt.toISOString(),
      secret: reveal.secret,
      account: reveal.accountLabel,
      accounts: Number(reveal.accounts),
      // A deleted actor (null) cannot have been the owner, whose rows go with them.
      byAnotherUser: reveal.actorUserId !== me.id,
    })),
  ];
  // ISO timestamps in UTC sort as text in time order.
  return items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, ACTIVITY_ITEMS);
}
