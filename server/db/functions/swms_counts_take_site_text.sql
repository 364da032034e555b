-- Before a site's SWMS counter row is inserted: it takes the site's search text and job number.
CREATE OR REPLACE FUNCTION swms_counts_take_site_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT swms_site_search_text(address, suburb, postcode), lower(site_number) INTO NEW.search_text, NEW.search_job
  FROM project_sites WHERE id = NEW.key;
  RETURN NEW;
END $$;
