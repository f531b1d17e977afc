/**
 * Viewing the portal as a customer, read only (decision 036). A session of an administrator may name
 * a customer it views: every request of it is then served as that customer, and refused unless the
 * route allows it while viewing. Below the features, so that the session guard, the API reference,
 * the view-as routes and signing out keep one rule.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { type SessionRow, sessions } from "../db/schema";

/**
 * What a route declares about sessions that view as a customer: `refused` for a read that hands
 * something out (a download, a secret, a link) or starts something, `allowed` for a change that only
 * ends the viewing (stopping it, signing out). Undeclared, reads are allowed and changes refused.
 */
export type WhileViewing = "allowed" | "refused";

const READS = new Set(["GET", "HEAD"]);

/** Whether a request by this method to a route with this declaration is answered while viewing. */
export function answersWhileViewing(method: string, declared: WhileViewing | undefined): boolean {
  if (declared !== undefined) return declared === "allowed";
  return READS.has(method.toUpperCase());
}

/** Whether a route (every method it has) can answer 403 because the session views as a customer. */
export function refusesWhileViewing(methods: string[], declared: WhileViewing | undefined): boolean {
  return methods.some((method) => !answersWhileViewing(method, declared));
}

/**
 * Ends the viewing of a session: by Stop viewing, or by signing out while viewing. Nothing when the
 * session views no one. The database records the stop (migration 0035), with the reason it was
 * started for and this request's address, as it does for a viewing session that expires or is
 * removed: one entry per view however it ends (decision 069).
 */
export async function endViewing(db: Database, session: SessionRow, ip: string): Promise<void> {
  if (session.viewingUserId === null) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('portal.request_ip', ${ip.slice(0, 64)}, true)`);
    await tx
      .update(sessions)
      .set({ viewingUserId: null, viewingReason: null, viewingSince: null })
      .where(eq(sessions.id, session.id));
  });
}
