CREATE TABLE "linkedin_account_list_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Every change to a customer's accounts, whoever makes it, moves their list's version on.
CREATE FUNCTION "bump_linkedin_account_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		INSERT INTO "linkedin_account_list_versions" ("user_id", "version") VALUES (OLD."user_id", 1)
		ON CONFLICT ("user_id") DO UPDATE SET "version" = "linkedin_account_list_versions"."version" + 1;
	END IF;
	IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN
		INSERT INTO "linkedin_account_list_versions" ("user_id", "version") VALUES (NEW."user_id", 1)
		ON CONFLICT ("user_id") DO UPDATE SET "version" = "linkedin_account_list_versions"."version" + 1;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "linkedin_accounts_bump_list_version"
AFTER INSERT OR UPDATE OR DELETE ON "linkedin_accounts"
FOR EACH ROW EXECUTE FUNCTION "bump_linkedin_account_list_version"();
--> statement-breakpoint
-- Lists that existed before the counter start at version 1.
INSERT INTO "linkedin_account_list_versions" ("user_id", "version")
SELECT DISTINCT "user_id", 1 FROM "linkedin_accounts";
--> statement-breakpoint
-- Proxy URLs imported before the sync dropped their credentials (the password is stored sealed apart).
UPDATE "linkedin_accounts"
SET "proxy_url" = regexp_replace("proxy_url", '^([a-z][a-z0-9+.-]*://)?[^/?#]*@', '\1', 'i')
WHERE "proxy_url" LIKE '%@%';
