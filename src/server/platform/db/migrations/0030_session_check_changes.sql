-- Hand-written. A session check reads a session, its user (and the customer it views as) and the
-- user's list versions. Every statement that changes one of those tables notifies the channel each
-- instance listens on (db/change-feed.ts), so an instance can keep a check until the next change
-- (decision 061). A notification is sent at commit, once per transaction: PostgreSQL folds the same
-- channel and payload into one. On the embedded database nobody listens, and it costs next to nothing.
CREATE FUNCTION "notify_session_check_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('portal_session_checks', 'changed');
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_session_checks"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_check_change"();
--> statement-breakpoint
CREATE TRIGGER "users_notify_session_checks"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_check_change"();
--> statement-breakpoint
CREATE TRIGGER "linkedin_account_list_versions_notify_session_checks"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "linkedin_account_list_versions"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_check_change"();
--> statement-breakpoint
CREATE TRIGGER "transaction_list_versions_notify_session_checks"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "transaction_list_versions"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_check_change"();
--> statement-breakpoint
CREATE TRIGGER "order_list_versions_notify_session_checks"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "order_list_versions"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_check_change"();
--> statement-breakpoint
CREATE TRIGGER "profile_optimization_list_versions_notify_session_checks"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "profile_optimization_list_versions"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_check_change"();
--> statement-breakpoint
CREATE TRIGGER "notification_list_versions_notify_session_checks"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "notification_list_versions"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_check_change"();
