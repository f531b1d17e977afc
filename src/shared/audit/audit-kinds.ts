/**
 * Every kind of entry in the one audit log (decision 035), with the words the admin's log and the
 * customer's own activity show for it. The server writes only these; the admin's filter lists them.
 */
export const AUDIT_EVENT_KINDS = {
  // Signing in
  "sign-in": "Signed in",
  "sign-in-failed": "Sign-in failed",
  "sign-in-refused": "Held back: too many attempts",
  "passkey-sign-in-failed": "Passkey sign-in failed",
  "sign-in-disowned": 'Sign-in reported: "This wasn\'t me"',
  "google-sign-in": "Signed in with Google",
  "google-sign-up": "Signed up with Google",
  // Identity and security
  "google-link": "Google linked",
  "google-unlink": "Google unlinked",
  "email-verified": "Email verified",
  "email-changed": "Email changed",
  "unproven-access-ended": "Unproven access ended",
  "password-changed": "Password changed",
  "password-reset": "Password reset",
  "totp-enabled": "Authenticator app turned on",
  "totp-disabled": "Authenticator app turned off",
  "recovery-codes-generated": "Recovery codes generated",
  "recovery-code-used": "Recovery code used",
  "passkey-added": "Passkey added",
  "passkey-removed": "Passkey removed",
  "step-up": "Identity confirmed again",
  // Secrets and data
  "secret-revealed": "Secret shown",
  "data-exported": "Data downloaded",
  "login-closed": "Portal login closed",
  "login-reopened": "Portal login re-opened",
  // Replacement requests
  "replacement-requested": "Replacement request sent",
  "replacement-request-withdrawn": "Replacement request withdrawn",
  // Admin actions
  "sync-run": "Sync started",
  "view-as-started": "Viewing as customer started",
  "view-as-stopped": "Viewing as customer stopped",
  "sessions-ended": "Sessions ended",
  "payment-linked": "Payment linked to customer",
  "payment-unlinked": "Payment unlinked from customer",
  "outbox-retried": "Background job retried",
  // The log itself
  "audit-pruned": "Old audit entries removed",
} as const;

export type AuditEventKind = keyof typeof AUDIT_EVENT_KINDS;

export const AUDIT_EVENT_KIND_NAMES = Object.keys(AUDIT_EVENT_KINDS) as [AuditEventKind, ...AuditEventKind[]];
