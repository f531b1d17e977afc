CREATE TABLE "account_secret_reveals" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"owner_user_id" integer NOT NULL,
	"account_id" integer,
	"account_label" text NOT NULL,
	"secret" text NOT NULL,
	"ip" text,
	"revealed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_secret_reveals_secret_check" CHECK ("account_secret_reveals"."secret" in ('password', 'proxyPassword', 'recoveryCodes', 'loginCode', 'export'))
);
--> statement-breakpoint
ALTER TABLE "account_secret_reveals" ADD CONSTRAINT "account_secret_reveals_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_secret_reveals" ADD CONSTRAINT "account_secret_reveals_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_secret_reveals" ADD CONSTRAINT "account_secret_reveals_account_id_linkedin_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."linkedin_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_secret_reveals_owner_idx" ON "account_secret_reveals" USING btree ("owner_user_id","revealed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "account_secret_reveals_account_id_idx" ON "account_secret_reveals" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "account_secret_reveals_actor_user_id_idx" ON "account_secret_reveals" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "sync_runs_scope_uid_started_at_idx" ON "sync_runs" USING btree ("scope_uid","started_at" DESC NULLS LAST);