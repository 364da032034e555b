-- Issue 11: a select-all review of 1,000 SWMS spent 54 ms of its 153 ms UPDATE in the counters'
-- statement trigger. A counter row changes on every SWMS written, but its pages were full, so
-- PostgreSQL could not keep the new version on the same page (a HOT update): each change wrote a new
-- entry into every index of swms_counts, the submitters' trigram index (about fifteen entries a row)
-- among them. Counters change only columns no index names, so with room on their page their updates
-- are HOT and touch no index: the trigger then took 20-25 ms. The same holds for list_counts.
-- CLUSTER rewrites each table with that room and in its key order, which also puts a company's
-- counter rows on few pages, so a search reads fewer of them.
ALTER TABLE swms_counts SET (fillfactor = 50);
CLUSTER swms_counts USING swms_counts_pkey;
ALTER TABLE list_counts SET (fillfactor = 50);
CLUSTER list_counts USING list_counts_pkey;

-- Every SWMS written (a review sets a flag the For Review indexes name, so no review is a HOT update)
-- enters each index of swms: (created_by, company_id) served only what (created_by, created_at) of
-- migration 008 serves as well, a submitter's SWMS, and cost one index entry per SWMS written.
DROP INDEX swms_created_by;
