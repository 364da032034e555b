-- Issue 12: no email is lost when the mail server is down. Each email is written here in the
-- transaction that causes it (an invitation, a review digest) and a pg-boss job (schema pgboss,
-- created by pg-boss itself) delivers it with retries and backoff. This table keeps the message
-- until it is delivered or given up (an invitation link is a secret: it is not kept after that)
-- and the delivery's status, which the invited-employees list shows.

CREATE TABLE mail_deliveries (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('invitation', 'review_digest')),
  invite_id uuid REFERENCES invites(id),
  recipient text NOT NULL,
  subject text NOT NULL,
  html text NOT NULL,
  text text NOT NULL,
  status text NOT NULL DEFAULT 'sending' CHECK (status IN ('sending', 'sent', 'retrying', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX mail_deliveries_invite ON mail_deliveries (invite_id) WHERE invite_id IS NOT NULL;
