-- Hand-written. The sync now takes only http and https links from the base (record-mapper.ts); a
-- link stored before, a `javascript:` one say, would otherwise stay on screen as long as its record
-- is refused. Such links are dropped: the next sync of a corrected record brings the right one.
UPDATE "users" SET "profile_image_url" = NULL WHERE "profile_image_url" !~* '^https?://';
--> statement-breakpoint
UPDATE "users" SET "onboarding_url" = NULL WHERE "onboarding_url" !~* '^https?://';
--> statement-breakpoint
UPDATE "users" SET "optimization_url" = NULL WHERE "optimization_url" !~* '^https?://';
--> statement-breakpoint
UPDATE "linkedin_accounts" SET "profile_url" = NULL WHERE "profile_url" !~* '^https?://';
--> statement-breakpoint
UPDATE "profile_optimizations" SET "profile_url" = NULL WHERE "profile_url" !~* '^https?://';
