-- Issue 11: the client list's search (name, address or ABN digits) goes through trigram indexes instead of reading
-- every client per request.
CREATE INDEX companies_name_trgm ON companies USING gin (lower(name) gin_trgm_ops) WITH (fastupdate = off) WHERE deleted_at IS NULL;
CREATE INDEX companies_address_trgm ON companies USING gin (lower(address) gin_trgm_ops) WITH (fastupdate = off) WHERE deleted_at IS NULL;
CREATE INDEX companies_abn_trgm ON companies USING gin (abn gin_trgm_ops) WITH (fastupdate = off) WHERE deleted_at IS NULL;
