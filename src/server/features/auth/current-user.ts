import type { FastifyRequest } from "fastify";
import type { CurrentUser } from "../../../shared/api/user";
import type { Viewing } from "../../../shared/api/view-as";
import type { UserRow } from "../../platform/db/schema";

/** The user as the portal shows it: never the password hash or other internal columns. */
export function toCurrentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    uid: user.uid,
    name: user.name,
    email: user.email,
    username: user.username,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    onboardingUrl: user.onboardingUrl,
    optimizationUrl: user.optimizationUrl,
    emailVerified: user.emailVerifiedAt !== null,
    googleLinked: user.googleId !== null,
    hasPassword: user.passwordHash !== null,
    profileImageUrl: user.profileImageUrl,
    language: user.language,
  };
}

/**
 * Who views the portal as the signed-in customer, since when and why, for the session's banner
 * (decision 036); null when the session views no one.
 */
export function viewingOf(request: FastifyRequest): Viewing | null {
  const admin = request.viewingAdmin;
  const session = request.currentSession;
  if (!admin || !session?.viewingSince) return null;
  return {
    admin: { name: admin.name, email: admin.email },
    since: session.viewingSince.toISOString(),
    reason: session.viewingReason ?? "",
  };
}
