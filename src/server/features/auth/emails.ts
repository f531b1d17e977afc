import type { MailMessage } from "../../adapters/mail/port";
import { escapeHtml } from "../../http/escape-html";

function linkMail(
  to: string,
  subject: string,
  intro: string,
  action: string,
  url: string,
  outro: string,
): MailMessage {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${url}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

export function claimAccountMail(to: string, url: string): MailMessage {
  return linkMail(
    to,
    "Confirm your email to finish creating your account",
    "You asked to create a portal account for your existing customer record. Confirm that this email is yours and your LinkedIn accounts will be linked automatically.",
    "Confirm and sign in",
    url,
    "The link works once and expires in 30 minutes. If you did not ask for this, ignore this email.",
  );
}

export function resetPasswordMail(to: string, url: string): MailMessage {
  return linkMail(
    to,
    "Reset your password",
    "Someone asked to reset the password of your portal account.",
    "Choose a new password",
    url,
    "The link works once and expires in 30 minutes. If you did not ask for this, ignore this email: your password stays as it is.",
  );
}

export function confirmEmailChangeMail(to: string, url: string): MailMessage {
  return linkMail(
    to,
    "Confirm your new email address",
    "You asked to use this address for your portal account.",
    "Confirm this email",
    url,
    "The link works once and expires in 30 minutes. Until you follow it, your account keeps its current email. If you did not ask for this, ignore this email.",
  );
}

export function verifyEmailMail(to: string, url: string): MailMessage {
  return linkMail(
    to,
    "Verify your email address",
    "Welcome to the portal. Confirm that this email is yours so that your customer records can be linked to your account.",
    "Verify this email",
    url,
    'The link works once, in the browser where you are signed in to the portal, and expires in 30 minutes. You can ask for a new one from your dashboard. If you did not create an account, someone else typed your address: ignore this link, and choose "Forgot password?" on the sign-in page to take the account over.',
  );
}

export function emailChangedNotice(to: string, newEmail: string): MailMessage {
  const text = `The email of your portal account was changed to ${newEmail}. From now on, sign in and receive mail there. If you did not make this change, reset your password and contact support.`;
  return { to, subject: "Your email was changed", text: `${text}\n`, html: `<p>${escapeHtml(text)}</p>` };
}

export function passwordChangedNotice(to: string, appUrl: string): MailMessage {
  return linkMail(
    to,
    "Your password was changed",
    "The password of your portal account was just changed, and every other browser was signed out.",
    "Review your sessions",
    `${appUrl}/settings`,
    'If you did not make this change, choose "Forgot password?" on the sign-in page at once to set a new one, and contact support.',
  );
}

export function newSignInMail(
  to: string,
  sign: { when: string; device: string; ip: string; sessionsUrl: string },
): MailMessage {
  return linkMail(
    to,
    "New sign-in to your account",
    `Your portal account was signed into from a browser it had not seen before: ${sign.device}, at ${sign.when}, from the address ${sign.ip}.`,
    "Review your sessions",
    sign.sessionsUrl,
    'If this was you, there is nothing to do. If not, end that session in Settings, then choose "Forgot password?" on the sign-in page to set a new password.',
  );
}

/**
 * The answer to a claim for an address that already has a login: no link that sets a password (the
 * account has one), but the two ways back in, so an owner who forgot they registered is not left
 * waiting for a mail that never comes.
 */
export function loginExistsMail(to: string, signInUrl: string, forgotPasswordUrl: string): MailMessage {
  const intro =
    "Someone asked to create a portal account for this email as an existing customer. This email already has a login, so there is nothing to create.";
  const outro =
    "If you did not ask for this, ignore this email: nothing has changed, and your password stays as it is.";
  return {
    to,
    subject: "You already have a portal login",
    text: `${intro}\n\nSign in: ${signInUrl}\n\nForgot password? Choose a new one: ${forgotPasswordUrl}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(signInUrl)}">Sign in</a></p><p>Forgot password? <a href="${escapeHtml(forgotPasswordUrl)}">Choose a new one</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

/**
 * The confirmation that a customer closed their portal login, to the address the login had (the row
 * itself is anonymised by then): what ended, what the operator keeps, and the way back.
 */
export function loginClosedMail(
  to: string,
  closed: { when: string; registerExistingUrl: string },
): MailMessage {
  const paragraphs = [
    `Your portal login was closed at ${closed.when}, as you asked. Every session, passkey, authenticator app, recovery code and Google link of it was removed, and your name, email, username and picture were removed from your profile in the portal. Signing in with this email no longer works.`,
    "We keep our own records of the LinkedIn accounts, orders and optimization requests we handle for you, and the record of your payments, as bookkeeping law requires. Closing your login does not cancel a plan: write to support if you want to end one.",
    "If you are an existing customer and want a portal login again, set one up with this email on the existing-customer page:",
  ];
  const outro = "If you did not close your login yourself, contact support at once.";
  return {
    to,
    subject: "Your portal login is closed",
    text: `${paragraphs.join("\n\n")} ${closed.registerExistingUrl}\n\n${outro}\n`,
    html: `${paragraphs
      .slice(0, 2)
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join(
        "",
      )}<p>${escapeHtml(paragraphs[2] ?? "")} <a href="${escapeHtml(closed.registerExistingUrl)}">Set up your login</a></p><p>${escapeHtml(outro)}</p>`,
  };
}
