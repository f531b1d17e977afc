ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "browser_language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'de'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_browser_language_check" CHECK ("users"."browser_language" in ('en', 'de'));