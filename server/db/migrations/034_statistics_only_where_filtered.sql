-- Issue 11: the planner's statistics only for the columns that queries filter, join or sort on, on the two tables that
-- a select-all review changes most. ANALYZE samples up to 30,000 rows and works out each column's statistics: for the
-- SWMS' long texts and arrays and the audit events' detail, kept search text and hashes, that was most of its time,
-- and no plan reads them (an audit search matches `strpos(search_text, ...)`, which no column statistics price). A
-- select-all review of 5,000 SWMS makes both tables due (the SWMS after 1% of it changes, migration 029), and the
-- analyses then ran as long as the review: on the embedded PGlite, whose own maintenance holds the one connection for
-- each (`server/db/embedded-maintenance.ts`), ANALYZE swms took 280-500 ms and ANALYZE audit_events 830-1,110 (160,000
-- events), against 150-225 and 330-420 without these columns; on PostgreSQL, where autovacuum does them beside the
-- requests on the same cores, 297-346 and 612-1,098 ms against 94-139 and 217-251.
-- Kept: every column a WHERE, join or ORDER BY names (the SWMS' ids, company, site, submitter, dates, review flags and
-- reviewers, photos, job order; the events' id, chain, sequence, company, actor, action, target and time).
ALTER TABLE swms
  ALTER COLUMN high_risk_work SET STATISTICS 0,
  ALTER COLUMN risk_consequence_level SET STATISTICS 0,
  ALTER COLUMN risk_likelihood_level SET STATISTICS 0,
  ALTER COLUMN risk_overall_level SET STATISTICS 0,
  ALTER COLUMN task_description SET STATISTICS 0,
  ALTER COLUMN mobile_plant_tools SET STATISTICS 0,
  ALTER COLUMN risk_text SET STATISTICS 0,
  ALTER COLUMN control_text SET STATISTICS 0,
  ALTER COLUMN ppe SET STATISTICS 0,
  ALTER COLUMN other_ppe SET STATISTICS 0,
  ALTER COLUMN control_implementation SET STATISTICS 0,
  ALTER COLUMN control_monitoring SET STATISTICS 0,
  ALTER COLUMN control_review SET STATISTICS 0;

ALTER TABLE audit_events
  ALTER COLUMN detail SET STATISTICS 0,
  ALTER COLUMN search_text SET STATISTICS 0,
  ALTER COLUMN target_label SET STATISTICS 0,
  ALTER COLUMN actor_role SET STATISTICS 0,
  ALTER COLUMN request_id SET STATISTICS 0,
  ALTER COLUMN prev_hash SET STATISTICS 0,
  ALTER COLUMN hash SET STATISTICS 0;
