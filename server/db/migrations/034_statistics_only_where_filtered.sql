-- Issue 11: swms and audit_events, the two tables a select-all review changes most, gather planner statistics only for
-- the columns queries filter, join or sort on, because working them out for long texts, arrays, event detail and
-- hashes, which no plan reads, made each analysis after a review about twice as long, and on PGlite it holds the one
-- connection meanwhile (`server/db/embedded-maintenance.ts`). Kept: every column a WHERE, join or ORDER BY names (the
-- SWMS' ids, company, site, submitter, dates, review flags and reviewers, photos, job order; the events' id, chain,
-- sequence, company, actor, action, target and time).
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
