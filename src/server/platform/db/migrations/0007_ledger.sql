ALTER TABLE "transactions" DROP CONSTRAINT "transactions_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "transactions_user_id_idx";--> statement-breakpoint
DROP INDEX "transactions_event_id_idx";--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "uid" DROP NOT NULL;--> statement-breakpoint
-- Rows already synced: amounts from the base's text ("98.00", "$1,234.50") to cents, 0 where the text is no amount.
UPDATE "transactions" SET "amount_cents" = CASE
  WHEN regexp_replace(coalesce("amount_actual", ''), '[^0-9.\-]', '', 'g') ~ '^-?[0-9]{1,7}(\.[0-9]{1,2})?$'
  THEN round(regexp_replace("amount_actual", '[^0-9.\-]', '', 'g')::numeric * 100)::integer
  ELSE 0 END
WHERE "amount_cents" IS NULL;--> statement-breakpoint
UPDATE "transactions" SET "currency" = CASE
  WHEN trim(coalesce("currency", '')) ~ '^[A-Za-z]{3}$' THEN upper(trim("currency")) ELSE 'USD' END;--> statement-breakpoint
-- One row per payment event id: of copies already synced, the first recorded stays.
DELETE FROM "transactions" AS "later" USING "transactions" AS "earlier"
WHERE "later"."event_id" = "earlier"."event_id" AND "later"."id" > "earlier"."id";--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "amount_cents" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "amount_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "currency" SET DEFAULT 'USD';--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "receipt_url" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_event_id_key" ON "transactions" USING btree ("event_id") WHERE "transactions"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_user_id_occurred_idx" ON "transactions" USING btree ("user_id",coalesce("created_time", "created_at") desc);--> statement-breakpoint
CREATE INDEX "transactions_stripe_customer_id_idx" ON "transactions" USING btree ("stripe_customer_id");