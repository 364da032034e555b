-- Issue 11: the SWMS counters' update trigger groups the statement's old and new rows directly, instead of packing
-- every row into an array of composites for apply_swms_count_changes to unpack again, which was costly for a select-all
-- review's thousands of rows. Same sums, same upsert, counter rows still locked in key order; inserts and deletes, a
-- row or a few at a time, keep the shared function.
CREATE OR REPLACE FUNCTION swms_counted_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO swms_counts AS c (company_id, dimension, key, total, admin_pending, supervisor_pending)
  SELECT ch.company_id, d.dimension, d.key, sum(ch.sign), sum(ch.sign * ch.admin_pending), sum(ch.sign * ch.supervisor_pending)
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
  ORDER BY 1, 2, 3
  ON CONFLICT (company_id, dimension, key) DO UPDATE SET
    total = c.total + excluded.total,
    admin_pending = c.admin_pending + excluded.admin_pending,
    supervisor_pending = c.supervisor_pending + excluded.supervisor_pending;
  RETURN NULL;
END $$;
