-- Issue 11: swms indexes on (company, submitter, site) and (company, site, submitter), so each count behind a SWMS
-- search's total (the SWMS of the matching submitters on the matching sites, or the reverse) reads the index alone
-- instead of a table page per SWMS. A review changes none of these columns, so reviews still update their rows in place
-- (HOT).
CREATE INDEX swms_company_submitter_site ON swms (company_id, created_by, site_id);
CREATE INDEX swms_company_site_submitter ON swms (company_id, site_id, created_by);
