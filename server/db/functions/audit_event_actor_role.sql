-- The role an audit event's actor acted in, when the event does not say: their active role, the event's company's first, then SuperUser.
CREATE OR REPLACE FUNCTION audit_event_actor_role(e audit_events) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  found text;
BEGIN
  IF e.actor_role IS NOT NULL THEN RETURN e.actor_role; END IF;
  SELECT r.role INTO found FROM user_roles r
  WHERE r.user_id = e.actor_user_id AND r.status = 'active'
  ORDER BY (r.company_id IS NOT DISTINCT FROM e.company_id) DESC, r.role = 'SuperUser' DESC
  LIMIT 1;
  RETURN found;
END $$;
