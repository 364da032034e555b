import { describe, expect, test } from 'vitest';
import { navItemsFor } from '../../../src/app/layout/nav-items';

describe('navItemsFor', () => {
  test('a tradesperson sees their home and their profile form, and no workflow diagrams', () => {
    expect(navItemsFor(['TradesPerson'], null, 'trades-1').map(({ label, to }) => [label, to])).toEqual([
      ['Home', '/trades/trades-1'],
      ['My Profile', '/trades/trades-1/edit'],
    ]);
  });

  test.for([['SuperUser', null], ['CompanyAdmin', 'acme'], ['CompanySupervisor', 'acme'], ['CompanyAuditor', 'acme']] as const)('%s sees the workflow diagrams', ([role, company]) => {
    expect(navItemsFor([role], company, 'user-1').map(({ label }) => label)).toContain('Workflows');
  });

  test('a company admin keeps the spec §2 entries', () => {
    expect(navItemsFor(['CompanyAdmin'], 'acme', 'user-1').map(({ label }) => label)).toEqual([
      'Projects',
      'Employees',
      'SWMS',
      'Company Profile',
      'Audit Trail',
      'Workflows',
      'My Profile',
    ]);
  });

  test('each label shows once for a person holding several roles', () => {
    const labels = navItemsFor(['SuperUser', 'TradesPerson'], null, 'user-1').map(({ label }) => label);
    expect(labels.filter((label) => label === 'My Profile')).toHaveLength(1);
  });
});
