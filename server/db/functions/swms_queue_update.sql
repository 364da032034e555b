-- After SWMS are updated: the queue of SWMS awaiting review follows their reviews (a request for changes leaves it, as a
-- review does) and sort values.
CREATE OR REPLACE FUNCTION swms_queue_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $sql$
    WITH stale AS MATERIALIZED (
      SELECT n.id,
        n.company_id <> o.company_id OR n.created_at <> o.created_at OR n.site_sort <> o.site_sort
          OR n.created_by <> o.created_by OR n.site_id <> o.site_id AS moved,
        n.company_admin_reviewed_at IS NOT NULL OR n.company_admin_changes_requested_at IS NOT NULL AS admin_reviewed,
        n.supervisor_reviewed_at IS NOT NULL OR n.supervisor_changes_requested_at IS NOT NULL AS supervisor_reviewed
      FROM old_rows o JOIN new_rows n ON n.id = o.id)
    DELETE FROM swms_awaiting_review q
    WHERE (q.flag = 'companyAdmin' AND q.id = ANY (ARRAY(SELECT id FROM stale WHERE moved OR admin_reviewed)))
       OR (q.flag = 'supervisor' AND q.id = ANY (ARRAY(SELECT id FROM stale WHERE moved OR supervisor_reviewed)))$sql$;
  EXECUTE $sql$
    INSERT INTO swms_awaiting_review (flag, id, company_id, created_at, site_sort, created_by, site_id)
    SELECT f.flag, n.id, n.company_id, n.created_at, n.site_sort, n.created_by, n.site_id
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES
      ('companyAdmin', n.company_admin_reviewed_at IS NULL AND n.company_admin_changes_requested_at IS NULL,
        o.company_admin_reviewed_at IS NULL AND o.company_admin_changes_requested_at IS NULL),
      ('supervisor', n.supervisor_reviewed_at IS NULL AND n.supervisor_changes_requested_at IS NULL,
        o.supervisor_reviewed_at IS NULL AND o.supervisor_changes_requested_at IS NULL)) AS f (flag, awaiting, awaited)
    WHERE f.awaiting AND (NOT f.awaited OR n.company_id <> o.company_id OR n.created_at <> o.created_at OR n.site_sort <> o.site_sort
      OR n.created_by <> o.created_by OR n.site_id <> o.site_id)$sql$;
  RETURN NULL;
END $$;
