-- Issue 8: several identical instances on one PostgreSQL keep nothing in one process's memory.

-- Keys every instance must share: the access-token signing key (unless JWT_PRIVATE_KEY is set) and
-- the development identity provider's signing key.
CREATE TABLE server_keys (
  name text PRIMARY KEY,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The development identity provider's sessions, interactions, codes and grants (oidc-provider's adapter).
CREATE TABLE oidc_records (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  uid text,
  user_code text,
  expires_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_records_uid ON oidc_records (model, uid) WHERE uid IS NOT NULL;
CREATE INDEX oidc_records_user_code ON oidc_records (model, user_code) WHERE user_code IS NOT NULL;
CREATE INDEX oidc_records_grant_id ON oidc_records (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oidc_records_expires_at ON oidc_records (expires_at);
