-- The client list (issue 3) reads live companies only, sorted by name (case-insensitive) or by
-- creation time, with the id breaking ties: these indexes serve each order and its reverse.
CREATE INDEX companies_live_name ON companies (lower(name), id) WHERE deleted_at IS NULL;
CREATE INDEX companies_live_created ON companies (created_at, id) WHERE deleted_at IS NULL;
