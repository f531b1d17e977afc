CREATE TABLE "order_list_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_optimization_list_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);

--> statement-breakpoint
-- Everything below is hand-written. A change to an order moves on its owner's orders list (before
-- and after, should the order change hands).
CREATE FUNCTION "bump_order_list_versions_of_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' AND OLD."user_id" IS NOT NULL THEN
		INSERT INTO "order_list_versions" ("user_id", "version") VALUES (OLD."user_id", 1)
		ON CONFLICT ("user_id") DO UPDATE SET "version" = "order_list_versions"."version" + 1;
	END IF;
	IF TG_OP <> 'DELETE' AND NEW."user_id" IS NOT NULL
		AND (TG_OP = 'INSERT' OR NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN
		INSERT INTO "order_list_versions" ("user_id", "version") VALUES (NEW."user_id", 1)
		ON CONFLICT ("user_id") DO UPDATE SET "version" = "order_list_versions"."version" + 1;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_bump_order_list_versions"
AFTER INSERT OR UPDATE OR DELETE ON "orders"
FOR EACH ROW EXECUTE FUNCTION "bump_order_list_versions_of_order"();
--> statement-breakpoint
-- An order's receipt is the first ledger row of that order with a receipt: a ledger row of an order
-- (before or after the change) moves on the list of that order's owner.
CREATE FUNCTION "bump_order_list_versions_of_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	order_ids integer[] := '{}';
BEGIN
	IF TG_OP <> 'INSERT' THEN
		order_ids := order_ids || OLD."order_id";
	END IF;
	IF TG_OP <> 'DELETE' THEN
		order_ids := order_ids || NEW."order_id";
	END IF;
	order_ids := array_remove(order_ids, NULL);
	IF cardinality(order_ids) = 0 THEN
		RETURN NULL; -- most of the ledger belongs to no order of the portal's
	END IF;
	INSERT INTO "order_list_versions" ("user_id", "version")
	SELECT DISTINCT "user_id", 1 FROM "orders"
	WHERE "id" = ANY(order_ids) AND "user_id" IS NOT NULL
	ORDER BY "user_id"
	ON CONFLICT ("user_id") DO UPDATE SET "version" = "order_list_versions"."version" + 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_bump_order_list_versions"
AFTER INSERT OR UPDATE OR DELETE ON "transactions"
FOR EACH ROW EXECUTE FUNCTION "bump_order_list_versions_of_ledger"();
--> statement-breakpoint
CREATE FUNCTION "bump_profile_optimization_list_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' AND OLD."user_id" IS NOT NULL THEN
		INSERT INTO "profile_optimization_list_versions" ("user_id", "version") VALUES (OLD."user_id", 1)
		ON CONFLICT ("user_id") DO UPDATE SET "version" = "profile_optimization_list_versions"."version" + 1;
	END IF;
	IF TG_OP <> 'DELETE' AND NEW."user_id" IS NOT NULL
		AND (TG_OP = 'INSERT' OR NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN
		INSERT INTO "profile_optimization_list_versions" ("user_id", "version") VALUES (NEW."user_id", 1)
		ON CONFLICT ("user_id") DO UPDATE SET "version" = "profile_optimization_list_versions"."version" + 1;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "profile_optimizations_bump_list_versions"
AFTER INSERT OR UPDATE OR DELETE ON "profile_optimizations"
FOR EACH ROW EXECUTE FUNCTION "bump_profile_optimization_list_versions"();
