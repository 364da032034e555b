import { Schema } from 'effect';

export const roles = ['SuperUser', 'CompanyAdmin', 'CompanySupervisor', 'CompanyAuditor', 'TradesPerson', 'Unregistered'] as const;
export const RoleSchema = Schema.Literals(roles);
export type Role = (typeof roles)[number];

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

/** DESIGN.md: an auditor (holding no role that changes things) reads the company's records and changes nothing. */
export const isReadOnly = (held: readonly Role[]): boolean =>
  held.includes('CompanyAuditor') && !held.some((role) => role === 'CompanyAdmin' || role === 'CompanySupervisor' || role === 'SuperUser');

export const auditorReadOnly = 'Auditors have read-only access: nothing was changed';
