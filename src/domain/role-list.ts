/** Spec §3 Roles, apart from their Schema (roles.ts) so that the first screen reads roles without effect (issue 11). */
export const roles = ['SuperUser', 'CompanyAdmin', 'CompanySupervisor', 'CompanyAuditor', 'TradesPerson', 'Unregistered'] as const;
export type Role = (typeof roles)[number];

/** DESIGN.md: an auditor (holding no role that changes things) reads the company's records and changes nothing. */
export const isReadOnly = (held: readonly Role[]): boolean =>
  held.includes('CompanyAuditor') && !held.some((role) => role === 'CompanyAdmin' || role === 'CompanySupervisor' || role === 'SuperUser');
