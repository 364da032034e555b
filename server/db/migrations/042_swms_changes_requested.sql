-- Issue 57: a review flag is For Review, Reviewed or Changes requested, and a request for changes carries a comment.
-- Each flag gains the time and the person of its request for changes; a flag holds at most one outcome (reviewed or
-- changes requested). A SWMS with changes requested on a flag waits on its author, not on the reviewer, so it leaves that
-- flag's For Review queue and its pending counters (the functions in server/db/functions say so) and is counted
-- instead in the flag's changes counters, from which the Changes requested filter's total comes; the Reviewed total is
-- the rest. The Changes requested list walks a small partial index per flag and sort, in the sort's columns.
-- swms_comments is append-only, refused UPDATE, DELETE and TRUNCATE as the audit trail is.
ALTER TABLE swms
  ADD COLUMN company_admin_changes_requested_at timestamptz,
  ADD COLUMN company_admin_changes_requested_by uuid REFERENCES users (id),
  ADD COLUMN supervisor_changes_requested_at timestamptz,
  ADD COLUMN supervisor_changes_requested_by uuid REFERENCES users (id),
  ADD CONSTRAINT swms_admin_one_outcome CHECK (company_admin_reviewed_at IS NULL OR company_admin_changes_requested_at IS NULL),
  ADD CONSTRAINT swms_supervisor_one_outcome CHECK (supervisor_reviewed_at IS NULL OR supervisor_changes_requested_at IS NULL);

CREATE INDEX swms_admin_changes_requested_date ON swms (company_id, created_at, id) WHERE company_admin_changes_requested_at IS NOT NULL;
CREATE INDEX swms_admin_changes_requested_job ON swms (company_id, site_sort, created_at, id) WHERE company_admin_changes_requested_at IS NOT NULL;
CREATE INDEX swms_supervisor_changes_requested_date ON swms (company_id, created_at, id) WHERE supervisor_changes_requested_at IS NOT NULL;
CREATE INDEX swms_supervisor_changes_requested_job ON swms (company_id, site_sort, created_at, id) WHERE supervisor_changes_requested_at IS NOT NULL;

-- No SWMS has changes requested yet, so every counter row starts at 0 and the queue and pending counters stay as they are.
ALTER TABLE swms_counts
  ADD COLUMN admin_changes int NOT NULL DEFAULT 0,
  ADD COLUMN supervisor_changes int NOT NULL DEFAULT 0;
ALTER TYPE swms_count_change ADD ATTRIBUTE admin_changes int, ADD ATTRIBUTE supervisor_changes int;

CREATE TABLE swms_comments (
  id uuid PRIMARY KEY,
  swms_id uuid NOT NULL REFERENCES swms (id),
  company_id uuid NOT NULL REFERENCES companies (id),
  author_user_id uuid NOT NULL REFERENCES users (id),
  flag text NOT NULL CHECK (flag IN ('companyAdmin', 'supervisor')),
  created_at timestamptz NOT NULL DEFAULT now(),
  text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 2000),
  part text CHECK (part IN ('highRiskWork', 'task', 'hazards', 'controls', 'ppe')),
  revision integer NOT NULL DEFAULT 1 CHECK (revision >= 1)
);
-- A SWMS's comments, oldest first, as its read lists them.
CREATE INDEX swms_comments_swms ON swms_comments (swms_id, created_at, id);

CREATE TRIGGER swms_comments_append_only BEFORE UPDATE OR DELETE ON swms_comments
  FOR EACH ROW EXECUTE FUNCTION swms_comments_refuse_change();
CREATE TRIGGER swms_comments_no_truncate BEFORE TRUNCATE ON swms_comments
  FOR EACH STATEMENT EXECUTE FUNCTION swms_comments_refuse_change();
