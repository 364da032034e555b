import { describe, expect, test } from 'vitest';
import { isCompanyRole, roleLabel, roles } from '../../../src/domain/roles';

describe('roleLabel (spec §3 Roles)', () => {
  test.for([
    ['SuperUser', 'Super User'],
    ['CompanyAdmin', 'Admin'],
    ['CompanySupervisor', 'Supervisor'],
    ['CompanyAuditor', 'Auditor'],
    ['TradesPerson', 'Trades Person'],
    ['Unregistered', 'Unregistered'],
  ] as const)('%s reads %s', ([role, label]) => {
    expect(roleLabel(role)).toBe(label);
  });

  test("supervisors read 'Site Supervisors' in lists", () => {
    expect(roleLabel('CompanySupervisor', { plural: true })).toBe('Site Supervisors');
  });

  test('other roles keep their label in lists', () => {
    expect(roleLabel('CompanyAdmin', { plural: true })).toBe('Admin');
    expect(roleLabel('SuperUser', { plural: true })).toBe('Super User');
  });
});

describe('isCompanyRole', () => {
  test('only admins, supervisors and auditors are company roles', () => {
    expect(roles.filter(isCompanyRole)).toEqual(['CompanyAdmin', 'CompanySupervisor', 'CompanyAuditor']);
  });
});
