-- Before a client is written: its list fields are written again with it.
CREATE OR REPLACE FUNCTION companies_write_list_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_fields := company_list_fields(NEW);
  RETURN NEW;
END $$;
