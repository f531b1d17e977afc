-- The ledger's triggers look up the rows and orders that share a new row's invoice or order. A
-- trigger's plan is made once and kept: made while the table was small, it read the whole table for
-- each row, so a first import of a large base slowed down row by row (20,000 ledger rows took 95 s on
-- PostgreSQL, 10,000 took 35 s on PGlite). With sequential scans ruled out for these functions the
-- kept plan looks up by index whatever the table's size, and a row that names no invoice or order
-- looks up nothing (decision 047).
CREATE OR REPLACE FUNCTION "bump_transaction_list_versions_of_ledger"() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off AS $$
DECLARE
	owners integer[] := '{}';
	invoices text[] := '{}';
	order_ids integer[] := '{}';
BEGIN
	IF TG_OP <> 'INSERT' THEN
		owners := owners || OLD."user_id";
		invoices := invoices || OLD."invoice_id";
		order_ids := order_ids || OLD."order_id";
	END IF;
	IF TG_OP <> 'DELETE' THEN
		owners := owners || NEW."user_id";
		invoices := invoices || NEW."invoice_id";
		order_ids := order_ids || NEW."order_id";
	END IF;
	invoices := array_remove(invoices, NULL);
	order_ids := array_remove(order_ids, NULL);
	INSERT INTO "transaction_list_versions" ("user_id", "version")
	SELECT "owner", 1 FROM (
		SELECT unnest(owners) AS "owner"
		UNION SELECT "user_id" FROM "transactions"
			WHERE cardinality(invoices) > 0 AND "invoice_id" = ANY(invoices)
		UNION SELECT "user_id" FROM "transactions"
			WHERE cardinality(order_ids) > 0 AND "order_id" = ANY(order_ids)
	) AS "affected"
	WHERE "owner" IS NOT NULL
	ORDER BY "owner"
	ON CONFLICT ("user_id") DO UPDATE SET "version" = "transaction_list_versions"."version" + 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
ALTER FUNCTION "bump_order_list_versions_of_ledger"() SET enable_seqscan = off;
