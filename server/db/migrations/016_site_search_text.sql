-- Issue 11: a site keeps its lower-cased search text (five columns joined) on the row, written with the row, and the
-- trigram index is on that column, so a search no longer builds the text again for each site the index offers.
ALTER TABLE project_sites
  ADD COLUMN search_text text GENERATED ALWAYS AS (lower(address || ' ' || suburb || ' ' || postcode || ' ' || client_name || ' ' || site_number)) STORED;
CREATE INDEX project_sites_search_text_trgm ON project_sites USING gin (search_text gin_trgm_ops) WITH (fastupdate = off);
DROP INDEX project_sites_search_trgm;
