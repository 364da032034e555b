-- After a site's address or job number changes: its SWMS counter rows take the new search text.
CREATE OR REPLACE FUNCTION project_sites_pass_text_to_swms_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE swms_counts SET search_text = swms_site_search_text(NEW.address, NEW.suburb, NEW.postcode), search_job = lower(NEW.site_number)
  WHERE company_id IN (OLD.company_id, NEW.company_id) AND dimension = 'site' AND key = NEW.id;
  RETURN NULL;
END $$;
