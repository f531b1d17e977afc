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
  // The customers below own LinkedIn accounts (see e2e-accounts.ts), so their uids are fixed: the
  // accounts in the sync source name their owner by uid.
  /** Twelve accounts of every type and status, with passwords, a 2FA secret and recovery codes. */
  accountsOwner: {
    email: "olivia.owner@example.test",
    name: "Olivia Owner",
    username: "olivia",
    role: "customer",
    sessionToken: "e2e-accounts-owner-session-token-0123456789",
    uid: "e2e00000-0000-4000-8000-000000000001",
  },
  /** 2,000 accounts, for pagination and speed. */
  manyAccounts: {
    email: "manny.many@example.test",
    name: "Manny Many",
    username: "manny",
    role: "customer",
    sessionToken: "e2e-many-accounts-session-token-0123456789",
    uid: "e2e00000-0000-4000-8000-000000000002",
  },
  /** Two accounts; the test that reveals a password and reads it back in Recent Activity is the only one to use them. */
  revealer: {
    email: "rhea.revealer@example.test",
    name: "Rhea Revealer",
    username: "rhea",
    role: "customer",
    sessionToken: "e2e-revealer-session-token-0123456789abcdef",
    uid: "e2e00000-0000-4000-8000-000000000003",
  },
  /**
   * No accounts in the portal at the start, three in the sync source for Sync Now to bring in (the
   * admin test's full sync may bring them in first).
   */
  syncer: {
    email: "sam.syncer@example.test",
    name: "Sam Syncer",
    username: "sam",
    role: "customer",
    sessionToken: "e2e-syncer-session-token-0123456789abcdef01",
    uid: "e2e00000-0000-4000-8000-000000000004",
  },
  /** No accounts anywhere: presses Sync Accounts and gets none (the customer must keep an empty Recent Activity). */
  emptySyncer: {
    email: "eve.empty@example.test",
    name: "Eve Empty",
    username: "eve",
    role: "customer",
    sessionToken: "e2e-empty-syncer-session-token-0123456789ab",
  },
  /** Fills, changes and empties a cart; each test's browser has a cart of its own. */
  shopper: {
    email: "sasha.shopper@example.test",
    name: "Sasha Shopper",
    username: "sasha",
    role: "customer",
    sessionToken: "e2e-shopper-session-token-0123456789abcdef",
  },
  /** Pays once, on the test checkout, as a first-time customer with an onboarding link. */
  buyer: {
    email: "bea.buyer@example.test",
    name: "Bea Buyer",
    username: "bea",
    role: "customer",
    sessionToken: "e2e-buyer-session-token-0123456789abcdef012",
    uid: "e2e00000-0000-4000-8000-000000000005",
    onboardingUrl: "https://onboarding.example.test/bea",
  },
  /** Named by payment links that a signed-out payer pays or cancels (shop.spec.ts); never signed in. */
  payLinkCustomer: {
    email: "lena.link@example.test",
    name: "Lena Linkpaid",
    username: "lena",
    role: "customer",
    sessionToken: "e2e-pay-link-customer-session-token-0123456",
    uid: "e2e00000-0000-4000-8000-000000000006",
  },
  /** Pays an order with a volume discount, whose success page is then opened signed out (shop.spec.ts). */
  discountBuyer: {
    email: "dora.discount@example.test",
    name: "Dora Discount",
    username: "dora",
    role: "customer",
    sessionToken: "e2e-discount-buyer-session-token-0123456789",
  },
  /** Places, pays and cancels orders on the order history (orders.spec.ts); nobody else orders as them. */
  orderFollower: {
    email: "otis.orders@example.test",
    name: "Otis Orders",
    username: "otis",
    role: "customer",
    sessionToken: "e2e-order-follower-session-token-012345678",
  },
  /** A billing history of every event type (see e2e-transactions.ts), none of it paid through Stripe. */
  transactionsOwner: {
    email: "toni.transactions@example.test",
    name: "Toni Transactions",
    username: "toni",
    role: "customer",
    sessionToken: "e2e-transactions-owner-session-token-0123456",
    uid: "e2e00000-0000-4000-8000-0000000000b1",
  },
  /**
   * A plan past due and its failed renewal, paid through the local test provider (see
   * latePayerBilling in e2e-transactions.ts): Pay now pays it, once.
   */
  latePayer: {
    email: "lee.late@example.test",
    name: "Lee Late",
    username: "lee",
    role: "customer",
    sessionToken: "e2e-late-payer-session-token-0123456789abcd",
    uid: "e2e00000-0000-4000-8000-0000000000b2",
  },
  /** Years of monthly renewals and a few refunds (see longHistory in e2e-transactions.ts): pages of them. */
  longHistory: {
    email: "lars.long-history@example.test",
    name: "Lars Longhistory",
    username: "lars",
    role: "customer",
    sessionToken: "e2e-long-history-session-token-0123456789ab",
    uid: "e2e00000-0000-4000-8000-0000000000b3",
  },
  /** A request of every optimization status (see e2e-optimizations.ts), and a request form to open. */
  optimizer: {
    email: "opal.optimizer@example.test",
    name: "Opal Optimizer",
    username: "opal",
    role: "customer",
    sessionToken: "e2e-optimizer-session-token-0123456789abcdef",
    uid: "e2e00000-0000-4000-8000-0000000000c1",
    optimizationUrl: "https://forms.example.test/optimization/opal",
  },
  /**
   * Registered before their record reached the portal, email not verified yet: verifies it from the
   * dashboard, and the sync then links them to the record and its account.
   */
  registeredFirst: {
    email: "rory.registered@example.test",
    name: "Rory Registered",
    username: "rory",
    role: "customer",
    sessionToken: "e2e-registered-first-session-token-0123456",
    emailVerified: false,
    baseRecordUid: "e2e00000-0000-4000-8000-0000000000d1",
  },
  /**
   * Signs in with a password and owns one account, but proved who they are a day ago: every secret
   * asks for a fresh proof first (decision 023).
   */
  prover: {
    email: "perry.prover@example.test",
    name: "Perry Prover",
    username: "perry",
    role: "customer",
    sessionToken: "e2e-prover-session-token-0123456789abcdef01",
    uid: "e2e00000-0000-4000-8000-0000000000e1",
    password: "Prover-Portal-2026!",
    provenHoursAgo: 24,
  },
  /**
   * Close their portal login (close-login.spec.ts), one on a desktop and one on a phone. Signed in
   * with a password a day ago, so the closing asks for a fresh proof first (decision 023).
   */
  desktopCloser: {
    email: "cleo.closer@example.test",
    name: "Cleo Closer",
    username: "cleo",
    role: "customer",
    sessionToken: "e2e-desktop-closer-session-token-0123456789",
    password: "Closer-Portal-2026!",
    provenHoursAgo: 24,
  },
  phoneCloser: {
    email: "phil.closer@example.test",
    name: "Phil Closer",
    username: "phil",
    role: "customer",
    sessionToken: "e2e-phone-closer-session-token-0123456789ab",
    password: "Closer-Phone-2026!",
    provenHoursAgo: 24,
  },
  /** No payments at the start: the admin links payments that found no customer to them. */
  payee: {
    email: "penny.payee@example.test",
    name: "Penny Payee",
    username: "penny",
    role: "customer",
    sessionToken: "e2e-payee-session-token-0123456789abcdef012",
    uid: "e2e00000-0000-4000-8000-0000000000f5",
  },
  /** Registered first and never verifies: the sync refuses to link them, and tells the admin why. */
  unverifiedFirst: {
    email: "uma.unverified@example.test",
    name: "Uma Unverified",
    username: "uma",
    role: "customer",
    sessionToken: "e2e-unverified-first-session-token-012345",
    emailVerified: false,
    baseRecordUid: "e2e00000-0000-4000-8000-0000000000d2",
  },
  /**
   * Viewed by the admin as a customer, read only (view-as.spec.ts), one on a desktop and one on a
   * phone; each then sees in Settings that support viewed their account.
   */
  desktopViewed: {
    email: "vera.viewed@example.test",
    name: "Vera Viewed",
    username: "vera",
    role: "customer",
    sessionToken: "e2e-desktop-viewed-session-token-0123456789",
    uid: "e2e00000-0000-4000-8000-0000000000f1",
  },
  phoneViewed: {
    email: "victor.viewed@example.test",
    name: "Victor Viewed",
    username: "victor",
    role: "customer",
    sessionToken: "e2e-phone-viewed-session-token-0123456789ab",
    uid: "e2e00000-0000-4000-8000-0000000000f2",
  },
  /**
   * The admin who views them (view-as.spec.ts): signed in with a password a day ago, so starting a
   * view asks for a fresh proof first (decision 069).
   */
  viewingAdmin: {
    email: "val.viewer@example.test",
    name: "Val Viewer",
    username: "val_viewer",
    role: "admin",
    sessionToken: "e2e-viewing-admin-session-token-0123456789",
    password: "Viewer-Admin-2026!",
    provenHoursAgo: 24,
  },
  /** An admin ends all of their sessions from their customer's page on a desktop. */
  sessionsEndedDesktop: {
    email: "dora.desk-sessions@example.test",
    name: "Dora Desksessions",
    username: "dora_desk",
    role: "customer",
    sessionToken: "e2e-sessions-ended-desktop-token-0123456789",
    uid: "e2e00000-0000-4000-8000-0000000000f3",
  },
  /** The same on a phone. */
  sessionsEndedPhone: {
    email: "pia.phone-sessions@example.test",
    name: "Pia Phonesessions",
    username: "pia_phone",
    role: "customer",
    sessionToken: "e2e-sessions-ended-phone-token-0123456789ab",
    uid: "e2e00000-0000-4000-8000-0000000000f4",
  },
  /**
   * Notifications read and unread from the start (see e2e-notifications.ts), followed under the bell,
   * on the list page and in Settings (notifications.spec.ts): one on a desktop, one on a phone.
   */
  notifiedDesktop: {
    email: "nora.notified@example.test",
    name: "Nora Notified",
    username: "nora",
    role: "customer",
    sessionToken: "e2e-notified-desktop-session-token-01234567",
    uid: "e2e00000-0000-4000-8000-00000000a0a1",
  },
  notifiedPhone: {
    email: "ned.notified@example.test",
    name: "Ned Notified",
    username: "ned",
    role: "customer",
    sessionToken: "e2e-notified-phone-session-token-0123456789a",
    uid: "e2e00000-0000-4000-8000-00000000a0a2",
  },
  /**
   * Reports problems with their accounts at 1280 px and follows them (replacement-requests.spec.ts):
   * three accounts of their own (e2e-accounts.ts), so no other test sees their requests.
   */
  requesterDesktop: {
    email: "rory.requester@example.test",
    name: "Rory Requester",
    username: "rory_requester",
    role: "customer",
    sessionToken: "e2e-requester-desktop-token-0123456789abcd",
    uid: "e2e00000-0000-4000-8000-0000000000a1",
  },
  /** The same on a phone. */
  requesterPhone: {
    email: "phoebe.requester@example.test",
    name: "Phoebe Requester",
    username: "phoebe_requester",
    role: "customer",
    sessionToken: "e2e-requester-phone-token-0123456789abcdef",
    uid: "e2e00000-0000-4000-8000-0000000000a2",
  },
  /**
   * Choose the portal's language in Settings (language-settings.spec.ts), one on a desktop and one on
   * a phone: the choice is kept on the user, so nobody else may sign in as them.
   */
  desktopLinguist: {
    email: "lina.linguist@example.test",
    name: "Lina Linguist",
    username: "lina_linguist",
    role: "customer",
    sessionToken: "e2e-desktop-linguist-session-token-01234567",
  },
  phoneLinguist: {
    email: "linus.linguist@example.test",
    name: "Linus Linguist",
    username: "linus_linguist",
    role: "customer",
    sessionToken: "e2e-phone-linguist-session-token-0123456789",
  },
  /** Viewed by the admin, read only, whose pick of a language is refused (language-settings.spec.ts). */
  viewedLinguist: {
    email: "lotte.linguist@example.test",
    name: "Lotte Linguist",
    username: "lotte_linguist",
    role: "customer",
    sessionToken: "e2e-viewed-linguist-session-token-012345678",
    uid: "e2e00000-0000-4000-8000-0000000000e2",
  },
  /**
   * Accounts whose address nobody has proven yet (registered before registering needed the mailed
   * link, decision 071): each verifies it from a mailed verification link in verify-email.spec.ts.
   */
  verifyFromDashboard: {
    email: "vera.verify@example.test",
    name: "Vera Verify",
    username: "vera_verify",
    role: "customer",
    password: "Vera-Verifies-2026!",
    sessionToken: "e2e-verify-dashboard-session-token-0123456",
    emailVerified: false,
  },
  verifyOnPhone: {
    email: "signe.phone@example.test",
    name: "Signe Phone",
    username: "signe_phone",
    role: "customer",
    password: "Signe-Verifies-2026!",
    sessionToken: "e2e-verify-on-phone-session-token-01234567",
    emailVerified: false,
  },
  verifyAfterResend: {
    email: "rhys.resend@example.test",
    name: "Rhys Resend",
    username: "rhys_resend",
    role: "customer",
    password: "Rhys-Verifies-2026!",
    sessionToken: "e2e-verify-resend-session-token-0123456789",
    emailVerified: false,
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
  claimInAnotherBrowser: { email: "imported.claim-elsewhere@example.test", name: "Otto Elsewhere" },
  claimWithGoogle: { email: "imported.claim-google@example.test", name: "Greta Google" },
} as const;
