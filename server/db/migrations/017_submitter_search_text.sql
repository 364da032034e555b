-- Issue 11: a submitter's counter row carries their name, lower-cased as the site search text is (016), with a trigram
-- index of its own, so a SWMS search finds the matching submitters and their counters in one bitmap scan instead of one
-- counter lookup per matching submitter.
ALTER TABLE swms_counts ADD COLUMN search_text text;

UPDATE swms_counts c SET search_text = lower(u.first_name || ' ' || u.surname)
FROM users u WHERE c.dimension = 'submitter' AND u.id = c.key;

CREATE INDEX swms_counts_submitter_search ON swms_counts USING gin (search_text gin_trgm_ops) WITH (fastupdate = off)
  WHERE dimension = 'submitter';
-- A renamed person's counter rows, one per company they have submitted to.
CREATE INDEX swms_counts_submitter_key ON swms_counts (key) WHERE dimension = 'submitter';

-- A submitter's first SWMS in a company creates the counter row (apply_swms_count_changes of 009): the
-- name comes with it. A proposed row that meets an existing one updates only the counters.
CREATE FUNCTION swms_counts_take_submitter_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := (SELECT lower(first_name || ' ' || surname) FROM users WHERE id = NEW.key);
  RETURN NEW;
END $$;
CREATE TRIGGER swms_counts_submitter_name BEFORE INSERT ON swms_counts
  FOR EACH ROW WHEN (NEW.dimension = 'submitter') EXECUTE FUNCTION swms_counts_take_submitter_name();

-- A changed name reaches the person's counter rows in the same transaction.
CREATE FUNCTION users_pass_name_to_swms_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE swms_counts SET search_text = lower(NEW.first_name || ' ' || NEW.surname)
  WHERE dimension = 'submitter' AND key = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER users_submitter_name AFTER UPDATE OF first_name, surname ON users
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.surname IS DISTINCT FROM NEW.surname)
  EXECUTE FUNCTION users_pass_name_to_swms_counts();
