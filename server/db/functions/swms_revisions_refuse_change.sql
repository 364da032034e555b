-- Refuses any update, delete or truncate of a SWMS revision: a submitted revision's content never changes, as the audit trail's.
CREATE OR REPLACE FUNCTION swms_revisions_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'SWMS revisions are immutable: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
