-- The label an audit event shows for the entity it names, when the event does not say.
CREATE OR REPLACE FUNCTION audit_event_target_label(e audit_events) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  found text;
BEGIN
  IF e.target_label IS NOT NULL THEN RETURN e.target_label; END IF;
  IF e.entity = 'company' THEN
    SELECT c.name INTO found FROM companies c WHERE c.id = e.entity_id;
  ELSIF e.entity = 'project_site' THEN
    SELECT s.site_number || ' ' || s.address || ', ' || s.suburb INTO found FROM project_sites s WHERE s.id = e.entity_id;
  ELSIF e.entity = 'swms' THEN
    SELECT audit_swms_label(s.site_number, w.task_description) INTO found
    FROM swms w JOIN project_sites s ON s.id = w.site_id WHERE w.id = e.entity_id;
  ELSIF e.entity = 'user' THEN
    SELECT u.email INTO found FROM users u WHERE u.id = e.entity_id;
  ELSIF e.entity = 'user_role' THEN
    SELECT u.email || ' (' || r.role || ')' INTO found FROM user_roles r JOIN users u ON u.id = r.user_id WHERE r.id = e.entity_id;
  END IF;
  RETURN found;
END $$;
