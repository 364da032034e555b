-- After SWMS are updated: their counters move with what changed, new counter rows taking their search text.
CREATE OR REPLACE FUNCTION swms_counted_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO swms_counts AS c (company_id, dimension, key, total, admin_pending, supervisor_pending, admin_changes, supervisor_changes, search_text, search_job)
  SELECT g.company_id, g.dimension, g.key, g.total, g.admin_pending, g.supervisor_pending, g.admin_changes, g.supervisor_changes,
    CASE g.dimension
      WHEN 'site' THEN swms_site_search_text(p.address, p.suburb, p.postcode)
      WHEN 'submitter' THEN lower(u.first_name || ' ' || u.surname)
    END,
    CASE g.dimension WHEN 'site' THEN lower(p.site_number) END
  FROM (
    SELECT ch.company_id, d.dimension, d.key, sum(ch.sign) AS total, sum(ch.sign * ch.admin_pending) AS admin_pending,
      sum(ch.sign * ch.supervisor_pending) AS supervisor_pending, sum(ch.sign * ch.admin_changes) AS admin_changes,
      sum(ch.sign * ch.supervisor_changes) AS supervisor_changes
    FROM (
      SELECT company_id, site_id, created_by, 1 AS sign,
        (company_admin_reviewed_at IS NULL AND company_admin_changes_requested_at IS NULL)::int AS admin_pending,
        (supervisor_reviewed_at IS NULL AND supervisor_changes_requested_at IS NULL)::int AS supervisor_pending,
        (company_admin_changes_requested_at IS NOT NULL)::int AS admin_changes,
        (supervisor_changes_requested_at IS NOT NULL)::int AS supervisor_changes
      FROM new_rows
      UNION ALL
      SELECT company_id, site_id, created_by, -1,
        (company_admin_reviewed_at IS NULL AND company_admin_changes_requested_at IS NULL)::int,
        (supervisor_reviewed_at IS NULL AND supervisor_changes_requested_at IS NULL)::int,
        (company_admin_changes_requested_at IS NOT NULL)::int,
        (supervisor_changes_requested_at IS NOT NULL)::int
      FROM old_rows
    ) AS ch
    CROSS JOIN LATERAL (VALUES ('company', ch.company_id), ('site', ch.site_id), ('submitter', ch.created_by)) AS d (dimension, key)
    GROUP BY 1, 2, 3
    HAVING sum(ch.sign) <> 0 OR sum(ch.sign * ch.admin_pending) <> 0 OR sum(ch.sign * ch.supervisor_pending) <> 0
      OR sum(ch.sign * ch.admin_changes) <> 0 OR sum(ch.sign * ch.supervisor_changes) <> 0
  ) AS g
  LEFT JOIN project_sites p ON g.dimension = 'site' AND p.id = g.key
  LEFT JOIN users u ON g.dimension = 'submitter' AND u.id = g.key
  ORDER BY 1, 2, 3
  ON CONFLICT (company_id, dimension, key) DO UPDATE SET
    total = c.total + excluded.total,
    admin_pending = c.admin_pending + excluded.admin_pending,
    supervisor_pending = c.supervisor_pending + excluded.supervisor_pending,
    admin_changes = c.admin_changes + excluded.admin_changes,
    supervisor_changes = c.supervisor_changes + excluded.supervisor_changes;
  RETURN NULL;
END $$;
