import { expect, type Page } from '@playwright/test';
import { signInRedirectMachine, type SignInRedirectInput } from '../../../machines/sign-in-redirect.machine';
import type { Role } from '../../../src/domain/roles';
import { AppShell } from '../pages/app-shell.page';
import { demo } from '../support/sign-in';
import { account, Api, freshEmail, openContext, signInAs, storedToken, payloadOf } from './accounts';
import { noRolesMessage } from './pages/session.screens';

import { defineModel, type StateCheck, type World, type BrowserTraversal } from './runner';

/** How the browser arrives at the sign-in whose outcome the model decides. */
interface Arrival {
  /** A demo account, or null for an address never seen (Unregistered). */
  readonly email: string | null;
  /** Where the signed-out visitor goes first: an invitation link, a deep link, or a site's QR code. */
  readonly before: 'invitation link' | 'deep link' | 'site QR code' | null;
}

const input = (roles: Role[], extra: Partial<SignInRedirectInput> = {}): SignInRedirectInput => ({
  payload: { sub: 'user', exp: 2_000_000_000, roles, company: roles.some((role) => role.startsWith('Company')) ? 'company' : null },
  inviteCode: null,
  returnTo: null,
  ...extra,
});

interface RedirectWorld extends World {
  readonly companyId: string;
  readonly userId: string;
  readonly siteAddress: string;
}

const auditor = 'auditor@harbourbuild.demo';
const tradesperson = 'tradie1@trades.demo';
const siteAddress = '14 Wattle Street';

const titled = (page: Page, title: string) => expect(new AppShell(page).pageTitle).toHaveText(title);
const lands = (where: (world: RedirectWorld) => RegExp, see: (world: RedirectWorld) => Promise<void>): StateCheck<RedirectWorld> =>
  async ({ world }) => {
    await expect(world.page).toHaveURL(where(world));
    await see(world);
  };
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One start per decision, in DESIGN.md's order: the machine has no events, the sign-in's circumstances are its input. */
const arrivals: BrowserTraversal<Arrival>[] = [
  { name: 'an invited visitor', input: input(['Unregistered'], { inviteCode: 'code' }), arrange: { email: null, before: 'invitation link' } },
  {
    name: 'a visitor from a site QR code',
    input: input(['Unregistered'], { returnTo: '/site/site/check-in?key=key' }),
    arrange: { email: null, before: 'site QR code' },
  },
  { name: 'a visitor', input: input(['Unregistered']), arrange: { email: null, before: null } },
  { name: 'an admin after a deep link', input: input(['CompanyAdmin'], { returnTo: '/profile' }), arrange: { email: demo.admin, before: 'deep link' } },
  { name: 'a super user', input: input(['SuperUser']), arrange: { email: demo.superUser, before: null } },
  { name: 'a company admin', input: input(['CompanyAdmin']), arrange: { email: demo.admin, before: null } },
  { name: 'a site supervisor', input: input(['CompanySupervisor']), arrange: { email: demo.supervisor, before: null } },
  { name: 'an auditor', input: input(['CompanyAuditor']), arrange: { email: auditor, before: null } },
  { name: 'a tradesperson', input: input(['TradesPerson']), arrange: { email: tradesperson, before: null } },
];

export const signInRedirectModel = defineModel({
  title: 'sign-in redirect',
  machine: signInRedirectMachine,
  traversals: arrivals,

  async prepare(browser) {
    const admin = await account(browser, demo.admin);
    const api = await Api.as(admin.token);
    const companyId = admin.payload.company ?? '';
    const sites = await api.call<{ items: { _id: string }[] }>('GET', `company/${companyId}/projectSites?search=${encodeURIComponent(siteAddress)}`);
    const { url } = await api.call<{ url: string }>('GET', `company/${companyId}/projectSites/${sites.items[0]?._id}/qr`);
    return { companyId, checkInPath: new URL(url).pathname + new URL(url).search };
  },

  async open({ browser, shared, traversal }) {
    const { context, page } = await openContext(browser, null);
    const { email, before } = traversal.arrange;
    if (before === 'invitation link') await page.goto('/?invitationCode=model-redirect-invitation');
    else if (before === 'deep link') await page.goto('/profile');
    else if (before === 'site QR code') await page.goto(shared.checkInPath);
    else await page.goto('/');
    if (before === 'deep link') await expect(page).toHaveURL(/\/$/);
    if (before === 'site QR code') await expect(page.getByText(siteAddress)).toBeVisible();
    await signInAs(page, email ?? freshEmail('redirect'));
    const userId = payloadOf((await storedToken(page)) ?? '').sub;
    return { context, page, companyId: shared.companyId, userId, siteAddress };
  },

  states: {
    'signInRedirect.acceptInvitation': lands(
      () => /\/accept_invitation$/,
      async ({ page }) => expect(page).toHaveTitle(/^Accept Invitation/),
    ),
    'signInRedirect.checkIn': lands(
      () => /\/site\/[^/]+\/check-in\?key=/,
      async ({ page, siteAddress: address }) => expect(page.getByText(address)).toBeVisible(),
    ),
    'signInRedirect.unauthorisedRole': lands(
      () => /\/unauthorised_role$/,
      async ({ page }) => expect(noRolesMessage(page)).toBeVisible(),
    ),
    'signInRedirect.returnTo': lands(
      () => /\/profile$/,
      async ({ page }) => titled(page, 'My Profile'),
    ),
    'signInRedirect.clients': lands(
      () => /\/clients$/,
      async ({ page }) => expect(page.getByRole('link', { name: 'Create New Client' })).toBeVisible(),
    ),
    'signInRedirect.companyProfile': lands(
      ({ companyId }) => new RegExp(`/company/${companyId}$`),
      async ({ page }) => titled(page, 'Company Profile'),
    ),
    'signInRedirect.companySwms': lands(
      ({ companyId }) => new RegExp(`/company/${companyId}/swms$`),
      async ({ page }) => expect(page.getByRole('table', { name: 'SWMS submissions' })).toBeVisible(),
    ),
    'signInRedirect.companyAudit': lands(
      ({ companyId }) => new RegExp(`/company/${companyId}/audit$`),
      async ({ page }) => titled(page, 'Audit Trail'),
    ),
    'signInRedirect.tradesPerson': lands(
      ({ userId }) => new RegExp(`/trades/${escape(userId)}$`),
      async ({ page }) => titled(page, 'Home'),
    ),
  },

  events: {},

  excluded: {
    states: {
      'signInRedirect.deciding': 'an eventless decision: the page it leads to is checked',
      'signInRedirect.unauthorised':
        'a company role always comes with its company in the token (server/users/repository.ts): no account lands here',
    },
    transitions: {
      'signInRedirect.deciding --always--> signInRedirect.unauthorised':
        'a company role always comes with its company in the token (server/users/repository.ts): no account lands here',
    },
  },
});
