-- Issue 11: a site keeps the name of its supervisor, while their role is active, in its own column and its search text,
-- so one trigram scan finds every site a search word matches. Matching the supervisors first and taking their sites by
-- id gave the search's one generic plan a list it cannot see, and it read every site of the company.
ALTER TABLE project_sites ADD COLUMN supervisor_search text NOT NULL DEFAULT '';

-- The lower-cased name of the supervisor a site shows (their role active), or '' for none.
CREATE FUNCTION supervisor_search_text(role_id uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT lower(u.first_name || ' ' || u.surname)
                   FROM user_roles ur JOIN users u ON u.id = ur.user_id
                   WHERE ur.id = role_id AND ur.status = 'active'), '')
$$;

UPDATE project_sites SET supervisor_search = supervisor_search_text(supervisor_role_id) WHERE supervisor_role_id IS NOT NULL;

-- A word holds no spaces, so a match in these texts joined by spaces is a match in one of them.
DROP INDEX project_sites_search_text_trgm;
ALTER TABLE project_sites DROP COLUMN search_text;
ALTER TABLE project_sites ADD COLUMN search_text text GENERATED ALWAYS AS
  (lower(address || ' ' || suburb || ' ' || postcode || ' ' || client_name || ' ' || site_number) || ' ' || supervisor_search) STORED;
CREATE INDEX project_sites_search_text_trgm ON project_sites USING gin (search_text gin_trgm_ops) WITH (fastupdate = off);

-- A site given a supervisor (or none) takes their name; generated columns are written after this trigger.
CREATE FUNCTION project_sites_take_supervisor_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.supervisor_search := supervisor_search_text(NEW.supervisor_role_id);
  RETURN NEW;
END $$;
CREATE TRIGGER project_sites_supervisor_name BEFORE INSERT OR UPDATE OF supervisor_role_id ON project_sites
  FOR EACH ROW EXECUTE FUNCTION project_sites_take_supervisor_name();

-- A renamed supervisor's sites take the new name in the same transaction.
CREATE FUNCTION users_pass_name_to_sites() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_sites SET supervisor_search = supervisor_search_text(supervisor_role_id)
  WHERE supervisor_role_id IN (SELECT id FROM user_roles WHERE user_id = NEW.id);
  RETURN NULL;
END $$;
CREATE TRIGGER users_supervisor_name AFTER UPDATE OF first_name, surname ON users
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.surname IS DISTINCT FROM NEW.surname)
  EXECUTE FUNCTION users_pass_name_to_sites();

-- A supervisor's role revoked (or made active again) changes whether their sites show them, and so match them.
CREATE FUNCTION user_roles_pass_status_to_sites() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_sites SET supervisor_search = supervisor_search_text(NEW.id) WHERE supervisor_role_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER user_roles_supervisor_name AFTER UPDATE OF status, user_id ON user_roles
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION user_roles_pass_status_to_sites();
