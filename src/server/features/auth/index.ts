/**
 * Sign-in's face to the account feature, which changes what sign-in proves: the context the routes
 * are given, the signed-in user as the client reads them, the rate rules and mail requests behind a
 * mailed link, and the links themselves. Its routes are wired in by app.ts.
 */
export { toCurrentUser } from "./current-user";
export { consumeEmailToken, findUsableEmailToken } from "./email-tokens";
export { emailChangedNotice } from "./emails";
export { enqueueMailRequest } from "./mail-requests";
export {
  type AuthContext,
  type AuthRoutesOptions,
  EMAIL_TAKEN_MESSAGE,
  rateRule,
  requestMail,
} from "./service";
export { uniqueViolation } from "./users-repo";
