import type { FastifyRequest } from 'fastify';
import { reviewFlagFor, type ReviewFlag } from '../../src/domain/swms';
import type { Actor } from '../audit/request-context';
import { forbidden } from '../http/errors';

/** Who reads or reviews, in which request (an `Actor`: a review's audit events name both). */
export interface Reviewer extends Actor {
  readonly companyId: string;
  readonly flag: ReviewFlag;
}

/**
 * Spec §6 and issue 5: SWMS are read and reviewed by the company's own admin or supervisor only.
 * Checked on the raw path id before anything is looked up, so another company's id reveals nothing.
 */
/**
 * Issue 9: an auditor reads the company's SWMS too. The list's status column and filter follow the
 * admin flag for them, the sign-off that closes a review; they review nothing.
 */
export function requireCompanyReader(request: FastifyRequest, companyId: unknown): Reviewer {
  const user = request.user;
  const flag = reviewFlagFor(user.roles) ?? (user.roles.includes('CompanyAuditor') ? 'companyAdmin' : null);
  if (flag === null || typeof companyId !== 'string' || user.company === null || user.company !== companyId) throw forbidden();
  return { userId: user.sub, requestId: request.id, companyId, flag };
}

export function requireCompanyReviewer(request: FastifyRequest, companyId: unknown): Reviewer {
  const user = request.user;
  const flag = reviewFlagFor(user.roles);
  if (flag === null || typeof companyId !== 'string' || user.company === null || user.company !== companyId) throw forbidden();
  return { userId: user.sub, requestId: request.id, companyId, flag };
}
