-- Issue 11: the site list sorted by supervisor name walks an index of the name the site keeps (`supervisor_search`,
-- migration 023: lower-cased, '' without an active supervisor) as a keyset, like every other order, instead of joining,
-- sorting and skipping every site of the company by OFFSET. Unassigned sites come last in both directions, so each
-- direction leads with its own flag and has its own index: Supervisor A-Z reads the first forwards, Z-A the second
-- backwards.
CREATE INDEX project_sites_company_supervisor ON project_sites (company_id, (supervisor_search = ''), supervisor_search, id) INCLUDE (status);
CREATE INDEX project_sites_company_supervisor_desc ON project_sites (company_id, (supervisor_search <> ''), supervisor_search, id) INCLUDE (status);
