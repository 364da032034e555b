-- Issue 4: the project site list stays fast at 5,000 sites a company, and one uploaded safety plan
-- belongs to one site only (two saves racing for the same upload meet this index).

CREATE UNIQUE INDEX project_sites_safety_plan ON project_sites (site_safety_plan_file_id)
  WHERE site_safety_plan_file_id IS NOT NULL;

-- The default order (newest first) and the sortable columns (Street Address, Suburb, Client), each
-- within the company.
CREATE INDEX project_sites_company_created ON project_sites (company_id, created_at DESC, id DESC);
CREATE INDEX project_sites_company_address ON project_sites (company_id, lower(address), id);
CREATE INDEX project_sites_company_suburb ON project_sites (company_id, lower(suburb), lower(address), id);
CREATE INDEX project_sites_company_client ON project_sites (company_id, lower(client_name), id);

-- Sites by supervisor: the list's supervisor join and the employees' project counts.
CREATE INDEX project_sites_supervisor ON project_sites (supervisor_role_id) WHERE supervisor_role_id IS NOT NULL;
