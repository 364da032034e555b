-- Before a site is written: its list fields are written again with it.
CREATE OR REPLACE FUNCTION project_sites_write_list_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_fields := site_list_fields(NEW);
  RETURN NEW;
END $$;
