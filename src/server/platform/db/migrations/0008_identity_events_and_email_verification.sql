CREATE TABLE "identity_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"detail" varchar(255),
	"ip_address" varchar(64),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_events_kind_check" CHECK ("identity_events"."kind" in ('google-sign-in', 'google-link', 'google-unlink', 'google-sign-up', 'email-verified'))
);
--> statement-breakpoint
ALTER TABLE "email_tokens" DROP CONSTRAINT "email_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "identity_events" ADD CONSTRAINT "identity_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_events_user_id_idx" ON "identity_events" USING btree ("user_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "identity_events_at_idx" ON "identity_events" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_purpose_check" CHECK ("email_tokens"."purpose" in ('claim', 'reset', 'email-change', 'verify-email'));