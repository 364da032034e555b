-- Issue 11: a site search's exact total is kept per company and search until a site of the company changes, so a
-- repeated search (the next page, a refresh) reads its total here and, when the matches are common, walks the sort's
-- own index to the page instead of counting every match (server/sites/repository.ts). A company's sites revision goes
-- up, and its kept totals are dropped, in the statement that changes what a search matches or counts (a site's search
-- text, status or company), so a total taken at an older revision never answers again. Only a total that a page walks
-- with is kept: a search of few matches counts them faster than it would walk.
CREATE TABLE site_list_revisions (
  company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  revision bigint NOT NULL
);

-- No foreign key: its check would lock the company's row for every total kept, and companies are never deleted, only
-- marked so.
CREATE TABLE site_search_totals (
  company_id uuid NOT NULL,
  -- The search's words and status filter, as the portal writes them (server/sites/repository.ts, searchKey).
  search_key text NOT NULL,
  -- The company's sites revision the total was counted at (0 before the company's first site).
  revision bigint NOT NULL,
  total bigint NOT NULL,
  PRIMARY KEY (company_id, search_key)
);

CREATE FUNCTION bump_site_list_revisions(changed uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO site_list_revisions AS r (company_id, revision)
  SELECT DISTINCT company_id, 1 FROM unnest(changed) AS company_id
  ON CONFLICT (company_id) DO UPDATE SET revision = r.revision + 1;
  DELETE FROM site_search_totals WHERE company_id = ANY (changed);
$$;

-- An insert's rows are its new ones, a delete's its old ones: each trigger names its own transition table.
CREATE FUNCTION project_sites_added_or_removed_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_site_list_revisions(array(SELECT DISTINCT company_id FROM new_rows));
  ELSE
    PERFORM bump_site_list_revisions(array(SELECT DISTINCT company_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER project_sites_inserted_revision AFTER INSERT ON project_sites
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_sites_added_or_removed_revision();
CREATE TRIGGER project_sites_deleted_revision AFTER DELETE ON project_sites
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_sites_added_or_removed_revision();

-- An update that leaves every search text, status and company as it was (a plan, PPE, a version) changes no total.
CREATE FUNCTION project_sites_updated_revision() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[] := array(
    SELECT DISTINCT side.company_id
    FROM old_rows o JOIN new_rows n ON n.id = o.id, LATERAL (VALUES (o.company_id), (n.company_id)) AS side (company_id)
    WHERE (o.search_text, o.status, o.company_id) IS DISTINCT FROM (n.search_text, n.status, n.company_id));
BEGIN
  IF cardinality(changed) > 0 THEN PERFORM bump_site_list_revisions(changed); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER project_sites_updated_revision AFTER UPDATE ON project_sites
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_sites_updated_revision();

-- TRUNCATE fires no row or statement trigger above; nothing in the portal truncates sites, but a kept total must not
-- outlive its sites whatever emptied the table.
CREATE FUNCTION project_sites_truncated_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM site_search_totals;
  RETURN NULL;
END $$;
CREATE TRIGGER project_sites_truncated_totals AFTER TRUNCATE ON project_sites
  FOR EACH STATEMENT EXECUTE FUNCTION project_sites_truncated_totals();
