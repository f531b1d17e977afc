-- Hand-written. "This wasn't me" links in the new-sign-in mail (decision 072): a mailed token of its
-- own purpose that names the session it ends.
ALTER TABLE "email_tokens" ADD COLUMN "session_id" integer;--> statement-breakpoint
ALTER TABLE "email_tokens" DROP CONSTRAINT "email_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_purpose_check" CHECK ("email_tokens"."purpose" in ('claim', 'reset', 'email-change', 'verify-email', 'sign-in-disowned'));
