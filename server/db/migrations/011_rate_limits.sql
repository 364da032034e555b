-- Issue 12: rate-limit counts shared by every instance on one database. One row per bucket (a limited
-- call and a client address or account); a row whose window has ended starts again at its next call.
CREATE TABLE rate_limits (
  bucket text PRIMARY KEY,
  hits integer NOT NULL,
  resets_at timestamptz NOT NULL
);
-- Expired buckets are pruned now and then.
CREATE INDEX rate_limits_resets_at ON rate_limits (resets_at);
