import type { FileType } from '../../src/domain/file';
import type { Role } from '../../src/domain/roles';
import { forbidden } from '../http/errors';

const megabyte = 1024 * 1024;

/** Issue 12 §9: the largest upload kept for each type (docs/security.md, Files). */
export const uploadLimitBytes: Record<FileType, number> = {
  photo: 10 * megabyte,
  companyProfile: 10 * megabyte,
  siteSafetyPlan: 20 * megabyte,
  termsConditions: 20 * megabyte,
};

export const megabytes = (bytes: number) => bytes / megabyte;

const typeLabels: Record<FileType, string> = {
  photo: 'photo',
  companyProfile: 'company logo',
  siteSafetyPlan: 'site safety plan',
  termsConditions: 'terms and conditions file',
};

/**
 * The upload types each role can attach to something: super users and company admins the company
 * logo, company admins the site safety plan, tradespeople their own white card, licence and SWMS
 * photos. Nothing takes a terms and conditions file yet, and supervisors and auditors attach nothing.
 */
const uploadTypesByRole: Record<Role, readonly FileType[]> = {
  SuperUser: ['companyProfile'],
  CompanyAdmin: ['companyProfile', 'siteSafetyPlan'],
  CompanySupervisor: [],
  CompanyAuditor: [],
  TradesPerson: ['photo'],
  Unregistered: [],
};

/** Issue 12 §9: POST file signs upload URLs only for a type one of the caller's roles can attach. */
export function requireUploadAllowed(roles: readonly Role[], type: FileType): void {
  if (!roles.some((role) => uploadTypesByRole[role].includes(type))) {
    throw forbidden(`You are not allowed to upload a ${typeLabels[type]}.`);
  }
}
