-- Refuses any update, delete or truncate of the audit trail: it is append-only.
CREATE OR REPLACE FUNCTION audit_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The audit trail is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
