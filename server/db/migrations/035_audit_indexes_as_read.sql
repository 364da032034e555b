-- Issue 11: the audit trail's indexes as its reads use them. Migration 006 made (company_id, created_at DESC, seq DESC)
-- for the audit page; the page has since read a company's chain by its position (`chain`, `seq`: the unique index the
-- chain itself needs), and every read of the events names the chain, so no read used it (its scan count stayed 0
-- through the bench; 18 MB at 385,000 events, the table 546 MB). A read of a date range (`from`, `to`) found its
-- events by walking the chain from its newest: with 420,000 events in one chain, a range holding none took 16-21 ms
-- and one early in the chain about 200. (chain, created_at) finds a range's events where the walk would be long: the
-- ranges holding none 0.6-3 ms. It holds 3 MB at 420,000 events (its keys repeat: a statement's events share
-- their time), built in 0.8 s. The planner still walks the chain for a range it expects to meet soon.
DROP INDEX IF EXISTS audit_events_company_time;
CREATE INDEX audit_events_chain_time ON audit_events (chain, created_at);
