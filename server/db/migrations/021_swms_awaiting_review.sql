-- Issue 11: the For Review lists walk a queue of the SWMS awaiting each flag, kept by the SWMS's own statement triggers
-- in the same transaction, instead of four indexes that named the flag in their WHERE and so made every review write a
-- new entry into each index of swms. With swms keeping room on its pages (fillfactor 85, for pages written from now
-- on), marking a SWMS reviewed changes no index of swms and removes one queue row.
CREATE TABLE swms_awaiting_review (
  flag text NOT NULL CHECK (flag IN ('companyAdmin', 'supervisor')),
  id uuid NOT NULL,
  company_id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  site_sort text COLLATE "C" NOT NULL,
  PRIMARY KEY (id, flag)
);
-- The For Review list's two orders (Date, Job No.), each read forwards or backwards.
CREATE INDEX swms_awaiting_review_date ON swms_awaiting_review (company_id, flag, created_at, id);
CREATE INDEX swms_awaiting_review_job ON swms_awaiting_review (company_id, flag, site_sort, created_at, id);

INSERT INTO swms_awaiting_review (flag, id, company_id, created_at, site_sort)
SELECT f.flag, s.id, s.company_id, s.created_at, s.site_sort
FROM swms s
CROSS JOIN LATERAL (VALUES ('companyAdmin', s.company_admin_reviewed_at IS NULL), ('supervisor', s.supervisor_reviewed_at IS NULL)) AS f (flag, awaiting)
WHERE f.awaiting;

CREATE FUNCTION swms_queue_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO swms_awaiting_review (flag, id, company_id, created_at, site_sort)
  SELECT f.flag, n.id, n.company_id, n.created_at, n.site_sort
  FROM new_rows n
  CROSS JOIN LATERAL (VALUES ('companyAdmin', n.company_admin_reviewed_at IS NULL), ('supervisor', n.supervisor_reviewed_at IS NULL)) AS f (flag, awaiting)
  WHERE f.awaiting;
  RETURN NULL;
END $$;

-- A queue row goes when its flag is set, and comes back when the flag is cleared; one whose SWMS
-- moved (another site, so another job number) is written again. These statements join the statement's
-- rows to the queue or to each other, so they are planned for each statement (EXECUTE): PL/pgSQL would
-- keep the plan made for the first statement it saw, and a plan made for one row joins 5,000 rows to
-- 5,000 pair by pair, while one made for 5,000 reads the whole queue to remove one row.
CREATE FUNCTION swms_queue_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $sql$
    DELETE FROM swms_awaiting_review q
    USING old_rows o JOIN new_rows n ON n.id = o.id
    WHERE q.id = o.id AND (
      (q.flag = 'companyAdmin' AND n.company_admin_reviewed_at IS NOT NULL)
      OR (q.flag = 'supervisor' AND n.supervisor_reviewed_at IS NOT NULL)
      OR n.company_id <> o.company_id OR n.created_at <> o.created_at OR n.site_sort <> o.site_sort)$sql$;
  EXECUTE $sql$
    INSERT INTO swms_awaiting_review (flag, id, company_id, created_at, site_sort)
    SELECT f.flag, n.id, n.company_id, n.created_at, n.site_sort
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES
      ('companyAdmin', n.company_admin_reviewed_at IS NULL, o.company_admin_reviewed_at IS NULL),
      ('supervisor', n.supervisor_reviewed_at IS NULL, o.supervisor_reviewed_at IS NULL)) AS f (flag, awaiting, awaited)
    WHERE f.awaiting AND (NOT f.awaited OR n.company_id <> o.company_id OR n.created_at <> o.created_at OR n.site_sort <> o.site_sort)$sql$;
  RETURN NULL;
END $$;

CREATE FUNCTION swms_queue_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE 'DELETE FROM swms_awaiting_review q USING old_rows o WHERE q.id = o.id';
  RETURN NULL;
END $$;

CREATE TRIGGER swms_queue_insert AFTER INSERT ON swms
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION swms_queue_insert();
CREATE TRIGGER swms_queue_update AFTER UPDATE ON swms
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION swms_queue_update();
CREATE TRIGGER swms_queue_delete AFTER DELETE ON swms
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION swms_queue_delete();

DROP INDEX swms_admin_for_review;
DROP INDEX swms_supervisor_for_review;
DROP INDEX swms_admin_for_review_job;
DROP INDEX swms_supervisor_for_review_job;

ALTER TABLE swms SET (fillfactor = 85);
