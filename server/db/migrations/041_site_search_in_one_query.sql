-- Issue 56: a site search is one company-scoped trigram query that counts its matches exactly as it reads its page
-- (server/sites/repository.ts), as the SWMS and client searches are. The kept search totals and the company sites
-- revisions they held at (migrations 027 and 028) have no reader left: their triggers, functions and tables go.
DROP TRIGGER project_sites_inserted_revision ON project_sites;
DROP TRIGGER project_sites_deleted_revision ON project_sites;
DROP TRIGGER project_sites_updated_revision ON project_sites;
DROP TRIGGER project_sites_truncated_totals ON project_sites;
DROP FUNCTION project_sites_added_or_removed_revision();
DROP FUNCTION project_sites_updated_revision();
DROP FUNCTION project_sites_truncated_totals();
DROP FUNCTION bump_site_list_revisions(uuid[]);
DROP TABLE site_search_totals;
DROP TABLE site_list_revisions;
