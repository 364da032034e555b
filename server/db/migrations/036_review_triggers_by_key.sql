-- Issue 11: a review statement's triggers reach their rows by key. The queue's update trigger (migrations 021, 031)
-- gets the stale queue rows' ids as two arrays, one per flag, and deletes them by primary key, because joined to a
-- transition table, which carries no statistics, the planner expected many times the rows and hashed the whole queue on
-- every batch. The counters' update trigger (migration 022) brings each proposed site and submitter row's search text
-- from one join, and the BEFORE INSERT triggers that look it up (migrations 017, 032) run only for a row that comes
-- without it (the inserts and deletes of apply_swms_count_changes).

CREATE OR REPLACE FUNCTION swms_queue_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $sql$
    WITH stale AS MATERIALIZED (
      SELECT n.id,
        n.company_id <> o.company_id OR n.created_at <> o.created_at OR n.site_sort <> o.site_sort
          OR n.created_by <> o.created_by OR n.site_id <> o.site_id AS moved,
        n.company_admin_reviewed_at IS NOT NULL AS admin_reviewed,
        n.supervisor_reviewed_at IS NOT NULL AS supervisor_reviewed
      FROM old_rows o JOIN new_rows n ON n.id = o.id)
    DELETE FROM swms_awaiting_review q
    WHERE (q.flag = 'companyAdmin' AND q.id = ANY (ARRAY(SELECT id FROM stale WHERE moved OR admin_reviewed)))
       OR (q.flag = 'supervisor' AND q.id = ANY (ARRAY(SELECT id FROM stale WHERE moved OR supervisor_reviewed)))$sql$;
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

-- As migration 022's, with each proposed site and submitter row's text for search, as the row triggers would look it up.
CREATE OR REPLACE FUNCTION swms_counted_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO swms_counts AS c (company_id, dimension, key, total, admin_pending, supervisor_pending, search_text, search_job)
  SELECT g.company_id, g.dimension, g.key, g.total, g.admin_pending, g.supervisor_pending,
    CASE g.dimension
      WHEN 'site' THEN swms_site_search_text(p.address, p.suburb, p.postcode)
      WHEN 'submitter' THEN lower(u.first_name || ' ' || u.surname)
    END,
    CASE g.dimension WHEN 'site' THEN lower(p.site_number) END
  FROM (
    SELECT ch.company_id, d.dimension, d.key, sum(ch.sign) AS total, sum(ch.sign * ch.admin_pending) AS admin_pending,
      sum(ch.sign * ch.supervisor_pending) AS supervisor_pending
    FROM (
      SELECT company_id, site_id, created_by, 1 AS sign,
        (company_admin_reviewed_at IS NULL)::int AS admin_pending, (supervisor_reviewed_at IS NULL)::int AS supervisor_pending
      FROM new_rows
      UNION ALL
      SELECT company_id, site_id, created_by, -1, (company_admin_reviewed_at IS NULL)::int, (supervisor_reviewed_at IS NULL)::int
      FROM old_rows
    ) AS ch
    CROSS JOIN LATERAL (VALUES ('company', ch.company_id), ('site', ch.site_id), ('submitter', ch.created_by)) AS d (dimension, key)
    GROUP BY 1, 2, 3
    HAVING sum(ch.sign) <> 0 OR sum(ch.sign * ch.admin_pending) <> 0 OR sum(ch.sign * ch.supervisor_pending) <> 0
  ) AS g
  LEFT JOIN project_sites p ON g.dimension = 'site' AND p.id = g.key
  LEFT JOIN users u ON g.dimension = 'submitter' AND u.id = g.key
  ORDER BY 1, 2, 3
  ON CONFLICT (company_id, dimension, key) DO UPDATE SET
    total = c.total + excluded.total,
    admin_pending = c.admin_pending + excluded.admin_pending,
    supervisor_pending = c.supervisor_pending + excluded.supervisor_pending;
  RETURN NULL;
END $$;

DROP TRIGGER swms_counts_site_text ON swms_counts;
CREATE TRIGGER swms_counts_site_text BEFORE INSERT ON swms_counts
  FOR EACH ROW WHEN (NEW.dimension = 'site' AND NEW.search_text IS NULL) EXECUTE FUNCTION swms_counts_take_site_text();
DROP TRIGGER swms_counts_submitter_name ON swms_counts;
CREATE TRIGGER swms_counts_submitter_name BEFORE INSERT ON swms_counts
  FOR EACH ROW WHEN (NEW.dimension = 'submitter' AND NEW.search_text IS NULL) EXECUTE FUNCTION swms_counts_take_submitter_name();
