-- After a role's status or person changes: the sites it supervises show (and match) the supervisor's name or none.
CREATE OR REPLACE FUNCTION user_roles_pass_status_to_sites() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_sites SET supervisor_search = supervisor_search_text(NEW.id) WHERE supervisor_role_id = NEW.id;
  RETURN NULL;
END $$;
