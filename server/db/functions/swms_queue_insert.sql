-- After SWMS are inserted: each joins the queue of SWMS awaiting review once for each side yet to review it (a side that
-- asked for changes waits on the author, not in the queue).
CREATE OR REPLACE FUNCTION swms_queue_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO swms_awaiting_review (flag, id, company_id, created_at, site_sort, created_by, site_id)
  SELECT f.flag, n.id, n.company_id, n.created_at, n.site_sort, n.created_by, n.site_id
  FROM new_rows n
  CROSS JOIN LATERAL (VALUES
    ('companyAdmin', n.company_admin_reviewed_at IS NULL AND n.company_admin_changes_requested_at IS NULL),
    ('supervisor', n.supervisor_reviewed_at IS NULL AND n.supervisor_changes_requested_at IS NULL)) AS f (flag, awaiting)
  WHERE f.awaiting;
  RETURN NULL;
END $$;
