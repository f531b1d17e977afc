CREATE TABLE "notification_list_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);

--> statement-breakpoint
-- Everything below is hand-written. A change to an entry moves on its owner's notifications list
-- (before and after, should it change hands); its mail going out (mailed_at) shows nowhere in the list.
CREATE FUNCTION "bump_notification_list_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		INSERT INTO "notification_list_versions" ("user_id", "version") VALUES (OLD."user_id", 1)
		ON CONFLICT ("user_id") DO UPDATE SET "version" = "notification_list_versions"."version" + 1;
	END IF;
	IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN
		INSERT INTO "notification_list_versions" ("user_id", "version") VALUES (NEW."user_id", 1)
		ON CONFLICT ("user_id") DO UPDATE SET "version" = "notification_list_versions"."version" + 1;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "notifications_bump_list_versions"
AFTER INSERT OR DELETE ON "notifications"
FOR EACH ROW EXECUTE FUNCTION "bump_notification_list_versions"();
--> statement-breakpoint
CREATE TRIGGER "notifications_bump_list_versions_on_update"
AFTER UPDATE ON "notifications"
FOR EACH ROW
WHEN (
	(OLD."user_id", OLD."kind", OLD."detail", OLD."link", OLD."created_at", OLD."read_at")
	IS DISTINCT FROM (NEW."user_id", NEW."kind", NEW."detail", NEW."link", NEW."created_at", NEW."read_at")
)
EXECUTE FUNCTION "bump_notification_list_versions"();
