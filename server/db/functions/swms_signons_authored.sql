-- After SWMS revisions are stored (a submission's revision 1, each later revision, a seed's): each counts as its author's sign-on.
CREATE OR REPLACE FUNCTION swms_signons_authored() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO swms_signons (swms_id, revision, site_id, company_id, user_id, signed_at, signature_kind)
  SELECT n.swms_id, n.revision, n.site_id, n.company_id, n.created_by, n.created_at, 'authored'
  FROM new_rows n
  ON CONFLICT (swms_id, user_id, revision) DO NOTHING;
  RETURN NULL;
END $$;
