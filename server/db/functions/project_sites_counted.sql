-- Keeps each company's count of sites in each status as sites are added, removed or change status or company.
CREATE OR REPLACE FUNCTION project_sites_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM bump_list_count('sites', OLD.company_id, OLD.status, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM bump_list_count('sites', NEW.company_id, NEW.status, 1); END IF;
  RETURN NULL;
END $$;
