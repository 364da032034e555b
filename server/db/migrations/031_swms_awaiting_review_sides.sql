-- Issue 11: the queue of the SWMS awaiting each review flag (migration 021) carries each one's submitter and site, in
-- two indexes of the same shape as migration 030's, so a search's For Review count reads the queue's index alone and a
-- Reviewed count is the list's whole count less its For Review count, instead of a table page per SWMS to check its
-- flag. Its triggers write the two columns, and write a queue row again when its SWMS changes submitter or site.
TRUNCATE swms_awaiting_review;
ALTER TABLE swms_awaiting_review ADD COLUMN created_by uuid NOT NULL, ADD COLUMN site_id uuid NOT NULL;

INSERT INTO swms_awaiting_review (flag, id, company_id, created_at, site_sort, created_by, site_id)
SELECT f.flag, s.id, s.company_id, s.created_at, s.site_sort, s.created_by, s.site_id
FROM swms s
CROSS JOIN LATERAL (VALUES ('companyAdmin', s.company_admin_reviewed_at IS NULL), ('supervisor', s.supervisor_reviewed_at IS NULL)) AS f (flag, awaiting)
WHERE f.awaiting;

CREATE INDEX swms_awaiting_review_submitter_site ON swms_awaiting_review (company_id, flag, created_by, site_id);
CREATE INDEX swms_awaiting_review_site_submitter ON swms_awaiting_review (company_id, flag, site_id, created_by);

CREATE OR REPLACE FUNCTION swms_queue_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO swms_awaiting_review (flag, id, company_id, created_at, site_sort, created_by, site_id)
  SELECT f.flag, n.id, n.company_id, n.created_at, n.site_sort, n.created_by, n.site_id
  FROM new_rows n
  CROSS JOIN LATERAL (VALUES ('companyAdmin', n.company_admin_reviewed_at IS NULL), ('supervisor', n.supervisor_reviewed_at IS NULL)) AS f (flag, awaiting)
  WHERE f.awaiting;
  RETURN NULL;
END $$;

-- As migration 021's, with the submitter and the site among what makes a queue row stale.
CREATE OR REPLACE FUNCTION swms_queue_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $sql$
    DELETE FROM swms_awaiting_review q
    USING old_rows o JOIN new_rows n ON n.id = o.id
    WHERE q.id = o.id AND (
      (q.flag = 'companyAdmin' AND n.company_admin_reviewed_at IS NOT NULL)
      OR (q.flag = 'supervisor' AND n.supervisor_reviewed_at IS NOT NULL)
      OR n.company_id <> o.company_id OR n.created_at <> o.created_at OR n.site_sort <> o.site_sort
      OR n.created_by <> o.created_by OR n.site_id <> o.site_id)$sql$;
  EXECUTE $sql$
    INSERT INTO swms_awaiting_review (flag, id, company_id, created_at, site_sort, created_by, site_id)
    SELECT f.flag, n.id, n.company_id, n.created_at, n.site_sort, n.created_by, n.site_id
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES
      ('companyAdmin', n.company_admin_reviewed_at IS NULL, o.company_admin_reviewed_at IS NULL),
      ('supervisor', n.supervisor_reviewed_at IS NULL, o.supervisor_reviewed_at IS NULL)) AS f (flag, awaiting, awaited)
    WHERE f.awaiting AND (NOT f.awaited OR n.company_id <> o.company_id OR n.created_at <> o.created_at OR n.site_sort <> o.site_sort
      OR n.created_by <> o.created_by OR n.site_id <> o.site_id)$sql$;
  RETURN NULL;
END $$;

-- A review removes its SWMS's queue rows, and a return to For Review writes them again: a select-all review of 5,000
-- changes 5,000 rows of a queue of about as many per flag. Vacuumed and analysed after 1% of it changes, as the SWMS
-- table is (migration 029), its counts stay index-only and its plans priced from what it holds.
ALTER TABLE swms_awaiting_review SET (
  autovacuum_vacuum_threshold = 1000,
  autovacuum_vacuum_scale_factor = 0.01,
  autovacuum_vacuum_insert_threshold = 1000,
  autovacuum_vacuum_insert_scale_factor = 0.01,
  autovacuum_analyze_threshold = 1000,
  autovacuum_analyze_scale_factor = 0.01
);
