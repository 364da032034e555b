-- Issue 11: a review writes each audit event's acting role and SWMS label itself, the label from the same UPDATE that
-- changes the SWMS (one join for the batch), instead of the event's row trigger looking both up one event at a time.
-- The label's form lives here once, an inlined SQL function shared by the trigger and the review. Events stored before
-- are unchanged, and every hash still verifies.

CREATE FUNCTION audit_swms_label(site_number text, task_description text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT site_number || ' / ' || CASE WHEN length(task_description) > 60 THEN left(task_description, 59) || '…' ELSE task_description END
$$;

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
