-- Issue 11: the site list's search checked each site the trigram index of 014 offered by building its
-- lower-cased text again (five columns joined, then lower()): about half of a search's time at 5,000
-- sites. The text is now kept on the row, written with the row, and the index is on that column.
ALTER TABLE project_sites
  ADD COLUMN search_text text GENERATED ALWAYS AS (lower(address || ' ' || suburb || ' ' || postcode || ' ' || client_name || ' ' || site_number)) STORED;
CREATE INDEX project_sites_search_text_trgm ON project_sites USING gin (search_text gin_trgm_ops) WITH (fastupdate = off);
DROP INDEX project_sites_search_trgm;
