-- The session check may be answered from a short-lived cache in each server process (auth/session-cache.ts,
-- docs/decisions/023-session-check-cache.md). Every change that can end a session or change what the check
-- reads is announced on the channel portal_auth, with the account's logname, when it commits: each process
-- drops what it holds of that account. Any change to an account row counts (its role, epoch, Secondary
-- settings and whatever a later column adds); for a session, any change but the once-a-minute last_seen
-- touch and the staff's working_on note.
CREATE FUNCTION "portal_account_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_auth', OLD.logname);
  IF TG_OP = 'UPDATE' AND NEW.logname IS DISTINCT FROM OLD.logname THEN
    PERFORM pg_notify('portal_auth', NEW.logname);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "accounts_portal_auth" AFTER UPDATE OR DELETE ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION "portal_account_changed"();--> statement-breakpoint
CREATE FUNCTION "portal_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
    OR to_jsonb(OLD) - 'last_seen' - 'working_on' IS DISTINCT FROM to_jsonb(NEW) - 'last_seen' - 'working_on' THEN
    PERFORM pg_notify('portal_auth', OLD.account);
    IF TG_OP = 'UPDATE' AND NEW.account IS DISTINCT FROM OLD.account THEN
      PERFORM pg_notify('portal_auth', NEW.account);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_portal_auth" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "portal_session_changed"();
