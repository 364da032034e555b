-- Issue 11: the audit trail's indexes as its reads use them. (company_id, created_at DESC, seq DESC) of migration 006
-- goes, since every read names the chain and pages by (chain, seq), and (chain, created_at) comes, so a date range
-- (`from`, `to`) finds its events where a walk of the chain from its newest would be long; the planner still walks the
-- chain for a range it expects to meet soon.
DROP INDEX IF EXISTS audit_events_company_time;
CREATE INDEX audit_events_chain_time ON audit_events (chain, created_at);
