-- After SWMS are inserted: their counters go up (a flag with changes requested awaits its author, not its reviewer).
CREATE OR REPLACE FUNCTION swms_counted_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM apply_swms_count_changes(array(
    SELECT (company_id, site_id, created_by, 1, (company_admin_reviewed_at IS NULL AND company_admin_changes_requested_at IS NULL)::int,
      (supervisor_reviewed_at IS NULL AND supervisor_changes_requested_at IS NULL)::int,
      (company_admin_changes_requested_at IS NOT NULL)::int, (supervisor_changes_requested_at IS NOT NULL)::int)::swms_count_change
    FROM new_rows));
  RETURN NULL;
END $$;
