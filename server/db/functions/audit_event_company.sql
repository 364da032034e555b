-- The company an audit event belongs to, when the event does not say: the company of the entity it names.
CREATE OR REPLACE FUNCTION audit_event_company(e audit_events) RETURNS uuid LANGUAGE plpgsql STABLE AS $$
DECLARE
  found uuid;
BEGIN
  IF e.company_id IS NOT NULL THEN RETURN e.company_id; END IF;
  IF e.entity = 'company' THEN
    SELECT c.id INTO found FROM companies c WHERE c.id = e.entity_id;
  ELSIF e.entity = 'project_site' THEN
    SELECT s.company_id INTO found FROM project_sites s WHERE s.id = e.entity_id;
  ELSIF e.entity = 'swms' THEN
    SELECT w.company_id INTO found FROM swms w WHERE w.id = e.entity_id;
  ELSIF e.entity = 'user_role' THEN
    SELECT r.company_id INTO found FROM user_roles r WHERE r.id = e.entity_id;
  END IF;
  IF found IS NOT NULL THEN RETURN found; END IF;
  SELECT c.id INTO found FROM companies c WHERE c.id::text = e.detail ->> 'companyId';
  RETURN found;
END $$;
