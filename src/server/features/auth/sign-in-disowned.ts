/**
 * "This wasn't me" from the new-sign-in mail (decision 072): its link, followed with a POST, ends the
 * session it names and mails the owner a reset link. The link itself never sets a password: it works
 * for a week, and whoever else reads the mail can at most end a session and send the owner a mail.
 */
import { languageOf } from "../../../shared/i18n/languages";
import { badRequest } from "../../platform/http/errors";
import { hit } from "../../platform/http/rate-limiter";
import { deleteOwnSession } from "../../platform/http/session-store";
import { INVALID_LINK } from "../../platform/i18n/shared-texts";
import { recordIdentityEvent } from "../audit";
import { lockUser } from "./address-proof";
import { consumeEmailToken, issueEmailToken } from "./email-tokens";
import { resetPasswordMail } from "./emails";
import { type AuthContext, tokenUseRule } from "./service";

export interface DisownedSignIn {
  /** The session the link named; null only for a link issued without one. */
  sessionId: number | null;
  /** false when that session had ended already. */
  ended: boolean;
}

/**
 * Uses the link once: ends its session (only ever one of the link's own account), mails a reset link
 * and records it. A used, expired or unknown link answers 400 and changes nothing.
 */
export async function disownSignIn(ctx: AuthContext, token: string, ip: string): Promise<DisownedSignIn> {
  await hit(ctx.db, [tokenUseRule(ip)]);
  const outcome = await ctx.db.transaction(async (tx) => {
    const link = await consumeEmailToken(tx, "sign-in-disowned", token);
    const owner = link ? await lockUser(tx, link.userId) : undefined;
    // A closed login has no sessions and no reset links.
    if (!link || !owner || owner.closedAt) throw badRequest(INVALID_LINK);
    const sessionId = link.sessionId;
    const ended = sessionId !== null && (await deleteOwnSession(tx, owner.id, sessionId));
    const reset = await issueEmailToken(tx, "reset", owner.id);
    await ctx.mail.enqueue(
      tx,
      resetPasswordMail(
        languageOf(owner),
        owner.email,
        `${ctx.config.appUrl}/reset-password?token=${encodeURIComponent(reset)}`,
      ),
    );
    await recordIdentityEvent(tx, {
      userId: owner.id,
      kind: "sign-in-disowned",
      detail: `"This wasn't me" on session ${sessionId ?? "none"}: ${ended ? "ended" : "had ended already"}; reset link mailed`,
      ipAddress: ip,
    });
    return { sessionId, ended };
  });
  ctx.mail.kick();
  return outcome;
}
