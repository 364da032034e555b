-- Issue 5: the SWMS list, the site activity lists and the tradesperson visibility check stay fast at
-- 100,000 SWMS.

-- Job number low-high / high-low (spec §5): the digits of the job number read as one number. With
-- this index the list walks the company's sites in job-number order and each site's SWMS by date.
CREATE INDEX project_sites_job_number ON project_sites (
  company_id,
  (nullif(regexp_replace(site_number, '[^0-9]', '', 'g'), '')::numeric),
  site_number
);

-- 'For Review' for the viewer's own flag, newest or oldest first.
CREATE INDEX swms_admin_for_review ON swms (company_id, created_at DESC, id DESC)
  WHERE company_admin_reviewed_at IS NULL;
CREATE INDEX swms_supervisor_for_review ON swms (company_id, created_at DESC, id DESC)
  WHERE supervisor_reviewed_at IS NULL;

-- Cursor paging of a site's SWMS and check-ins by (created_at, id).
CREATE INDEX swms_site_cursor ON swms (site_id, created_at DESC, id DESC);
DROP INDEX IF EXISTS swms_site;
CREATE INDEX check_ins_site_cursor ON check_ins (site_id, created_at DESC, id DESC);
DROP INDEX IF EXISTS check_ins_site;

-- Which companies a tradesperson worked for (GET profile/trades/{id}).
CREATE INDEX swms_created_by ON swms (created_by, company_id);
CREATE INDEX check_ins_user ON check_ins (user_id, site_id);
