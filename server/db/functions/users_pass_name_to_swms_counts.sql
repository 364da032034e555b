-- After a person is renamed: their SWMS counter rows take the new name.
CREATE OR REPLACE FUNCTION users_pass_name_to_swms_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE swms_counts SET search_text = lower(NEW.first_name || ' ' || NEW.surname)
  WHERE dimension = 'submitter' AND key = NEW.id;
  RETURN NULL;
END $$;
