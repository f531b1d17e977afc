CREATE INDEX "transactions_checkouts_idx" ON "transactions" USING btree ("invoice_id","order_id","receipt_url") WHERE "transactions"."event_type" = 'checkout.session.completed';
