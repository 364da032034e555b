import { Schema } from 'effect';

export const roles = ['SuperUser', 'CompanyAdmin', 'CompanySupervisor', 'TradesPerson', 'Unregistered'] as const;
export const RoleSchema = Schema.Literals(roles);
export type Role = (typeof roles)[number];

const labels: Record<Role, string> = {
  SuperUser: 'Super User',
  CompanyAdmin: 'Admin',
  CompanySupervisor: 'Supervisor',
  TradesPerson: 'Trades Person',
  Unregistered: 'Unregistered',
};

/** Spec §3 Roles: the label of a role; supervisors read 'Site Supervisors' in lists. */
export function roleLabel(role: Role, options: { plural?: boolean } = {}): string {
  if (options.plural && role === 'CompanySupervisor') return 'Site Supervisors';
  return labels[role];
}

export function isCompanyRole(role: Role): role is 'CompanyAdmin' | 'CompanySupervisor' {
  return role === 'CompanyAdmin' || role === 'CompanySupervisor';
}
