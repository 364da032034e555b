-- After a site's job number changes: its SWMS take the new sort key.
CREATE OR REPLACE FUNCTION project_sites_pass_site_sort() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE swms SET site_sort = job_sort_key(NEW.site_number) WHERE site_id = NEW.id;
  RETURN NULL;
END $$;
