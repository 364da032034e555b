-- Before a SWMS is inserted or moved to another site: it takes the site's job number sort key.
CREATE OR REPLACE FUNCTION swms_take_site_sort() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.site_sort := (SELECT job_sort_key(site_number) FROM project_sites WHERE id = NEW.site_id);
  RETURN NEW;
END $$;
