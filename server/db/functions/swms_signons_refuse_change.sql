-- Refuses any update, delete or truncate of a SWMS sign-on: like the audit trail, the sign-ons are append-only.
CREATE OR REPLACE FUNCTION swms_signons_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'SWMS sign-ons are append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
