-- A SWMS as the audit trail labels it: its site's job number and the task, cut to 60 characters.
CREATE OR REPLACE FUNCTION audit_swms_label(site_number text, task_description text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT site_number || ' / ' || CASE WHEN length(task_description) > 60 THEN left(task_description, 59) || '…' ELSE task_description END
$$;
