import type { FastifyInstance } from 'fastify';
import { fullAddress } from '../../src/domain/project-site';
import { ppeValues, type Ppe } from '../../src/domain/ppe';
import { riskBand } from '../../src/domain/risk';
import { swmsCommentParts, type Swms, type SwmsCommentPart } from '../../src/domain/swms';
import type { SwmsDetailRow } from './repository';

const isPpe = (value: string): value is Ppe => (ppeValues as readonly string[]).includes(value);

const isCommentPart = (value: string): value is SwmsCommentPart => (swmsCommentParts as readonly string[]).includes(value);

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

const reviewer = (firstName: string | null, surname: string | null) =>
  firstName === null || surname === null ? null : { firstName, surname };

/** Spec §3 SWMS as answered; each photo carries a fresh read url. */
export function swmsView(app: Pick<FastifyInstance, 'storage'>, row: SwmsDetailRow): Swms {
  const photo = (fileKey: string | null, friendlyName: string | null) =>
    fileKey === null ? null : { url: app.storage.readUrl(fileKey), fileKey, friendlyName: friendlyName ?? fileKey };
  return {
    _id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    createdUserDetails: { _id: row.created_by, firstName: row.first_name, surname: row.surname },
    site: { _id: row.site_id, siteNumber: row.site_number, address: row.address, fullAddress: fullAddress(row), timeZone: row.time_zone },
    companyAdminReviewedAt: iso(row.company_admin_reviewed_at),
    companyAdminReviewedBy: row.company_admin_reviewed_by,
    companyAdminReviewerDetails: reviewer(row.admin_reviewer_first_name, row.admin_reviewer_surname),
    supervisorReviewedAt: iso(row.supervisor_reviewed_at),
    supervisorReviewedBy: row.supervisor_reviewed_by,
    supervisorReviewerDetails: reviewer(row.supervisor_reviewer_first_name, row.supervisor_reviewer_surname),
    companyAdminChangesRequestedAt: iso(row.company_admin_changes_requested_at),
    supervisorChangesRequestedAt: iso(row.supervisor_changes_requested_at),
    comments: row.comments.map((comment) => ({
      _id: comment.id,
      author: { _id: comment.author_user_id, firstName: comment.first_name, surname: comment.surname },
      role: comment.flag,
      createdAt: new Date(comment.created_at).toISOString(),
      revision: comment.revision,
      text: comment.text,
      part: comment.part === null || !isCommentPart(comment.part) ? null : comment.part,
    })),
    revision: row.revision,
    highRiskWork: row.high_risk_work,
    riskConsequenceLevel: row.risk_consequence_level,
    riskLikelihoodLevel: row.risk_likelihood_level,
    riskOverallLevel: row.risk_overall_level,
    riskBand: riskBand(row.risk_overall_level),
    task: {
      taskDescription: row.task_description,
      mobilePlantTools: row.mobile_plant_tools,
      riskText: row.risk_text,
      riskPhoto: photo(row.risk_photo_key, row.risk_photo_name),
      controlText: row.control_text,
      controlPhoto: photo(row.control_photo_key, row.control_photo_name),
      controlImplementation: row.control_implementation,
      controlMonitoring: row.control_monitoring,
      controlReview: row.control_review,
      ppe: row.ppe.filter(isPpe),
      otherPpe: row.other_ppe,
    },
  };
}
