-- Keeps the count of live clients as clients are added, deleted or restored.
CREATE OR REPLACE FUNCTION companies_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN
    PERFORM bump_list_count('clients', '00000000-0000-0000-0000-000000000000', 'live', -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN
    PERFORM bump_list_count('clients', '00000000-0000-0000-0000-000000000000', 'live', 1);
  END IF;
  RETURN NULL;
END $$;
