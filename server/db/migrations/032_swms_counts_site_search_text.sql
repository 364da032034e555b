-- Issue 11: a site's counter row carries its address and job number, lower-cased as a SWMS search reads them, as a
-- submitter's carries the name (migration 017), so a search of a letter or two (too short for a trigram) finds the
-- matching sites and their counters in one read of the company's site counters instead of building each site's address
-- again.
ALTER TABLE swms_counts ADD COLUMN search_job text;

-- The text a SWMS search finds a site by: its address as the list shows it, and its job number.
CREATE FUNCTION swms_site_search_text(address text, suburb text, postcode text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN lower(address || ', ' || suburb || ' ' || postcode);

UPDATE swms_counts c SET search_text = swms_site_search_text(p.address, p.suburb, p.postcode), search_job = lower(p.site_number)
FROM project_sites p WHERE c.dimension = 'site' AND p.id = c.key;

-- A site's first SWMS in a company creates its counter row (apply_swms_count_changes, migration 022): the text comes with it.
CREATE FUNCTION swms_counts_take_site_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT swms_site_search_text(address, suburb, postcode), lower(site_number) INTO NEW.search_text, NEW.search_job
  FROM project_sites WHERE id = NEW.key;
  RETURN NEW;
END $$;
CREATE TRIGGER swms_counts_site_text BEFORE INSERT ON swms_counts
  FOR EACH ROW WHEN (NEW.dimension = 'site') EXECUTE FUNCTION swms_counts_take_site_text();

-- A changed address or job number reaches the site's counter row in the same transaction.
CREATE FUNCTION project_sites_pass_text_to_swms_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE swms_counts SET search_text = swms_site_search_text(NEW.address, NEW.suburb, NEW.postcode), search_job = lower(NEW.site_number)
  WHERE company_id IN (OLD.company_id, NEW.company_id) AND dimension = 'site' AND key = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER project_sites_swms_search_text AFTER UPDATE OF address, suburb, postcode, site_number ON project_sites
  FOR EACH ROW WHEN (OLD.address IS DISTINCT FROM NEW.address OR OLD.suburb IS DISTINCT FROM NEW.suburb
    OR OLD.postcode IS DISTINCT FROM NEW.postcode OR OLD.site_number IS DISTINCT FROM NEW.site_number)
  EXECUTE FUNCTION project_sites_pass_text_to_swms_counts();
