-- After SWMS are inserted (a submission, a seed, a test's fixture): each one's content is stored as its revision 1.
CREATE OR REPLACE FUNCTION swms_revisions_first() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO swms_revisions (swms_id, revision, submission_id, company_id, site_id, created_by, created_at, high_risk_work,
    risk_consequence_level, risk_likelihood_level, risk_overall_level, task_description, mobile_plant_tools, risk_text,
    risk_photo_file_id, control_text, control_photo_file_id, control_implementation, control_monitoring, control_review, ppe, other_ppe)
  SELECT n.id, n.revision, n.id, n.company_id, n.site_id, n.created_by, n.created_at, n.high_risk_work,
    n.risk_consequence_level, n.risk_likelihood_level, n.risk_overall_level, n.task_description, n.mobile_plant_tools, n.risk_text,
    n.risk_photo_file_id, n.control_text, n.control_photo_file_id, n.control_implementation, n.control_monitoring, n.control_review, n.ppe, n.other_ppe
  FROM new_rows n;
  RETURN NULL;
END $$;
