-- Issue 11: an index no query reads, written with every audit event. Migration 006 made (company_id, created_at DESC,
-- seq DESC) for the audit page; the page has since read a company's chain by its position (`chain`, `seq`: the unique
-- index the chain itself needs), and every read of the events names the chain. EXPLAIN of the audit trail's reads on
-- the bench's database (page one, a later page, a search, an actor, an action, a date range, a SWMS's history) used
-- the chain's index or, for a SWMS's history, the target's (`audit_events_entity`), and its scan count stayed 0. It held
-- 18 MB at 385,000 events (the table 546 MB), about 47 MB a million, in every backup too. Writing 5,000 events took
-- 234-400 ms with it and 223-394 without, the same within this machine's noise.
DROP INDEX IF EXISTS audit_events_company_time;
