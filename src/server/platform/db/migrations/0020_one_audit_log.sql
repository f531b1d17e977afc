-- The identity trail and the reveal record become kinds of the one audit log (decision 035): every
-- row is copied with its own time, oldest first, so the log's ids follow the order things happened.
INSERT INTO "audit_events" ("at", "kind", "actor_user_id", "subject_user_id", "detail", "target", "target_id", "ip_address")
SELECT "at", "kind", "actor_user_id", "subject_user_id", "detail", "target", "target_id", "ip_address"
FROM (
	SELECT "at", "kind", "user_id" AS "actor_user_id", "user_id" AS "subject_user_id", "detail",
		NULL::varchar(255) AS "target", NULL::integer AS "target_id", "ip_address", 0 AS "source", "id"
	FROM "identity_events"
	UNION ALL
	SELECT "revealed_at", 'secret-revealed', "actor_user_id", "owner_user_id", "secret",
		left("account_label", 255), "account_id", left("ip", 64), 1, "id"
	FROM "account_secret_reveals"
) AS "old"
ORDER BY "at", "source", "id";--> statement-breakpoint
DROP TABLE "account_secret_reveals" CASCADE;--> statement-breakpoint
DROP TABLE "identity_events" CASCADE;
