import type { FastifyRequest } from 'fastify';
import type { Role } from '../../src/domain/roles';
import { forbidden } from '../http/errors';

export const siteReaders: readonly Role[] = ['CompanyAdmin', 'CompanySupervisor', 'CompanyAuditor'];
export const siteEditors: readonly Role[] = ['CompanyAdmin'];

/**
 * Spec §6 and DESIGN.md: project sites belong to the company area, so only that company's admins
 * (and, for reads, supervisors) reach them; a super user does not. Checked on the raw path id before
 * anything is looked up, so any other id, existing or not, gets the same 403.
 */
export function requireSiteAccess(request: FastifyRequest, rawCompanyId: unknown, roles: readonly Role[]): string {
  const { company, roles: held } = request.user;
  const ownCompany = typeof rawCompanyId === 'string' && company !== null && rawCompanyId === company;
  if (!ownCompany || !held.some((role) => roles.includes(role))) throw forbidden();
  return company;
}
