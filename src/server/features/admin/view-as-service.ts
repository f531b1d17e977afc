/**
 * Starting to view the portal as a customer (decision 036): the administrator's own session then
 * serves that customer's screens, read only, until Stop viewing or sign-out (view-as-session.ts).
 */
import { eq } from "drizzle-orm";
import type { ViewingStarted } from "../../../shared/api/view-as";
import type { Database } from "../../platform/db/database";
import { type SessionRow, sessions, type UserRow, users } from "../../platform/db/schema";
import { conflict, notFound } from "../../platform/http/errors";
import { recordAuditEvent } from "../audit";

export const NO_SUCH_CUSTOMER = /*i18n*/ { id: "error.customer.no-uid", message: "No customer has this UID" };
export const VIEW_OWN_ACCOUNT = /*i18n*/ {
  id: "error.view-as.own-account",
  message: "This is your own account: there is nothing to view as",
};
export const VIEW_ADMIN_ACCOUNT = /*i18n*/ {
  id: "error.view-as.admin-account",
  message: "An administrator's account cannot be viewed as a customer",
};
export const VIEW_CLOSED_LOGIN = /*i18n*/ {
  id: "error.view-as.closed-login",
  message: "This customer's portal login is closed: there is nothing to view",
};

export interface StartViewing {
  db: Database;
  admin: UserRow;
  session: SessionRow;
  ip: string;
}

/** Points the administrator's session at the customer with this uid and records why, or refuses. */
export async function startViewing(
  ctx: StartViewing,
  uid: string,
  reason: string,
  now = new Date(),
): Promise<ViewingStarted> {
  const [customer] = await ctx.db.select().from(users).where(eq(users.uid, uid)).limit(1);
  if (!customer) throw notFound(NO_SUCH_CUSTOMER);
  if (customer.id === ctx.admin.id) throw conflict(VIEW_OWN_ACCOUNT);
  if (customer.role === "admin") throw conflict(VIEW_ADMIN_ACCOUNT);
  if (customer.closedAt !== null) throw conflict(VIEW_CLOSED_LOGIN);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ viewingUserId: customer.id, viewingReason: reason, viewingSince: now })
      .where(eq(sessions.id, ctx.session.id));
    await recordAuditEvent(tx, {
      kind: "view-as-started",
      actorUserId: ctx.admin.id,
      subjectUserId: customer.id,
      detail: reason,
      // The session that viewed: the customer's list pairs each start with its stop by it.
      target: "session",
      targetId: ctx.session.id,
      ipAddress: ctx.ip,
    });
  });
  return {
    customer: { uid: customer.uid, name: customer.name, email: customer.email },
    viewing: {
      admin: { name: ctx.admin.name, email: ctx.admin.email },
      since: now.toISOString(),
      reason,
    },
  };
}
