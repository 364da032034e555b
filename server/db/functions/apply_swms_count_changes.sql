-- Adds a statement's SWMS changes to the counter rows (company, site, submitter), one upsert per row in key order so writers lock alike.
-- PL/pgSQL, whose body is checked when it runs: the file is applied before the migration that adds the changes counters.
CREATE OR REPLACE FUNCTION apply_swms_count_changes(changes swms_count_change[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO swms_counts AS c (company_id, dimension, key, total, admin_pending, supervisor_pending, admin_changes, supervisor_changes)
  SELECT ch.company_id, d.dimension, d.key, sum(ch.sign), sum(ch.sign * ch.admin_pending), sum(ch.sign * ch.supervisor_pending),
    sum(ch.sign * ch.admin_changes), sum(ch.sign * ch.supervisor_changes)
  FROM unnest(changes) AS ch
  CROSS JOIN LATERAL (VALUES ('company', ch.company_id), ('site', ch.site_id), ('submitter', ch.created_by)) AS d (dimension, key)
  GROUP BY 1, 2, 3
  HAVING sum(ch.sign) <> 0 OR sum(ch.sign * ch.admin_pending) <> 0 OR sum(ch.sign * ch.supervisor_pending) <> 0
    OR sum(ch.sign * ch.admin_changes) <> 0 OR sum(ch.sign * ch.supervisor_changes) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (company_id, dimension, key) DO UPDATE SET
    total = c.total + excluded.total,
    admin_pending = c.admin_pending + excluded.admin_pending,
    supervisor_pending = c.supervisor_pending + excluded.supervisor_pending,
    admin_changes = c.admin_changes + excluded.admin_changes,
    supervisor_changes = c.supervisor_changes + excluded.supervisor_changes;
END $$;
