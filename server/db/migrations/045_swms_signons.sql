-- Issue 57 §3 (WHS Regulation 300): each worker who does the work signs on to the SWMS's current revision. A sign-on
-- keeps the worker, the SWMS and its revision, the site and company, the time and the signature: a drawn PNG as a data
-- URL, the typed full name, or none for 'authored' (the author's own submission or revision counts as their sign-on,
-- written by the trigger on swms_revisions, and backfilled below for every revision stored so far). swms_signons is
-- append-only, refused UPDATE, DELETE and TRUNCATE as the audit trail is; swms_id names no foreign key, as
-- swms_revisions' does not. A worker signs a revision once (signing it again answers the stored sign-on). Stale is never
-- stored: a sign-on is current while its revision is the SWMS's latest (swms.revision), stale after.
CREATE TABLE swms_signons (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  swms_id uuid NOT NULL,
  revision integer NOT NULL CHECK (revision >= 1),
  site_id uuid NOT NULL REFERENCES project_sites (id),
  company_id uuid NOT NULL REFERENCES companies (id),
  user_id uuid NOT NULL REFERENCES users (id),
  signed_at timestamptz NOT NULL DEFAULT now(),
  signature_kind text NOT NULL CHECK (signature_kind IN ('drawn', 'typed', 'authored')),
  signature text,
  CONSTRAINT swms_signons_signature CHECK (
    CASE signature_kind
      WHEN 'authored' THEN signature IS NULL
      WHEN 'drawn' THEN signature LIKE 'data:image/png;base64,%' AND char_length(signature) <= 100000
      ELSE char_length(signature) BETWEEN 1 AND 200
    END
  ),
  -- A worker's sign-ons to a SWMS, latest revision first (their state, the SWMS's list, the stale emails).
  CONSTRAINT swms_signons_once UNIQUE (swms_id, user_id, revision)
);
-- A worker's sign-ons at a site, in the columns the gap list compares with each SWMS's latest revision.
CREATE INDEX swms_signons_site_worker ON swms_signons (site_id, user_id, swms_id, revision);

-- Every revision stored so far is its author's sign-on.
INSERT INTO swms_signons (swms_id, revision, site_id, company_id, user_id, signed_at, signature_kind)
SELECT swms_id, revision, site_id, company_id, created_by, created_at, 'authored' FROM swms_revisions;

CREATE TRIGGER swms_signons_append_only BEFORE UPDATE OR DELETE ON swms_signons
  FOR EACH ROW EXECUTE FUNCTION swms_signons_refuse_change();
CREATE TRIGGER swms_signons_no_truncate BEFORE TRUNCATE ON swms_signons
  FOR EACH STATEMENT EXECUTE FUNCTION swms_signons_refuse_change();
CREATE TRIGGER swms_revisions_authored AFTER INSERT ON swms_revisions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION swms_signons_authored();

-- A new revision tells the workers who signed an earlier one, through the same durable queue.
ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_kind_check;
ALTER TABLE mail_deliveries ADD CONSTRAINT mail_deliveries_kind_check
  CHECK (kind IN ('invitation', 'review_digest', 'changes_requested', 'signon_stale'));
