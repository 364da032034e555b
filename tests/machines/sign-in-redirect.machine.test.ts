import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import {
  decideRedirect,
  isSafeReturnTo,
  signInRedirectMachine,
  type SignInRedirectInput,
} from '../../machines/sign-in-redirect.machine';
import type { Role } from '../../src/domain/roles';
import { modelPaths } from '../support/machine-paths';
import { replayPath, TransitionCoverage } from './model-coverage';

function signedIn(roles: Role[], overrides: Partial<SignInRedirectInput> = {}): SignInRedirectInput {
  return {
    payload: { sub: 'user-7', exp: 2_000_000_000, roles, company: 'acme' },
    inviteCode: null,
    returnTo: null,
    ...overrides,
  };
}

/** One input per final decision, in the order DESIGN.md gives them. */
const decisions: [string, SignInRedirectInput, string][] = [
  ['an invitation code wins over everything', signedIn(['SuperUser'], { inviteCode: 'inv-1', returnTo: '/clients/9' }), '/accept_invitation'],
  ['a first sign-in from a site QR code goes back to that check-in page, even without a role', signedIn(['Unregistered'], { returnTo: '/site/site-4/check-in?key=k-1' }), '/site/site-4/check-in?key=k-1'],
  ['an Unregistered user has no roles in the system', signedIn(['Unregistered'], { returnTo: '/profile' }), '/unauthorised_role'],
  ['a remembered deep link comes next', signedIn(['CompanyAdmin'], { returnTo: '/company/acme/projectsites?status=ongoing' }), '/company/acme/projectsites?status=ongoing'],
  ['a super user lands on the client list', signedIn(['SuperUser'], { payload: { sub: 'root', exp: 1, roles: ['SuperUser'], company: null } }), '/clients'],
  ['a company admin lands on the company profile', signedIn(['CompanyAdmin']), '/company/acme'],
  ['a site supervisor lands on the SWMS list', signedIn(['CompanySupervisor']), '/company/acme/swms'],
  ['an auditor lands on the audit trail', signedIn(['CompanyAuditor']), '/company/acme/audit'],
  ['a tradesperson lands on their own details', signedIn(['TradesPerson'], { payload: { sub: 'tradie-3', exp: 1, roles: ['TradesPerson'], company: null } }), '/trades/tradie-3'],
  ['a company role without a company has nowhere to go', signedIn(['CompanyAdmin'], { payload: { sub: 'x', exp: 1, roles: ['CompanyAdmin'], company: null } }), '/unauthorised'],
];

const coverage = new TransitionCoverage(signInRedirectMachine);
const paths = modelPaths(signInRedirectMachine, { inputs: decisions.map(([, input]) => input) });

describe('sign-in redirect machine, model-based', () => {
  test('yields one path per final decision', () => {
    expect(paths.map((path) => path.steps.at(-1)?.state.output)).toEqual(decisions.map(([, , to]) => to));
  });

  test.for(decisions.map(([name, , to], index) => [name, to, index] as const))('%s: %s', async ([, to, index]) => {
    const path = paths[index]!;
    const rig = await replayPath(path, {
      coverage,
      createRig: ({ input, scripted, clock, inspect }) => ({
        actor: createActor(signInRedirectMachine, { input, inspect }),
        scripted,
        clock,
      }),
    });
    expect(rig.actor.getSnapshot().status).toBe('done');
    expect(rig.actor.getSnapshot().output).toBe(to);
    expect(decideRedirect(path.input)).toBe(to);
  });

  test('every state and transition of the redirect machine is exercised', () => {
    coverage.assertComplete('signInRedirect');
  });
});

describe('decideRedirect', () => {
  test('an empty role list counts as having no roles', () => {
    expect(decideRedirect(signedIn([]))).toBe('/unauthorised_role');
  });

  test('Unregistered wins over any other role', () => {
    expect(decideRedirect(signedIn(['CompanyAdmin', 'Unregistered']))).toBe('/unauthorised_role');
  });

  test('the highest role decides when there are several', () => {
    expect(decideRedirect(signedIn(['CompanySupervisor', 'CompanyAdmin']))).toBe('/company/acme');
    expect(decideRedirect(signedIn(['TradesPerson', 'SuperUser']))).toBe('/clients');
  });

  test('a check-in page deep link wins over the role but not over an invitation', () => {
    const checkIn = '/site/site-4/check-in?key=k-1';
    expect(decideRedirect(signedIn([], { returnTo: checkIn }))).toBe(checkIn);
    expect(decideRedirect(signedIn(['CompanyAdmin'], { returnTo: checkIn }))).toBe(checkIn);
    expect(decideRedirect(signedIn(['Unregistered'], { returnTo: checkIn, inviteCode: 'inv-2' }))).toBe('/accept_invitation');
  });

  test('only the check-in page itself is followed without a role', () => {
    expect(decideRedirect(signedIn(['Unregistered'], { returnTo: '/site/site-4/swms/new' }))).toBe('/unauthorised_role');
    expect(decideRedirect(signedIn(['Unregistered'], { returnTo: '//evil.example/site/s/check-in' }))).toBe('/unauthorised_role');
  });

  test('an unsafe remembered location is ignored', () => {
    expect(decideRedirect(signedIn(['CompanyAdmin'], { returnTo: '//evil.example/x' }))).toBe('/company/acme');
  });
});

describe('isSafeReturnTo', () => {
  test.for([
    ['/company/acme/swms/12', true],
    ['/clients?sort=az', true],
    ['/profile/', true],
    [null, false],
    ['', false],
    ['/', false],
    ['/?code=abc', false],
    ['/accept_invitation?invitationCode=x', false],
    ['/unauthorised_role', false],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['https://evil.example/clients', false],
    ['clients', false],
  ] as const)('%s → %s', ([returnTo, safe]) => {
    expect(isSafeReturnTo(returnTo)).toBe(safe);
  });
});
