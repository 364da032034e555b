-- Before a site without a time zone is inserted: it takes its postcode's (named to fire before the list fields' trigger).
CREATE OR REPLACE FUNCTION project_sites_fill_time_zone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.time_zone := coalesce(NEW.time_zone, postcode_time_zone(NEW.postcode));
  RETURN NEW;
END $$;
