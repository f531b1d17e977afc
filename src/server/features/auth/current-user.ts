import type { CurrentUser } from "../../../shared/api/user";
import type { UserRow } from "../../db/schema";

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
  };
}
