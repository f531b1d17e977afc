CREATE TABLE "list_versions" (
	"user_id" integer NOT NULL,
	"list" text NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "list_versions_user_id_list_pk" PRIMARY KEY("user_id","list"),
	CONSTRAINT "list_versions_list_known" CHECK ("list_versions"."list" in ('accounts', 'transactions', 'orders', 'optimizations', 'notifications'))
);
--> statement-breakpoint
-- Everything below is hand-written. The five tables of versions become one, each list's versions
-- kept as they were (a browser's ETag stays valid across the change).
INSERT INTO "list_versions" ("user_id", "list", "version")
SELECT "user_id", 'accounts', "version" FROM "linkedin_account_list_versions"
UNION ALL SELECT "user_id", 'transactions', "version" FROM "transaction_list_versions"
UNION ALL SELECT "user_id", 'orders', "version" FROM "order_list_versions"
UNION ALL SELECT "user_id", 'optimizations', "version" FROM "profile_optimization_list_versions"
UNION ALL SELECT "user_id", 'notifications', "version" FROM "notification_list_versions";
--> statement-breakpoint
-- Moves a list on for each of the customers given (nulls and repeats left out), in the order of
-- their ids, so that two transactions moving the same customers on never wait for each other.
CREATE FUNCTION "move_list_versions_on"("moved" text, "owners" integer[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "list_versions" ("user_id", "list", "version")
	SELECT DISTINCT "owner", "moved", 1 FROM unnest("owners") AS "owner"
	WHERE "owner" IS NOT NULL
	ORDER BY "owner"
	ON CONFLICT ("user_id", "list") DO UPDATE SET "version" = "list_versions"."version" + 1;
$$;
--> statement-breakpoint
-- A customer's list version for a change in this transaction: the one this transaction already
-- moved on, if it did (the row stays locked until it commits, so no other change can come between
-- and the transaction's rows share it), else the next. A sync upserting 2,000 accounts then writes
-- the version row once, not once per row.
CREATE FUNCTION "list_version_for_change"("moved" text, "owner" integer) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	"moved_on" bigint;
BEGIN
	SELECT "version" INTO "moved_on" FROM "list_versions"
	WHERE "user_id" = "owner" AND "list" = "moved" AND "xmin" = xid(pg_current_xact_id());
	IF FOUND THEN
		RETURN "moved_on";
	END IF;
	INSERT INTO "list_versions" ("user_id", "list", "version") VALUES ("owner", "moved", 1)
	ON CONFLICT ("user_id", "list") DO UPDATE SET "version" = "list_versions"."version" + 1
	RETURNING "version" INTO "moved_on";
	RETURN "moved_on";
END;
$$;
--> statement-breakpoint
-- The triggers keep their names and tables; their functions now move the one table on.
CREATE OR REPLACE FUNCTION "stamp_linkedin_account_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND NEW."user_id" IS DISTINCT FROM OLD."user_id" THEN
		PERFORM "list_version_for_change"('accounts', OLD."user_id");
	END IF;
	NEW."list_version" := "list_version_for_change"('accounts', NEW."user_id");
	RETURN NEW;
END;
$$;
--> statement-breakpoint
-- The owner's list moves on for a row added, changed or removed (before and after, should the row
-- change hands); the list is the trigger's argument. For deleted accounts, replacement requests,
-- notifications, orders and profile optimizations alike.
CREATE FUNCTION "bump_owner_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "move_list_versions_on"(TG_ARGV[0], ARRAY[NEW."user_id"]);
	ELSIF TG_OP = 'DELETE' OR NEW."user_id" IS NOT DISTINCT FROM OLD."user_id" THEN
		PERFORM "move_list_versions_on"(TG_ARGV[0], ARRAY[OLD."user_id"]);
	ELSE
		PERFORM "move_list_versions_on"(TG_ARGV[0], ARRAY[OLD."user_id", NEW."user_id"]);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "linkedin_accounts_bump_list_version" ON "linkedin_accounts";
--> statement-breakpoint
CREATE TRIGGER "linkedin_accounts_bump_list_version"
AFTER DELETE ON "linkedin_accounts"
FOR EACH ROW EXECUTE FUNCTION "bump_owner_list_version"('accounts');
--> statement-breakpoint
DROP TRIGGER "replacement_requests_bump_list_version" ON "replacement_requests";
--> statement-breakpoint
CREATE TRIGGER "replacement_requests_bump_list_version"
AFTER INSERT OR UPDATE OR DELETE ON "replacement_requests"
FOR EACH ROW EXECUTE FUNCTION "bump_owner_list_version"('accounts');
--> statement-breakpoint
DROP TRIGGER "notifications_bump_list_versions" ON "notifications";
--> statement-breakpoint
CREATE TRIGGER "notifications_bump_list_versions"
AFTER INSERT OR DELETE ON "notifications"
FOR EACH ROW EXECUTE FUNCTION "bump_owner_list_version"('notifications');
--> statement-breakpoint
-- Its mail going out (mailed_at) shows nowhere in the list.
DROP TRIGGER "notifications_bump_list_versions_on_update" ON "notifications";
--> statement-breakpoint
CREATE TRIGGER "notifications_bump_list_versions_on_update"
AFTER UPDATE ON "notifications"
FOR EACH ROW
WHEN (
	(OLD."user_id", OLD."kind", OLD."detail", OLD."link", OLD."created_at", OLD."read_at")
	IS DISTINCT FROM (NEW."user_id", NEW."kind", NEW."detail", NEW."link", NEW."created_at", NEW."read_at")
)
EXECUTE FUNCTION "bump_owner_list_version"('notifications');
--> statement-breakpoint
DROP TRIGGER "orders_bump_order_list_versions" ON "orders";
--> statement-breakpoint
CREATE TRIGGER "orders_bump_order_list_versions"
AFTER INSERT OR UPDATE OR DELETE ON "orders"
FOR EACH ROW EXECUTE FUNCTION "bump_owner_list_version"('orders');
--> statement-breakpoint
DROP TRIGGER "profile_optimizations_bump_list_versions" ON "profile_optimizations";
--> statement-breakpoint
CREATE TRIGGER "profile_optimizations_bump_list_versions"
AFTER INSERT OR UPDATE OR DELETE ON "profile_optimizations"
FOR EACH ROW EXECUTE FUNCTION "bump_owner_list_version"('optimizations');
--> statement-breakpoint
DROP FUNCTION "bump_linkedin_account_list_version"();
--> statement-breakpoint
DROP FUNCTION "bump_notification_list_versions"();
--> statement-breakpoint
DROP FUNCTION "bump_order_list_versions_of_order"();
--> statement-breakpoint
DROP FUNCTION "bump_profile_optimization_list_versions"();
--> statement-breakpoint
-- An order's or a plan's payer: a row with both a customer and a Stripe customer, before and after.
CREATE OR REPLACE FUNCTION "bump_transaction_list_versions_of_payer"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"owners" integer[] := '{}';
BEGIN
	IF TG_OP = 'UPDATE' AND NEW."user_id" IS NOT DISTINCT FROM OLD."user_id"
		AND NEW."stripe_customer_id" IS NOT DISTINCT FROM OLD."stripe_customer_id" THEN
		RETURN NULL;
	END IF;
	IF TG_OP <> 'INSERT' AND OLD."stripe_customer_id" IS NOT NULL THEN
		"owners" := "owners" || OLD."user_id";
	END IF;
	IF TG_OP <> 'DELETE' AND NEW."stripe_customer_id" IS NOT NULL THEN
		"owners" := "owners" || NEW."user_id";
	END IF;
	PERFORM "move_list_versions_on"('transactions', "owners");
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A ledger row moves on its own customer's list and those of the rows sharing its invoice or order.
CREATE OR REPLACE FUNCTION "bump_transaction_list_versions_of_ledger"() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off AS $$
DECLARE
	"owners" integer[] := '{}';
	"invoices" text[] := '{}';
	"order_ids" integer[] := '{}';
BEGIN
	IF TG_OP <> 'INSERT' THEN
		"owners" := "owners" || OLD."user_id";
		"invoices" := "invoices" || OLD."invoice_id";
		"order_ids" := "order_ids" || OLD."order_id";
	END IF;
	IF TG_OP <> 'DELETE' THEN
		"owners" := "owners" || NEW."user_id";
		"invoices" := "invoices" || NEW."invoice_id";
		"order_ids" := "order_ids" || NEW."order_id";
	END IF;
	"invoices" := array_remove("invoices", NULL);
	"order_ids" := array_remove("order_ids", NULL);
	IF cardinality("invoices") > 0 THEN
		"owners" := "owners" || ARRAY(SELECT "user_id" FROM "transactions" WHERE "invoice_id" = ANY("invoices"));
	END IF;
	IF cardinality("order_ids") > 0 THEN
		"owners" := "owners" || ARRAY(SELECT "user_id" FROM "transactions" WHERE "order_id" = ANY("order_ids"));
	END IF;
	PERFORM "move_list_versions_on"('transactions', "owners");
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A ledger row that gives one of the portal's orders its receipt moves on that order's customer.
CREATE OR REPLACE FUNCTION "bump_order_list_versions_of_ledger"() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off AS $$
DECLARE
	"order_ids" integer[] := '{}';
BEGIN
	IF TG_OP <> 'INSERT' THEN
		"order_ids" := "order_ids" || OLD."order_id";
	END IF;
	IF TG_OP <> 'DELETE' THEN
		"order_ids" := "order_ids" || NEW."order_id";
	END IF;
	"order_ids" := array_remove("order_ids", NULL);
	IF cardinality("order_ids") = 0 THEN
		RETURN NULL; -- most of the ledger belongs to no order of the portal's
	END IF;
	PERFORM "move_list_versions_on"('orders', ARRAY(SELECT "user_id" FROM "orders" WHERE "id" = ANY("order_ids")));
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A session check reads the owner's list versions: a change to them is a change to what a kept
-- check holds (migration 0030, db/change-feed.ts). The old tables' triggers go with the tables.
CREATE TRIGGER "list_versions_notify_session_checks"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "list_versions"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_check_change"();
--> statement-breakpoint
DROP FUNCTION "linkedin_account_list_version_for_change"(integer);
--> statement-breakpoint
DROP TABLE "linkedin_account_list_versions";
--> statement-breakpoint
DROP TABLE "transaction_list_versions";
--> statement-breakpoint
DROP TABLE "order_list_versions";
--> statement-breakpoint
DROP TABLE "profile_optimization_list_versions";
--> statement-breakpoint
DROP TABLE "notification_list_versions";
