-- The lower-cased name of the supervisor a site shows (their role active), or '' for none.
CREATE OR REPLACE FUNCTION supervisor_search_text(role_id uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT lower(u.first_name || ' ' || u.surname)
                   FROM user_roles ur JOIN users u ON u.id = ur.user_id
                   WHERE ur.id = role_id AND ur.status = 'active'), '')
$$;
