-- Hand-written (decision 066). A refund records what Stripe's running total of a charge's refunds
-- adds to the refunds the ledger holds for that charge: the charge is kept on the row.
ALTER TABLE "transactions" ADD COLUMN "charge_id" text;
--> statement-breakpoint
CREATE INDEX "transactions_charge_id_idx" ON "transactions" USING btree ("charge_id") WHERE "transactions"."charge_id" is not null;
--> statement-breakpoint
-- One payment per checkout session the provider reported: the rows that further events with new ids
-- added for a session already paid are the same payment counted again, and go; the first stays.
DELETE FROM "transactions" AS "extra"
  USING "transactions" AS "kept"
  WHERE "extra"."event_type" = 'checkout.session.completed' AND "kept"."event_type" = 'checkout.session.completed'
    AND "extra"."source" <> 'airtable' AND "kept"."source" <> 'airtable'
    AND "extra"."cs_live_id" = "kept"."cs_live_id" AND "kept"."id" < "extra"."id";
--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_checkout_session_key" ON "transactions" USING btree ("cs_live_id") WHERE "transactions"."event_type" = 'checkout.session.completed' and "transactions"."source" <> 'airtable' and "transactions"."cs_live_id" is not null;
--> statement-breakpoint
-- Orders a payment link's holder started stay out of the customer's list until they are paid. Who
-- started the unpaid payment-link orders from before is not known: they are taken as a holder's.
ALTER TABLE "orders" ADD COLUMN "by_link_holder" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "orders" SET "by_link_holder" = true WHERE "channel" = 'pay-link' AND "status" NOT IN ('paid', 'refunded');
