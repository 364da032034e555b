-- Issue 57: a SWMS is revised by its author; a submission is revision 1. Each revision's content is kept in
-- swms_revisions, refused UPDATE, DELETE and TRUNCATE as the audit trail is; the swms row keeps the latest revision's
-- content (so the lists, their counters and the read stay as they are) and its number. swms_id names no foreign key: a
-- revision is a record that outlives its SWMS row, as an audit event does. submission_id is the id the phone drafted the
-- revision with (revision 1's is the SWMS's own id), so a revision sent twice is stored once.
ALTER TABLE swms ADD COLUMN revision integer NOT NULL DEFAULT 1 CHECK (revision >= 1);

CREATE TABLE swms_revisions (
  swms_id uuid NOT NULL,
  revision integer NOT NULL CHECK (revision >= 1),
  submission_id uuid NOT NULL UNIQUE,
  company_id uuid NOT NULL REFERENCES companies (id),
  site_id uuid NOT NULL REFERENCES project_sites (id),
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  high_risk_work text[] NOT NULL,
  risk_consequence_level smallint NOT NULL CHECK (risk_consequence_level BETWEEN 1 AND 5),
  risk_likelihood_level smallint NOT NULL CHECK (risk_likelihood_level BETWEEN 1 AND 5),
  risk_overall_level smallint NOT NULL,
  task_description text NOT NULL,
  mobile_plant_tools text NOT NULL,
  risk_text text NOT NULL,
  risk_photo_file_id uuid REFERENCES files (id),
  control_text text NOT NULL,
  control_photo_file_id uuid REFERENCES files (id),
  control_implementation text NOT NULL,
  control_monitoring text NOT NULL,
  control_review text NOT NULL,
  ppe text[] NOT NULL,
  other_ppe text NOT NULL,
  PRIMARY KEY (swms_id, revision)
);

-- Every SWMS stored so far is its revision 1.
INSERT INTO swms_revisions (swms_id, revision, submission_id, company_id, site_id, created_by, created_at, high_risk_work,
  risk_consequence_level, risk_likelihood_level, risk_overall_level, task_description, mobile_plant_tools, risk_text,
  risk_photo_file_id, control_text, control_photo_file_id, control_implementation, control_monitoring, control_review, ppe, other_ppe)
SELECT id, 1, id, company_id, site_id, created_by, created_at, high_risk_work,
  risk_consequence_level, risk_likelihood_level, risk_overall_level, task_description, mobile_plant_tools, risk_text,
  risk_photo_file_id, control_text, control_photo_file_id, control_implementation, control_monitoring, control_review, ppe, other_ppe
FROM swms;

-- What holds a photo for the storage sweep and the upload check (as migration 040's).
CREATE INDEX swms_revisions_risk_photo_file ON swms_revisions (risk_photo_file_id) WHERE risk_photo_file_id IS NOT NULL;
CREATE INDEX swms_revisions_control_photo_file ON swms_revisions (control_photo_file_id) WHERE control_photo_file_id IS NOT NULL;

CREATE TRIGGER swms_revisions_immutable BEFORE UPDATE OR DELETE ON swms_revisions
  FOR EACH ROW EXECUTE FUNCTION swms_revisions_refuse_change();
CREATE TRIGGER swms_revisions_no_truncate BEFORE TRUNCATE ON swms_revisions
  FOR EACH STATEMENT EXECUTE FUNCTION swms_revisions_refuse_change();
CREATE TRIGGER swms_first_revision AFTER INSERT ON swms
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION swms_revisions_first();
