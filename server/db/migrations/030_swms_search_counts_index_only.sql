-- Issue 11: a SWMS search's total adds up the matching submitters' and sites' counters, less the SWMS that match on
-- both (counted from the side with fewer SWMS), or takes the company's counter less the SWMS that match on neither
-- (counted from outside the side with more). Each of those counts reads the SWMS of a list of submitters (or sites)
-- and checks each one's site (or submitter): through the submitter's or the site's own index, that was a table page per
-- SWMS. At a million SWMS a first letter such as 'a' read 73,500 of them to count 29,000 and took 235 ms; 'ol' and
-- '12' took 206-222 ms. With the company, the one and the other beside each other in an index, the count reads the index
-- alone (index-only while the visibility map marks the pages all-visible, migration 029): 'a' 32 ms, 'ol' 47, '12' 27.
-- A review changes none of these columns, so reviews still update their rows in place (HOT).
CREATE INDEX swms_company_submitter_site ON swms (company_id, created_by, site_id);
CREATE INDEX swms_company_site_submitter ON swms (company_id, site_id, created_by);
