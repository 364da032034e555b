-- Before a submitter's SWMS counter row is inserted: it takes their lower-cased name for search.
CREATE OR REPLACE FUNCTION swms_counts_take_submitter_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := (SELECT lower(first_name || ' ' || surname) FROM users WHERE id = NEW.key);
  RETURN NEW;
END $$;
