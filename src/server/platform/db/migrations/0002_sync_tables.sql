CREATE TABLE "airtable_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"airtable_record_id" text NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "airtable_request_slots" (
	"base_id" text PRIMARY KEY NOT NULL,
	"next_slot_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "linkedin_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"uid" varchar(36) NOT NULL,
	"airtable_record_id" text NOT NULL,
	"last_synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"account_type" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"linkedin_email" text,
	"linkedin_password_encrypted" text,
	"profile_url" text,
	"status" text DEFAULT 'Active' NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_optimized" boolean DEFAULT false NOT NULL,
	"connections_count" integer DEFAULT 0 NOT NULL,
	"followers" integer,
	"headline" text,
	"location" text,
	"industry" text,
	"gender" text,
	"proxy_country" text,
	"proxy_ip" text,
	"proxy_port" text,
	"proxy_username" text,
	"proxy_password_encrypted" text,
	"proxy_zone_name" text,
	"proxy_url" text,
	"two_fa_secret_encrypted" text,
	"two_fa_recovery_codes_encrypted" text,
	"two_fa_recovery_code_count" integer DEFAULT 0 NOT NULL,
	"two_fa_status" text,
	"verification_type" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "profile_optimizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"uid" varchar(36) NOT NULL,
	"airtable_record_id" text NOT NULL,
	"last_synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"form_name" text,
	"company_name" text,
	"form_submission_date" timestamp with time zone,
	"headline" text,
	"about_section" text,
	"job_titles" text,
	"linkedin_banner" text,
	"linkedin_profile_picture" text,
	"linkedin_company_page" text,
	"experience_job_title" text,
	"experience_description" text,
	"notes" text,
	"profiles_to_optimize" integer,
	"optimization_type" text,
	"profile_url" text,
	"gender" text,
	"ethnicity" text,
	"age_range" text,
	"current_location" text,
	"target_location" text,
	"industry" text,
	"seniority_level" text,
	"company_size" text,
	"account_locations" text,
	"linkedin_pfp" text,
	"education" text,
	"skills" text,
	"optimization_files" text,
	"other_criteria" text,
	"status" text DEFAULT 'submitted' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_locks" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"trigger" text NOT NULL,
	"started_by_user_id" integer,
	"scope_uid" varchar(36),
	"source" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"message" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"modified_since" timestamp with time zone,
	"processed" integer DEFAULT 0 NOT NULL,
	"synced" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"error_details" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"uid" varchar(36) NOT NULL,
	"airtable_record_id" text NOT NULL,
	"last_synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_id" text,
	"cs_live_id" text,
	"object" text,
	"client_ref_id" text,
	"currency" text,
	"amount_actual" text,
	"product" text,
	"event_type" text,
	"email" text,
	"name" text,
	"phone" text,
	"customer_email" text,
	"address_city" text,
	"address_line1" text,
	"address_line2" text,
	"address_country" text,
	"address_postcode" text,
	"discounts" text,
	"created_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "airtable_outbox" ADD CONSTRAINT "airtable_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_accounts" ADD CONSTRAINT "linkedin_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_optimizations" ADD CONSTRAINT "profile_optimizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_started_by_user_id_users_id_fk" FOREIGN KEY ("started_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "airtable_outbox_due_idx" ON "airtable_outbox" USING btree ("next_attempt_at") WHERE "airtable_outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "airtable_outbox_user_id_idx" ON "airtable_outbox" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "linkedin_accounts_airtable_record_id_key" ON "linkedin_accounts" USING btree ("airtable_record_id");--> statement-breakpoint
CREATE INDEX "linkedin_accounts_user_id_idx" ON "linkedin_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_optimizations_airtable_record_id_key" ON "profile_optimizations" USING btree ("airtable_record_id");--> statement-breakpoint
CREATE INDEX "profile_optimizations_user_id_idx" ON "profile_optimizations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sync_runs_started_at_idx" ON "sync_runs" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_airtable_record_id_key" ON "transactions" USING btree ("airtable_record_id");--> statement-breakpoint
CREATE INDEX "transactions_user_id_idx" ON "transactions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "transactions_event_id_idx" ON "transactions" USING btree ("event_id");