/**
 * The mails of signing in and of the login itself, in the customer's language (decision 051): each
 * text a message of the mails catalogue, its English the spec's own words.
 */
import type { Language } from "../../../shared/i18n/languages";
import type { MailMessage } from "../../platform/adapters/mail/port";
import { escapeHtml } from "../../platform/http/escape-html";
import { translatorFor } from "../../platform/i18n/translator";

interface LinkMail {
  subject: string;
  intro: string;
  action: string;
  outro: string;
}

function linkMail(to: string, { subject, intro, action, outro }: LinkMail, url: string): MailMessage {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${url}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

export function claimAccountMail(language: Language, to: string, url: string): MailMessage {
  const i18n = translatorFor(language);
  return linkMail(
    to,
    {
      subject: i18n._({
        id: "mail.claim.subject",
        message: "Confirm your email to finish creating your account",
      }),
      intro: i18n._({
        id: "mail.claim.intro",
        message:
          "You asked to create a portal account for your existing customer record. Confirm that this email is yours and your LinkedIn accounts will be linked automatically.",
      }),
      action: i18n._({ id: "mail.claim.action", message: "Confirm and sign in" }),
      outro: i18n._({
        id: "mail.link.once-or-ignore",
        message:
          "The link works once and expires in 30 minutes. If you did not ask for this, ignore this email.",
      }),
    },
    url,
  );
}

/** The link that finishes a registration: it proves the address, sets the password and signs in. */
export function registerAccountMail(language: Language, to: string, url: string): MailMessage {
  const i18n = translatorFor(language);
  return linkMail(
    to,
    {
      subject: i18n._({
        id: "mail.claim.subject",
        message: "Confirm your email to finish creating your account",
      }),
      intro: i18n._({
        id: "mail.register.intro",
        message:
          "You asked to create a portal account with this email. Confirm that it is yours to finish and sign in.",
      }),
      action: i18n._({ id: "mail.claim.action", message: "Confirm and sign in" }),
      outro: i18n._({
        id: "mail.link.once-or-ignore",
        message:
          "The link works once and expires in 30 minutes. If you did not ask for this, ignore this email.",
      }),
    },
    url,
  );
}

export function resetPasswordMail(language: Language, to: string, url: string): MailMessage {
  const i18n = translatorFor(language);
  return linkMail(
    to,
    {
      subject: i18n._({ id: "mail.reset.subject", message: "Reset your password" }),
      intro: i18n._({
        id: "mail.reset.intro",
        message: "Someone asked to reset the password of your portal account.",
      }),
      action: i18n._({ id: "mail.reset.action", message: "Choose a new password" }),
      outro: i18n._({
        id: "mail.reset.outro",
        message:
          "The link works once and expires in 30 minutes. If you did not ask for this, ignore this email: your password stays as it is.",
      }),
    },
    url,
  );
}

export function confirmEmailChangeMail(language: Language, to: string, url: string): MailMessage {
  const i18n = translatorFor(language);
  return linkMail(
    to,
    {
      subject: i18n._({ id: "mail.email-change.subject", message: "Confirm your new email address" }),
      intro: i18n._({
        id: "mail.email-change.intro",
        message: "You asked to use this address for your portal account.",
      }),
      action: i18n._({ id: "mail.email-change.action", message: "Confirm this email" }),
      outro: i18n._({
        id: "mail.email-change.outro",
        message:
          "The link works once and expires in 30 minutes. Until you follow it, your account keeps its current email. If you did not ask for this, ignore this email.",
      }),
    },
    url,
  );
}

export function verifyEmailMail(language: Language, to: string, url: string): MailMessage {
  const i18n = translatorFor(language);
  return linkMail(
    to,
    {
      subject: i18n._({ id: "mail.verify.subject", message: "Verify your email address" }),
      intro: i18n._({
        id: "mail.verify.intro",
        message:
          "Welcome to the portal. Confirm that this email is yours so that your customer records can be linked to your account.",
      }),
      action: i18n._({ id: "mail.verify.action", message: "Verify this email" }),
      outro: i18n._({
        id: "mail.verify.outro",
        message:
          'The link works once, in the browser where you are signed in to the portal, and expires in 30 minutes. You can ask for a new one from your dashboard. If you did not create an account, someone else typed your address: ignore this link, and choose "Forgot password?" on the sign-in page to take the account over.',
      }),
    },
    url,
  );
}

export function emailChangedNotice(language: Language, to: string, newEmail: string): MailMessage {
  const i18n = translatorFor(language);
  const text = i18n._({
    id: "mail.email-changed.text",
    message:
      "The email of your portal account was changed to {newEmail}. From now on, sign in and receive mail there. If you did not make this change, reset your password and contact support.",
    values: { newEmail },
  });
  return {
    to,
    subject: i18n._({ id: "mail.email-changed.subject", message: "Your email was changed" }),
    text: `${text}\n`,
    html: `<p>${escapeHtml(text)}</p>`,
  };
}

/** A way to sign in was added or removed: sent whatever the mail switches say, it is the owner's alarm. */
export function signInMethodNotice(
  language: Language,
  to: string,
  change: "google-linked" | "google-unlinked" | "passkey-added",
  appUrl: string,
): MailMessage {
  const i18n = translatorFor(language);
  const texts = {
    "google-linked": {
      subject: i18n._({
        id: "mail.sign-in-method.google-linked.subject",
        message: "Google was linked to your account",
      }),
      intro: i18n._({
        id: "mail.sign-in-method.google-linked.intro",
        message: "A Google account was just linked to your portal account: from now on it signs you in.",
      }),
    },
    "google-unlinked": {
      subject: i18n._({
        id: "mail.sign-in-method.google-unlinked.subject",
        message: "Google was unlinked from your account",
      }),
      intro: i18n._({
        id: "mail.sign-in-method.google-unlinked.intro",
        message:
          "The Google account linked to your portal account was just unlinked: it no longer signs you in.",
      }),
    },
    "passkey-added": {
      subject: i18n._({
        id: "mail.sign-in-method.passkey-added.subject",
        message: "A passkey was added to your account",
      }),
      intro: i18n._({
        id: "mail.sign-in-method.passkey-added.intro",
        message: "A new passkey was just added to your portal account: from now on it signs you in.",
      }),
    },
  }[change];
  return linkMail(
    to,
    {
      ...texts,
      action: i18n._({ id: "mail.sign-in-method.action", message: "Review your sign-in methods" }),
      outro: i18n._({
        id: "mail.sign-in-method.outro",
        message:
          'If you did not make this change, choose "Forgot password?" on the sign-in page at once to set a new one, remove what you do not recognise in Settings, and contact support.',
      }),
    },
    `${appUrl}/settings`,
  );
}

export function passwordChangedNotice(language: Language, to: string, appUrl: string): MailMessage {
  const i18n = translatorFor(language);
  return linkMail(
    to,
    {
      subject: i18n._({ id: "mail.password-changed.subject", message: "Your password was changed" }),
      intro: i18n._({
        id: "mail.password-changed.intro",
        message:
          "The password of your portal account was just changed, and every other browser was signed out.",
      }),
      action: i18n._({ id: "mail.sessions.action", message: "Review your sessions" }),
      outro: i18n._({
        id: "mail.password-changed.outro",
        message:
          'If you did not make this change, choose "Forgot password?" on the sign-in page at once to set a new one, and contact support.',
      }),
    },
    `${appUrl}/settings`,
  );
}

/**
 * "New sign-in to your account", with "This wasn't me" first (decision 072): its link ends that
 * session and mails a reset link; the second leads to the sessions in Settings.
 */
export function newSignInMail(
  language: Language,
  to: string,
  sign: { when: string; device: string; ip: string; sessionsUrl: string; disownUrl: string },
): MailMessage {
  const i18n = translatorFor(language);
  const intro = i18n._({
    id: "mail.new-sign-in.intro",
    message:
      "Your portal account was signed into from a browser it had not seen before: {device}, at {when}, from the address {ip}.",
    values: { device: sign.device, when: sign.when, ip: sign.ip },
  });
  const disown = i18n._({ id: "mail.new-sign-in.not-me", message: "This wasn't me" });
  const review = i18n._({ id: "mail.sessions.action", message: "Review your sessions" });
  const outro = i18n._({
    id: "mail.new-sign-in.outro-not-me",
    message:
      'If this was you, there is nothing to do. If not, choose "This wasn\'t me": it ends that session at once and mails you a link to choose a new password. It works once, for 7 days.',
  });
  return {
    to,
    subject: i18n._({ id: "mail.new-sign-in.subject", message: "New sign-in to your account" }),
    text: `${intro}\n\n${disown}: ${sign.disownUrl}\n\n${review}: ${sign.sessionsUrl}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(sign.disownUrl)}">${escapeHtml(disown)}</a></p><p><a href="${escapeHtml(sign.sessionsUrl)}">${escapeHtml(review)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

/**
 * The answer to a claim for an address that already has a login: no link that sets a password (the
 * account has one), but the two ways back in, so an owner who forgot they registered is not left
 * waiting for a mail that never comes.
 */
export function loginExistsMail(
  language: Language,
  to: string,
  signInUrl: string,
  forgotPasswordUrl: string,
): MailMessage {
  const i18n = translatorFor(language);
  const intro = i18n._({
    id: "mail.login-exists.intro",
    message:
      "Someone asked to create a portal account for this email as an existing customer. This email already has a login, so there is nothing to create.",
  });
  return loginExists(language, to, intro, signInUrl, forgotPasswordUrl);
}

/** The mail to an address that has a login when someone registers it again (decision 071). */
export function registerLoginExistsMail(
  language: Language,
  to: string,
  signInUrl: string,
  forgotPasswordUrl: string,
): MailMessage {
  const i18n = translatorFor(language);
  const intro = i18n._({
    id: "mail.register-login-exists.intro",
    message:
      "Someone asked to register a new portal account with this email. This email already has a login, so no account was created.",
  });
  return loginExists(language, to, intro, signInUrl, forgotPasswordUrl);
}

function loginExists(
  language: Language,
  to: string,
  intro: string,
  signInUrl: string,
  forgotPasswordUrl: string,
): MailMessage {
  const i18n = translatorFor(language);
  const signIn = i18n._({ id: "mail.login-exists.sign-in", message: "Sign in" });
  const forgot = i18n._({ id: "mail.login-exists.forgot", message: "Forgot password?" });
  const chooseNew = i18n._({ id: "mail.login-exists.choose-new", message: "Choose a new one" });
  const outro = i18n._({
    id: "mail.login-exists.outro",
    message:
      "If you did not ask for this, ignore this email: nothing has changed, and your password stays as it is.",
  });
  return {
    to,
    subject: i18n._({ id: "mail.login-exists.subject", message: "You already have a portal login" }),
    text: `${intro}\n\n${signIn}: ${signInUrl}\n\n${forgot} ${chooseNew}: ${forgotPasswordUrl}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(signInUrl)}">${escapeHtml(signIn)}</a></p><p>${escapeHtml(forgot)} <a href="${escapeHtml(forgotPasswordUrl)}">${escapeHtml(chooseNew)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

/**
 * The confirmation that a customer closed their portal login, to the address the login had (the row
 * itself is anonymised by then): what ended, what the operator keeps, and the way back.
 */
export function loginClosedMail(
  language: Language,
  to: string,
  closed: { when: string; registerExistingUrl: string },
): MailMessage {
  const i18n = translatorFor(language);
  const paragraphs = [
    i18n._({
      id: "mail.login-closed.what-ended",
      message:
        "Your portal login was closed at {when}, as you asked. Every session, passkey, authenticator app, recovery code and Google link of it was removed, and your name, email, username and picture were removed from your profile in the portal. Signing in with this email no longer works.",
      values: { when: closed.when },
    }),
    i18n._({
      id: "mail.login-closed.what-stays",
      message:
        "We keep our own records of the LinkedIn accounts, orders and optimization requests we handle for you, and the record of your payments, as bookkeeping law requires. Closing your login does not cancel a plan: write to support if you want to end one.",
    }),
    i18n._({
      id: "mail.login-closed.way-back",
      message:
        "If you are an existing customer and want a portal login again, set one up with this email on the existing-customer page:",
    }),
  ];
  const setUp = i18n._({ id: "mail.login-closed.set-up", message: "Set up your login" });
  const outro = i18n._({
    id: "mail.login-closed.outro",
    message: "If you did not close your login yourself, contact support at once.",
  });
  return {
    to,
    subject: i18n._({ id: "mail.login-closed.subject", message: "Your portal login is closed" }),
    text: `${paragraphs.join("\n\n")} ${closed.registerExistingUrl}\n\n${outro}\n`,
    html: `${paragraphs
      .slice(0, 2)
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join(
        "",
      )}<p>${escapeHtml(paragraphs[2] ?? "")} <a href="${escapeHtml(closed.registerExistingUrl)}">${escapeHtml(setUp)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}
