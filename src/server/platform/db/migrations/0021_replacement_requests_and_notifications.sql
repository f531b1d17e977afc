CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"mail" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"detail" jsonb NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "replacement_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" integer,
	"account_record_id" text NOT NULL,
	"account_label" text NOT NULL,
	"kind" text NOT NULL,
	"wish" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"operator_note" text,
	"replacement_record_id" text,
	"airtable_record_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "replacement_requests_kind_check" CHECK ("replacement_requests"."kind" in ('wrong_password', 'restricted', 'banned', 'other')),
	CONSTRAINT "replacement_requests_wish_check" CHECK ("replacement_requests"."wish" in ('replacement', 'fix')),
	CONSTRAINT "replacement_requests_status_check" CHECK ("replacement_requests"."status" in ('submitted', 'in_progress', 'fixed', 'replaced', 'declined', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replacement_requests" ADD CONSTRAINT "replacement_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replacement_requests" ADD CONSTRAINT "replacement_requests_account_id_linkedin_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."linkedin_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_dedupe_key" ON "notifications" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_user_id_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_unmailed_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."mailed_at" is null;--> statement-breakpoint
CREATE INDEX "replacement_requests_user_id_idx" ON "replacement_requests" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "replacement_requests_open_per_account_key" ON "replacement_requests" USING btree ("account_record_id") WHERE "replacement_requests"."status" in ('submitted', 'in_progress');--> statement-breakpoint
CREATE UNIQUE INDEX "replacement_requests_airtable_record_id_key" ON "replacement_requests" USING btree ("airtable_record_id");--> statement-breakpoint
-- The accounts list shows each account's open request, so a request's change moves the list's version on too.
CREATE TRIGGER "replacement_requests_bump_list_version"
AFTER INSERT OR UPDATE OR DELETE ON "replacement_requests"
FOR EACH ROW EXECUTE FUNCTION "bump_linkedin_account_list_version"();
