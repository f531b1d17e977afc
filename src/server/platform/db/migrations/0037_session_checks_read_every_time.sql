-- Hand-written. Every request now reads its session from the database, so no instance listens for
-- changes to what a session check reads: the triggers of 0030 and their function go.
DROP TRIGGER "sessions_notify_session_checks" ON "sessions";
--> statement-breakpoint
DROP TRIGGER "users_notify_session_checks" ON "users";
--> statement-breakpoint
DROP TRIGGER "linkedin_account_list_versions_notify_session_checks" ON "linkedin_account_list_versions";
--> statement-breakpoint
DROP TRIGGER "transaction_list_versions_notify_session_checks" ON "transaction_list_versions";
--> statement-breakpoint
DROP TRIGGER "order_list_versions_notify_session_checks" ON "order_list_versions";
--> statement-breakpoint
DROP TRIGGER "profile_optimization_list_versions_notify_session_checks" ON "profile_optimization_list_versions";
--> statement-breakpoint
DROP TRIGGER "notification_list_versions_notify_session_checks" ON "notification_list_versions";
--> statement-breakpoint
DROP FUNCTION "notify_session_check_change"();
