-- After a person is renamed: the sites they supervise take the new name.
CREATE OR REPLACE FUNCTION users_pass_name_to_sites() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_sites SET supervisor_search = supervisor_search_text(supervisor_role_id)
  WHERE supervisor_role_id IN (SELECT id FROM user_roles WHERE user_id = NEW.id);
  RETURN NULL;
END $$;
