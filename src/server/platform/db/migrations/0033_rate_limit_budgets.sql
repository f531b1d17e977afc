-- Hand-written. Limits whose hit is taken before the attempt is checked (rate-limiter.ts, `take`):
-- one row per key holding the times of its hits still in the window, so a single upsert counts and
-- decides under the row's lock. Counting in rate_limit_hits (check, then insert) let attempts at
-- once on two instances pass a check none of them had counted yet.
CREATE TABLE "rate_limit_budgets" (
	"key" text PRIMARY KEY NOT NULL,
	"taken" timestamp with time zone[] NOT NULL,
	"granted" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_budgets_updated_at_idx" ON "rate_limit_budgets" USING btree ("updated_at");
