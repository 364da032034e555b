-- Refuses any update, delete or truncate of a SWMS's review comments: like the audit trail, they are append-only.
CREATE OR REPLACE FUNCTION swms_comments_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'SWMS comments are append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
