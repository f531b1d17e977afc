ALTER TABLE "linkedin_accounts" ADD COLUMN "list_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A customer's accounts list version for a change in this transaction: the one this transaction
-- already moved on, if it did (the row stays locked until it commits, so no other change can come
-- between and the transaction's rows share it), else the next. A sync upserting 2,000 accounts
-- then writes the version row once, not once per row and twice per upsert.
CREATE FUNCTION "linkedin_account_list_version_for_change"("owner" integer) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	"moved_on" bigint;
BEGIN
	SELECT "version" INTO "moved_on" FROM "linkedin_account_list_versions"
	WHERE "user_id" = "owner" AND "xmin" = xid(pg_current_xact_id());
	IF FOUND THEN
		RETURN "moved_on";
	END IF;
	INSERT INTO "linkedin_account_list_versions" ("user_id", "version") VALUES ("owner", 1)
	ON CONFLICT ("user_id") DO UPDATE SET "version" = "linkedin_account_list_versions"."version" + 1
	RETURNING "version" INTO "moved_on";
	RETURN "moved_on";
END;
$$;
--> statement-breakpoint
-- An insert or update of an account moves its owner's list version on before the row is written and
-- stamps the row with it, so a kept list can read again only the rows stamped after its version. A
-- move to another customer moves the old owner's version on too; a delete still does so after it
-- (the row is gone, and the list's ids show it).
CREATE FUNCTION "stamp_linkedin_account_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND NEW."user_id" IS DISTINCT FROM OLD."user_id" THEN
		PERFORM "linkedin_account_list_version_for_change"(OLD."user_id");
	END IF;
	NEW."list_version" := "linkedin_account_list_version_for_change"(NEW."user_id");
	RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "linkedin_accounts_bump_list_version" ON "linkedin_accounts";
--> statement-breakpoint
CREATE TRIGGER "linkedin_accounts_stamp_list_version"
BEFORE INSERT OR UPDATE ON "linkedin_accounts"
FOR EACH ROW EXECUTE FUNCTION "stamp_linkedin_account_list_version"();
--> statement-breakpoint
CREATE TRIGGER "linkedin_accounts_bump_list_version"
AFTER DELETE ON "linkedin_accounts"
FOR EACH ROW EXECUTE FUNCTION "bump_linkedin_account_list_version"();
