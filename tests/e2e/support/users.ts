/**
 * The users the browser tests sign in as. The e2e server start script writes them, with a session
 * for each, straight into the database before the server starts; tests put the token in a cookie.
 */
export const SESSION_COOKIE = "portal_session";

export const e2eUsers = {
  customer: {
    email: "casey.customer@example.test",
    name: "Casey Customer",
    username: "casey",
    role: "customer",
    sessionToken: "e2e-customer-session-token-0123456789abcdef",
  },
  admin: {
    email: "ada.admin@example.test",
    name: "Ada Admin",
    username: "ada",
    role: "admin",
    sessionToken: "e2e-admin-session-token-0123456789abcdef012",
  },
} as const;

export type E2eUserKey = keyof typeof e2eUsers;

/**
 * Extra sessions for tests that end their session (sign out): signing out with the shared token
 * would sign out every other test running as that user. Each such test takes its own index.
 */
export const DISPOSABLE_SESSIONS_PER_USER = 10;
export function disposableSessionToken(user: E2eUserKey, index: number): string {
  if (index < 0 || index >= DISPOSABLE_SESSIONS_PER_USER) throw new Error(`no disposable session ${index}`);
  return `${e2eUsers[user].sessionToken}-disposable-${index}`;
}

/**
 * Imported customers as the sync creates them: a user row with an email and a name but no password
 * (and no session), waiting to be claimed through existing-customer registration. Claiming one gives
 * it a password, so each test that claims takes its own.
 */
export const e2eImportedUsers = {
  claimThroughMailbox: { email: "imported.claim-mailbox@example.test", name: "Imogen Imported" },
} as const;
