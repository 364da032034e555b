import { Schema } from 'effect';
import { roles, type Role } from './role-list';

export { isReadOnly, roles, type Role } from './role-list';
export const RoleSchema = Schema.Literals(roles);

const labels: Record<Role, string> = {
  SuperUser: 'Super User',
  CompanyAdmin: 'Admin',
  CompanySupervisor: 'Supervisor',
  CompanyAuditor: 'Auditor',
  TradesPerson: 'Trades Person',
  Unregistered: 'Unregistered',
};

/** Spec §3 Roles: the label of a role; supervisors read 'Site Supervisors' in lists. */
export function roleLabel(role: Role, options: { plural?: boolean } = {}): string {
  if (options.plural && role === 'CompanySupervisor') return 'Site Supervisors';
  return labels[role];
}

export const companyRoles = ['CompanyAdmin', 'CompanySupervisor', 'CompanyAuditor'] as const;
export type CompanyRole = (typeof companyRoles)[number];

export function isCompanyRole(role: Role): role is CompanyRole {
  return (companyRoles as readonly Role[]).includes(role);
}

export const auditorReadOnly = 'Auditors have read-only access: nothing was changed';
