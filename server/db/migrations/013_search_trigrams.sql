-- Issue 11: a SWMS search looks for the text in the company's submitters' names and its sites' addresses and job
-- numbers. Trigram indexes find the rows containing the text (three characters or more) directly instead of an ILIKE
-- over every row on each request.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- fastupdate off: people and sites are written rarely, and a GIN pending list left between vacuums
-- makes these lookups scan it (and the planner price them too dear to use).
CREATE INDEX users_full_name_trgm ON users USING gin ((first_name || ' ' || surname) gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX project_sites_address_trgm ON project_sites USING gin ((address || ', ' || suburb || ' ' || postcode) gin_trgm_ops)
  WITH (fastupdate = off);
CREATE INDEX project_sites_site_number_trgm ON project_sites USING gin (site_number gin_trgm_ops) WITH (fastupdate = off);

