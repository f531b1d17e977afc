-- Hand-written (decision 069). The audit log stays append-only for every statement but one:
-- prune_audit_events(cutoff), which deletes the entries older than the cut-off and records that it
-- did. It says so to the append-only trigger through a setting local to its own transaction, which
-- it clears again before it returns; UPDATE stays refused for everyone.
CREATE OR REPLACE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
    AND OLD."at" < NULLIF(current_setting('portal.audit_prune_before', true), '')::timestamptz THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_events rows cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "prune_audit_events"("cutoff" timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  "removed" integer;
BEGIN
  PERFORM set_config('portal.audit_prune_before', "cutoff"::text, true);
  DELETE FROM "audit_events" WHERE "at" < "cutoff";
  GET DIAGNOSTICS "removed" = ROW_COUNT;
  PERFORM set_config('portal.audit_prune_before', '', true);
  -- A run that removed nothing (another instance's, or the same day's again) records nothing.
  IF "removed" > 0 THEN
    INSERT INTO "audit_events" ("kind", "actor_user_id", "subject_user_id", "detail")
    VALUES (
      'audit-pruned', NULL, NULL,
      "removed" || ' entries before ' || to_char("cutoff" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
    );
  END IF;
  RETURN "removed";
END;
$$;
--> statement-breakpoint
-- A view as a customer ends when its session stops viewing (Stop viewing, signing out, the viewed
-- customer removed) or when the session itself goes (expiry, its clean-up, every session of the
-- admin ended). Each writes the one view-as-stopped entry here: a session that views no one any
-- more writes none, however it ends. The address is the request's, when one ended it.
CREATE OR REPLACE FUNCTION "sessions_record_view_as_stopped"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_events" ("kind", "actor_user_id", "subject_user_id", "detail", "target", "target_id", "ip_address")
  VALUES (
    'view-as-stopped', OLD."user_id", OLD."viewing_user_id", OLD."viewing_reason", 'session', OLD."id",
    NULLIF(current_setting('portal.request_ip', true), '')
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sessions_view_as_stopped_by_update" ON "sessions";
--> statement-breakpoint
CREATE TRIGGER "sessions_view_as_stopped_by_update" AFTER UPDATE ON "sessions"
  FOR EACH ROW
  WHEN (OLD."viewing_user_id" IS NOT NULL AND NEW."viewing_user_id" IS DISTINCT FROM OLD."viewing_user_id")
  EXECUTE FUNCTION "sessions_record_view_as_stopped"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sessions_view_as_stopped_by_delete" ON "sessions";
--> statement-breakpoint
CREATE TRIGGER "sessions_view_as_stopped_by_delete" AFTER DELETE ON "sessions"
  FOR EACH ROW
  WHEN (OLD."viewing_user_id" IS NOT NULL)
  EXECUTE FUNCTION "sessions_record_view_as_stopped"();
