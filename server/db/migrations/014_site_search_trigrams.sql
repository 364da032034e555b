-- Issue 11: the site list's search reads the site's own columns through one trigram index (the
-- supervisor's name through users_full_name_trgm of 013), instead of every site of the company.
CREATE INDEX project_sites_search_trgm ON project_sites
  USING gin (lower(address || ' ' || suburb || ' ' || postcode || ' ' || client_name || ' ' || site_number) gin_trgm_ops)
  WITH (fastupdate = off);
