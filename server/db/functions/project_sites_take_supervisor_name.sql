-- Before a site is given a supervisor (or none): it takes their name for search and sort.
CREATE OR REPLACE FUNCTION project_sites_take_supervisor_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.supervisor_search := supervisor_search_text(NEW.supervisor_role_id);
  RETURN NEW;
END $$;
