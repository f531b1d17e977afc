CREATE TABLE "outbox_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"supersede_key" text,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"dead_at" timestamp with time zone
);
--> statement-breakpoint
-- The write-backs still waiting (and the delivered ones, kept as history) move to the job table.
INSERT INTO "outbox_jobs" ("kind", "supersede_key", "payload", "created_at", "attempts", "next_attempt_at", "locked_until", "last_error", "done_at")
SELECT 'airtable-write-back', 'airtable-user:' || "user_id", jsonb_build_object('userId', "user_id", 'recordId', "airtable_record_id", 'fields', "fields"), "created_at", "attempts", "next_attempt_at", "locked_until", "last_error", "sent_at"
FROM "airtable_outbox" ORDER BY "id";--> statement-breakpoint
DROP TABLE "airtable_outbox" CASCADE;--> statement-breakpoint
CREATE INDEX "outbox_jobs_due_idx" ON "outbox_jobs" USING btree ("next_attempt_at") WHERE "outbox_jobs"."done_at" is null and "outbox_jobs"."dead_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_jobs_supersede_key_idx" ON "outbox_jobs" USING btree ("supersede_key");