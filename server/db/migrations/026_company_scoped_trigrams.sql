-- Issue 11: the trigram indexes of the SWMS and site searches carry the company beside the trigrams (btree_gin lets a
-- GIN index hold the uuid), so a search reads only its own company's matches instead of every company's, each read from
-- the table to recheck it. btree_gin is a trusted extension (PostgreSQL 13+), as pg_trgm is: a database owner may
-- create it.
CREATE EXTENSION IF NOT EXISTS btree_gin;

DROP INDEX swms_counts_submitter_search;
CREATE INDEX swms_counts_submitter_search ON swms_counts USING gin (company_id, search_text gin_trgm_ops) WITH (fastupdate = off)
  WHERE dimension = 'submitter';

DROP INDEX project_sites_search_text_trgm;
CREATE INDEX project_sites_search_text_trgm ON project_sites USING gin (company_id, search_text gin_trgm_ops) WITH (fastupdate = off);

-- The SWMS search's sites (their address and job number, server/swms/repository.ts).
DROP INDEX project_sites_address_trgm;
CREATE INDEX project_sites_address_trgm ON project_sites USING gin (company_id, (address || ', ' || suburb || ' ' || postcode) gin_trgm_ops)
  WITH (fastupdate = off);
DROP INDEX project_sites_site_number_trgm;
CREATE INDEX project_sites_site_number_trgm ON project_sites USING gin (company_id, site_number gin_trgm_ops) WITH (fastupdate = off);
