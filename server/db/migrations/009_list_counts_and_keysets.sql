-- Issue 11: the SWMS, project-site and client lists stay fast at 100,000 to 1,000,000 rows. Their totals are counters
-- that the rows' own triggers keep exact in the same transaction as the change, instead of a count(*) per request, and
-- they page by keyset instead of OFFSET: every sort has an index that serves it and its exact reverse.

-- Job number low-high as one sortable text (spec §5): the job number's digits compared as a number,
-- a job number without digits last, the whole job number breaking ties. C collation compares bytes,
-- so the key sorts the same on every server.
CREATE FUNCTION job_sort_key(site_number text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN digits = '' THEN '1' ELSE '0' || lpad(length(value)::text, 4, '0') || value END || ' ' || site_number
  FROM (SELECT regexp_replace(site_number, '[^0-9]', '', 'g') AS digits) AS d,
       LATERAL (SELECT coalesce(nullif(ltrim(d.digits, '0'), ''), '0') AS value) AS v
$$;

-- The SWMS carries its site's key, so the job-number order is one index walk instead of a join.
ALTER TABLE swms ADD COLUMN site_sort text COLLATE "C";
UPDATE swms s SET site_sort = job_sort_key(p.site_number) FROM project_sites p WHERE p.id = s.site_id;
ALTER TABLE swms ALTER COLUMN site_sort SET NOT NULL;

CREATE FUNCTION swms_take_site_sort() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.site_sort := (SELECT job_sort_key(site_number) FROM project_sites WHERE id = NEW.site_id);
  RETURN NEW;
END $$;
CREATE TRIGGER swms_site_sort BEFORE INSERT OR UPDATE OF site_id ON swms
  FOR EACH ROW EXECUTE FUNCTION swms_take_site_sort();

CREATE FUNCTION project_sites_pass_site_sort() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE swms SET site_sort = job_sort_key(NEW.site_number) WHERE site_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER project_sites_site_sort AFTER UPDATE OF site_number ON project_sites
  FOR EACH ROW WHEN (OLD.site_number IS DISTINCT FROM NEW.site_number) EXECUTE FUNCTION project_sites_pass_site_sort();

-- Keyset indexes: (sort columns..., id) in one direction serve the order and its reverse.
CREATE INDEX swms_company_keyset ON swms (company_id, created_at, id);
DROP INDEX IF EXISTS swms_company_created;
CREATE INDEX swms_company_job ON swms (company_id, site_sort, created_at, id);
CREATE INDEX swms_admin_for_review_job ON swms (company_id, site_sort, created_at, id)
  WHERE company_admin_reviewed_at IS NULL;
CREATE INDEX swms_supervisor_for_review_job ON swms (company_id, site_sort, created_at, id)
  WHERE supervisor_reviewed_at IS NULL;

-- SWMS counts per company, per site and per submitter, with how many await each review flag. A
-- search's count adds up the matching submitters' and sites' counts and subtracts the SWMS counted twice.
CREATE TABLE swms_counts (
  company_id uuid NOT NULL,
  dimension text NOT NULL CHECK (dimension IN ('company', 'site', 'submitter')),
  key uuid NOT NULL,
  total bigint NOT NULL DEFAULT 0,
  admin_pending bigint NOT NULL DEFAULT 0,
  supervisor_pending bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (company_id, dimension, key)
);

CREATE TYPE swms_count_change AS (
  company_id uuid,
  site_id uuid,
  created_by uuid,
  sign int,
  admin_pending int,
  supervisor_pending int
);

-- One upsert per counter row, in key order, so concurrent changes lock counters in the same order.
CREATE FUNCTION apply_swms_count_changes(changes swms_count_change[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO swms_counts AS c (company_id, dimension, key, total, admin_pending, supervisor_pending)
  SELECT ch.company_id, d.dimension, d.key, sum(ch.sign), sum(ch.sign * ch.admin_pending), sum(ch.sign * ch.supervisor_pending)
  FROM unnest(changes) AS ch
  CROSS JOIN LATERAL (VALUES ('company', ch.company_id), ('site', ch.site_id), ('submitter', ch.created_by)) AS d (dimension, key)
  GROUP BY 1, 2, 3
  HAVING sum(ch.sign) <> 0 OR sum(ch.sign * ch.admin_pending) <> 0 OR sum(ch.sign * ch.supervisor_pending) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (company_id, dimension, key) DO UPDATE SET
    total = c.total + excluded.total,
    admin_pending = c.admin_pending + excluded.admin_pending,
    supervisor_pending = c.supervisor_pending + excluded.supervisor_pending
$$;

CREATE FUNCTION swms_counted_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM apply_swms_count_changes(array(
    SELECT (company_id, site_id, created_by, 1, (company_admin_reviewed_at IS NULL)::int, (supervisor_reviewed_at IS NULL)::int)::swms_count_change
    FROM new_rows));
  RETURN NULL;
END $$;

CREATE FUNCTION swms_counted_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM apply_swms_count_changes(array(
    SELECT (company_id, site_id, created_by, 1, (company_admin_reviewed_at IS NULL)::int, (supervisor_reviewed_at IS NULL)::int)::swms_count_change
    FROM new_rows
    UNION ALL
    SELECT (company_id, site_id, created_by, -1, (company_admin_reviewed_at IS NULL)::int, (supervisor_reviewed_at IS NULL)::int)::swms_count_change
    FROM old_rows));
  RETURN NULL;
END $$;

CREATE FUNCTION swms_counted_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM apply_swms_count_changes(array(
    SELECT (company_id, site_id, created_by, -1, (company_admin_reviewed_at IS NULL)::int, (supervisor_reviewed_at IS NULL)::int)::swms_count_change
    FROM old_rows));
  RETURN NULL;
END $$;

CREATE TRIGGER swms_count_insert AFTER INSERT ON swms
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION swms_counted_insert();
CREATE TRIGGER swms_count_update AFTER UPDATE ON swms
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION swms_counted_update();
CREATE TRIGGER swms_count_delete AFTER DELETE ON swms
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION swms_counted_delete();

SELECT apply_swms_count_changes(array(
  SELECT (company_id, site_id, created_by, 1, (company_admin_reviewed_at IS NULL)::int, (supervisor_reviewed_at IS NULL)::int)::swms_count_change
  FROM swms));

-- Live clients (platform-wide) and each company's sites per status, kept the same way.
CREATE TABLE list_counts (
  list text NOT NULL CHECK (list IN ('clients', 'sites')),
  scope uuid NOT NULL,
  bucket text NOT NULL,
  n bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (list, scope, bucket)
);

CREATE FUNCTION bump_list_count(list_name text, scope_id uuid, bucket_name text, delta int) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO list_counts AS c (list, scope, bucket, n) VALUES (list_name, scope_id, bucket_name, delta)
  ON CONFLICT (list, scope, bucket) DO UPDATE SET n = c.n + excluded.n
$$;

CREATE FUNCTION project_sites_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM bump_list_count('sites', OLD.company_id, OLD.status, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM bump_list_count('sites', NEW.company_id, NEW.status, 1); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER project_sites_count AFTER INSERT OR DELETE OR UPDATE OF status, company_id ON project_sites
  FOR EACH ROW EXECUTE FUNCTION project_sites_counted();

CREATE FUNCTION companies_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN
    PERFORM bump_list_count('clients', '00000000-0000-0000-0000-000000000000', 'live', -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN
    PERFORM bump_list_count('clients', '00000000-0000-0000-0000-000000000000', 'live', 1);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER companies_count AFTER INSERT OR DELETE OR UPDATE OF deleted_at ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_counted();

INSERT INTO list_counts (list, scope, bucket, n)
SELECT 'sites', company_id, status, count(*) FROM project_sites GROUP BY company_id, status;
INSERT INTO list_counts (list, scope, bucket, n)
SELECT 'clients', '00000000-0000-0000-0000-000000000000', 'live', count(*) FROM companies WHERE deleted_at IS NULL;

-- The site list's job-number order as a keyset (the other orders have their indexes from 003).
CREATE INDEX project_sites_company_job ON project_sites (company_id, (job_sort_key(site_number) COLLATE "C"), id);
