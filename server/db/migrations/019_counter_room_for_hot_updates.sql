-- Issue 11: the counter tables keep room on their pages, so a counter's update, which changes no indexed column, stays
-- on its page (a HOT update) and writes no entry into any index, the submitters' trigram index of about fifteen entries
-- a row among them. CLUSTER rewrites each table with that room and in its key order, which also puts a company's
-- counter rows on few pages for a search to read.
ALTER TABLE swms_counts SET (fillfactor = 50);
CLUSTER swms_counts USING swms_counts_pkey;
ALTER TABLE list_counts SET (fillfactor = 50);
CLUSTER list_counts USING list_counts_pkey;

-- Every SWMS written (a review sets a flag the For Review indexes name, so no review is a HOT update)
-- enters each index of swms: (created_by, company_id) served only what (created_by, created_at) of
-- migration 008 serves as well, a submitter's SWMS, and cost one index entry per SWMS written.
DROP INDEX swms_created_by;
