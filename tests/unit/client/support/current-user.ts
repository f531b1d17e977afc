/** The signed-in user as the session answers it, for the client's unit tests; a test names what matters to it. */
import type { CurrentUser } from "../../../../src/shared/api/user";

export function currentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 42,
    uid: "4a8f0f5e-1111-4222-8333-944445555666",
    name: "Casey Customer",
    email: "casey@example.test",
    username: "casey",
    role: "customer",
    createdAt: "2026-01-02T03:04:05.000Z",
    onboardingUrl: null,
    optimizationUrl: null,
    emailVerified: true,
    googleLinked: false,
    hasPassword: true,
    profileImageUrl: null,
    language: null,
    ...overrides,
  };
}
