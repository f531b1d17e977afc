/** Outgoing mail as the features see it. Adapters: SMTP (smtp-mailer.ts), the development mailbox. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: "smtp" | "dev-mailbox";
  send(message: MailMessage): Promise<void>;
}
