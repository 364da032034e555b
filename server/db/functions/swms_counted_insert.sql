-- After SWMS are inserted: their counters go up.
CREATE OR REPLACE FUNCTION swms_counted_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM apply_swms_count_changes(array(
    SELECT (company_id, site_id, created_by, 1, (company_admin_reviewed_at IS NULL)::int, (supervisor_reviewed_at IS NULL)::int)::swms_count_change
    FROM new_rows));
  RETURN NULL;
END $$;
