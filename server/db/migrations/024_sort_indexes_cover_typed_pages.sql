-- Issue 11: each site and client sort index also carries the plain columns its key is made of, and a site's status,
-- which a page filtered by status checks, so the walk that finds where a page opened by its number starts (`shapedFrom`
-- in server/db/keyset.ts) reads the index alone: PostgreSQL returns no expression (lower(name), the job number's sort
-- key) from an index-only scan. The keys, and so the orders, are unchanged.

DROP INDEX companies_live_name;
CREATE INDEX companies_live_name ON companies (lower(name), id) INCLUDE (name) WHERE deleted_at IS NULL;

DROP INDEX project_sites_company_created;
CREATE INDEX project_sites_company_created ON project_sites (company_id, created_at DESC, id DESC) INCLUDE (status);

DROP INDEX project_sites_company_address;
CREATE INDEX project_sites_company_address ON project_sites (company_id, lower(address), id) INCLUDE (address, status);

DROP INDEX project_sites_company_suburb;
CREATE INDEX project_sites_company_suburb ON project_sites (company_id, lower(suburb), lower(address), id) INCLUDE (suburb, address, status);

DROP INDEX project_sites_company_client;
CREATE INDEX project_sites_company_client ON project_sites (company_id, lower(client_name), id) INCLUDE (client_name, status);

DROP INDEX project_sites_company_job;
CREATE INDEX project_sites_company_job ON project_sites (company_id, (job_sort_key(site_number) COLLATE "C"), id) INCLUDE (site_number, status);
