CREATE TABLE "transaction_list_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Everything below is hand-written and self-contained: it can be re-applied after the table alone.
-- A change to a ledger row moves on the list of its owner (before and after), and of every owner of a
-- row sharing its invoice or order: a paid invoice ends a failure's "Pay now", and a checkout hides
-- its first invoice, whoever's rows those are.
CREATE FUNCTION "bump_transaction_list_versions_of_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
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
	INSERT INTO "transaction_list_versions" ("user_id", "version")
	SELECT "owner", 1 FROM (
		SELECT unnest(owners) AS "owner"
		UNION SELECT "user_id" FROM "transactions" WHERE "invoice_id" = ANY(invoices)
		UNION SELECT "user_id" FROM "transactions" WHERE "order_id" = ANY(order_ids)
	) AS "affected"
	WHERE "owner" IS NOT NULL
	ORDER BY "owner"
	ON CONFLICT ("user_id") DO UPDATE SET "version" = "transaction_list_versions"."version" + 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_bump_list_versions"
AFTER INSERT OR UPDATE OR DELETE ON "transactions"
FOR EACH ROW EXECUTE FUNCTION "bump_transaction_list_versions_of_ledger"();
--> statement-breakpoint
-- The list says whether Manage billing has an account to open: a Stripe customer on the customer's
-- orders or plans. Only a row with a Stripe customer that comes, goes, or changes owner or Stripe
-- customer moves the version on; an order's progress does not.
CREATE FUNCTION "bump_transaction_list_versions_of_payer"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed boolean := true;
BEGIN
	IF TG_OP = 'UPDATE' THEN
		changed := NEW."user_id" IS DISTINCT FROM OLD."user_id"
			OR NEW."stripe_customer_id" IS DISTINCT FROM OLD."stripe_customer_id";
	END IF;
	IF NOT changed THEN
		RETURN NULL;
	END IF;
	IF TG_OP <> 'INSERT' AND OLD."user_id" IS NOT NULL AND OLD."stripe_customer_id" IS NOT NULL THEN
		INSERT INTO "transaction_list_versions" ("user_id", "version") VALUES (OLD."user_id", 1)
		ON CONFLICT ("user_id") DO UPDATE SET "version" = "transaction_list_versions"."version" + 1;
	END IF;
	IF TG_OP <> 'DELETE' AND NEW."user_id" IS NOT NULL AND NEW."stripe_customer_id" IS NOT NULL THEN
		INSERT INTO "transaction_list_versions" ("user_id", "version") VALUES (NEW."user_id", 1)
		ON CONFLICT ("user_id") DO UPDATE SET "version" = "transaction_list_versions"."version" + 1;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_bump_transaction_list_versions"
AFTER INSERT OR UPDATE OR DELETE ON "orders"
FOR EACH ROW EXECUTE FUNCTION "bump_transaction_list_versions_of_payer"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_bump_transaction_list_versions"
AFTER INSERT OR UPDATE OR DELETE ON "subscriptions"
FOR EACH ROW EXECUTE FUNCTION "bump_transaction_list_versions_of_payer"();
