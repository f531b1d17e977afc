CREATE TABLE "transaction_counts_by_type" (
	"user_id" integer NOT NULL,
	"event_type" text,
	"row_count" integer NOT NULL,
	CONSTRAINT "transaction_counts_by_type_user_type" UNIQUE NULLS NOT DISTINCT("user_id","event_type")
);
--> statement-breakpoint
CREATE INDEX "transactions_keyed_payments_idx" ON "transactions" USING btree ("user_id") WHERE "transactions"."event_type" = 'payment.succeeded' and ("transactions"."invoice_id" is not null or "transactions"."order_id" is not null);--> statement-breakpoint
-- Everything below is hand-written (decision 048). The transactions list shows how many rows a
-- customer has, and of which event types: counting them on every first read after a change was a pass
-- over the customer's whole ledger, on the embedded database about a third of the read. These
-- triggers keep the counts once per statement, from the rows it changed: each counts -1 as it was and
-- +1 as it is, so a change that moves no row between customers or types writes nothing, and writers
-- of the same customer add up whatever order they commit in. A checkout's first invoice, which the
-- list leaves out, is counted here like any row; the list takes those off as it reads.
CREATE FUNCTION "count_transactions_by_type"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "transaction_counts_by_type" ("user_id", "event_type", "row_count")
		SELECT "user_id", "event_type", count(*) FROM new_rows
		WHERE "user_id" IS NOT NULL
		GROUP BY "user_id", "event_type"
		ORDER BY "user_id", "event_type"
		ON CONFLICT ("user_id", "event_type") DO UPDATE
			SET "row_count" = "transaction_counts_by_type"."row_count" + excluded."row_count";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "transaction_counts_by_type" ("user_id", "event_type", "row_count")
		SELECT "user_id", "event_type", -count(*) FROM old_rows
		WHERE "user_id" IS NOT NULL
		GROUP BY "user_id", "event_type"
		ORDER BY "user_id", "event_type"
		ON CONFLICT ("user_id", "event_type") DO UPDATE
			SET "row_count" = "transaction_counts_by_type"."row_count" + excluded."row_count";
	ELSE
		INSERT INTO "transaction_counts_by_type" ("user_id", "event_type", "row_count")
		SELECT "user_id", "event_type", sum("sign") FROM (
			SELECT -1 AS "sign", "user_id", "event_type" FROM old_rows
			UNION ALL
			SELECT 1, "user_id", "event_type" FROM new_rows
		) AS changed
		WHERE "user_id" IS NOT NULL
		GROUP BY "user_id", "event_type"
		HAVING sum("sign") <> 0
		ORDER BY "user_id", "event_type"
		ON CONFLICT ("user_id", "event_type") DO UPDATE
			SET "row_count" = "transaction_counts_by_type"."row_count" + excluded."row_count";
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_count_by_type_on_insert"
AFTER INSERT ON "transactions" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "count_transactions_by_type"();
--> statement-breakpoint
CREATE TRIGGER "transactions_count_by_type_on_update"
AFTER UPDATE ON "transactions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "count_transactions_by_type"();
--> statement-breakpoint
CREATE TRIGGER "transactions_count_by_type_on_delete"
AFTER DELETE ON "transactions" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "count_transactions_by_type"();
--> statement-breakpoint
-- Emptying the ledger at once (TRUNCATE) fires no row triggers: the counts go with it.
CREATE FUNCTION "forget_transaction_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "transaction_counts_by_type";
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_forget_counts_on_truncate"
AFTER TRUNCATE ON "transactions"
FOR EACH STATEMENT EXECUTE FUNCTION "forget_transaction_counts"();
--> statement-breakpoint
INSERT INTO "transaction_counts_by_type" ("user_id", "event_type", "row_count")
SELECT "user_id", "event_type", count(*) FROM "transactions"
WHERE "user_id" IS NOT NULL
GROUP BY "user_id", "event_type";
