import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { companyBody } from '../support/company-body';
import { AcceptInvitationPage } from './pages/accept-invitation.page';
import { invitationLink } from './pages/mailbox';
import { ProblemStatePage } from './pages/problem-state.page';
import { axeViolations, showColourScheme } from './support/axe';
import { demo, signIn, signInQuickly } from './support/sign-in';

/*
 * Issue 13 §2: failures the user is shown. An invitation that cannot be accepted is explained
 * on the invitation page to someone who already has a role; a detail page whose id is malformed,
 * unknown or another company's says so under an honest title, with a way back that works.
 */

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const unknownId = '7d3c1a52-9b4e-4f0a-8c21-5e6f7a8b9c0d';
const shots = '.tmp/shots/failures';
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const ridgelineAdmin = 'admin@ridgeline.demo';

interface Visitor {
  readonly page: Page;
  /** The id in the address the sign-in landed on (/company/{id}...), or '' for a super user. */
  readonly companyId: string;
  close(): Promise<void>;
}

/** A person signed in through the development identity provider, in a browser context of their own. */
async function signedIn(browser: Browser, email: string, landing: RegExp): Promise<Visitor> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInQuickly(page, email);
  await expect(page).toHaveURL(landing);
  const companyId = /\/company\/([^/]+)/.exec(new URL(page.url()).pathname)?.[1] ?? '';
  return { page, companyId, close: () => context.close() };
}

/** A call to the API with the signed-in person's token, as the app makes it. */
async function api<T>(page: Page, method: 'get' | 'post', path: string, data?: unknown): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const response = await page.request.fetch(`/api/${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The invitation page once it has refused the code: the server's reason, what to do next, and the ways out. */
class InvitationRefusal {
  readonly nextStep: Locator;
  readonly goHome: Locator;
  readonly logout: Locator;

  constructor(readonly page: Page) {
    this.nextStep = page.getByRole('region', { name: 'What to do next' });
    this.goHome = page.getByRole('link', { name: 'Go to your home page' });
    this.logout = page.getByRole('button', { name: 'Logout' });
  }

  reason(message: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: message });
  }
}

const nextSteps = {
  used: 'An invitation works once. If you accepted it before, your role is already on your account.',
  replaced: 'Open the link in the most recent invitation email, or ask your company admin for a new invitation.',
  notValid: 'Check that the whole link from the invitation email was opened, or ask your company admin for a new invitation.',
} as const;

/** Light and dark, desktop and phone: saved for a person to look at, and checked by axe-core (no serious or critical violation). */
async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
      await showColourScheme(page, colorScheme);
      await page.screenshot({ path: `${shots}/${name}-${colorScheme}-${width}.png`, fullPage: true });
      const violations = await axeViolations(page);
      const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(serious.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`), `${name} ${colorScheme} ${width}`).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** The super user invites `email` to a fresh client as its admin; answers the client, the invitation and its link. */
async function inviteToNewClient(superUser: Page, email: string) {
  const client = await api<{ _id: string; name: string }>(superUser, 'post', 'company', companyBody({ name: `Invitation Test ${stamp()}` }));
  const invite = await api<{ userRole: { _id: string } }>(superUser, 'post', 'user/invite', {
    firstName: 'Ivy',
    surname: `Tester${stamp()}`,
    email,
    phone: '0412345678',
    companyId: client._id,
    role: 'CompanyAdmin',
  });
  return { client, userRoleId: invite.userRole._id, link: await invitationLink(superUser.request, email) };
}

test.describe('an invitation that cannot be accepted, opened by someone who already has a role', () => {
  test('a made-up code: the supervisor reads why, what to do, and goes home', async ({ browser }) => {
    const supervisor = await signedIn(browser, demo.supervisor, new RegExp(`/company/${uuid}/swms$`));
    const { page } = supervisor;
    await page.goto('/accept_invitation?invitationCode=not-a-real-code');
    const refusal = new InvitationRefusal(page);
    await expect(refusal.reason('This invitation is not valid')).toBeVisible();
    await expect(refusal.nextStep).toContainText(nextSteps.notValid);
    await expect(refusal.logout).toBeVisible();
    await expect(page, 'the page stays to explain').toHaveURL(/\/accept_invitation\?invitationCode=not-a-real-code$/);
    expect(await page.evaluate(() => window.localStorage.getItem('invitationCode')), 'the refused code is not kept').toBeNull();
    await screenshots(page, 'invitation-not-valid');

    await refusal.goHome.click();
    await expect(page).toHaveURL(`/company/${supervisor.companyId}/swms`);
    await expect(page.getByRole('banner').getByRole('heading', { level: 1, name: 'SWMS' })).toBeVisible();
    await supervisor.close();
  });

  test('a code replaced by a resend: the auditor is told to use the newest email, and goes to their own home', async ({ browser }) => {
    const superUser = await signedIn(browser, demo.superUser, /\/clients$/);
    const email = `replaced-${stamp()}@invitee.test`;
    const first = await inviteToNewClient(superUser.page, email);
    await api(superUser.page, 'post', `user/invite/${first.userRoleId}`, {});
    await expect.poll(() => invitationLink(superUser.page.request, email)).not.toBe(first.link);
    await superUser.close();

    const auditor = await signedIn(browser, 'auditor@harbourbuild.demo', new RegExp(`/company/${uuid}/audit$`));
    const { page } = auditor;
    await page.goto(first.link);
    const refusal = new InvitationRefusal(page);
    await expect(refusal.reason('This invitation was replaced by a newer one')).toBeVisible();
    await expect(refusal.nextStep).toContainText(nextSteps.replaced);
    await refusal.goHome.click();
    await expect(page, 'an auditor has no client list: home is the audit trail').toHaveURL(`/company/${auditor.companyId}/audit`);
    await auditor.close();
  });

  test('a code already used: the person who accepted it opens the link again', async ({ browser }) => {
    const superUser = await signedIn(browser, demo.superUser, /\/clients$/);
    const email = `used-${stamp()}@invitee.test`;
    const { client, link } = await inviteToNewClient(superUser.page, email);
    await superUser.close();

    const invited = await signedIn(browser, email, /\/unauthorised_role$/);
    const { page } = invited;
    await page.goto(link);
    const gateway = new AcceptInvitationPage(page);
    await expect(gateway.message(client.name, 'Admin')).toBeVisible();
    await gateway.accept.click();
    await expect(page).toHaveURL(`/company/${client._id}`);

    await page.goto(link);
    const refusal = new InvitationRefusal(page);
    await expect(refusal.reason('This invitation has already been used')).toBeVisible();
    await expect(refusal.nextStep).toContainText(nextSteps.used);
    await screenshots(page, 'invitation-used');
    await refusal.goHome.click();
    await expect(page).toHaveURL(`/company/${client._id}`);
    await expect(page.getByRole('banner').getByRole('heading', { level: 1, name: 'Company Profile' })).toBeVisible();
    await invited.close();
  });

  test('signed out, a refused code goes with the sign-in and is explained after it, not skipped', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/accept_invitation?invitationCode=stale-code-from-an-old-email');
    await expect(page).toHaveURL(/\/$/);
    await signIn(page, 'supervisor2@harbourbuild.demo');
    await expect(page).toHaveURL(/\/accept_invitation$/);
    const refusal = new InvitationRefusal(page);
    await expect(refusal.reason('This invitation is not valid')).toBeVisible();
    await expect(refusal.nextStep).toContainText(nextSteps.notValid);
    await refusal.goHome.click();
    await expect(page).toHaveURL(new RegExp(`/company/${uuid}/swms$`));

    await page.goto('/');
    await expect(page, 'the refused code is forgotten: the next visit to / goes straight home').toHaveURL(new RegExp(`/company/${uuid}/swms$`));
    await context.close();
  });
});

interface Case {
  readonly path: string;
  readonly title: 'Not Found' | 'Not Authorised';
  readonly message: string;
  /** The sentence under the message, where the case is about it. */
  readonly detail?: string;
  readonly way: string;
  /** Where the way back leads, and the title of the page there. */
  readonly to: string | RegExp;
  readonly arrivesAt: string;
}

/** Opens each address, reads the state and its title, follows the way back, and checks where it lands. */
async function expectProblems(page: Page, cases: readonly Case[]): Promise<void> {
  const problem = new ProblemStatePage(page);
  for (const { path, title, message, detail, way, to, arrivesAt } of cases) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(problem.message).toHaveText(message);
      if (detail) await expect(problem.panel.locator('.problem-state-detail')).toHaveText(detail);
      await expect(problem.pageTitle, 'the title names the problem, not the page that is missing').toHaveText(title);
      await expect(page).toHaveTitle(`${title} · SiteSafe Portal`);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await problem.way(way).click();
      await expect(page).toHaveURL(to);
      await expect(problem.pageTitle).toHaveText(arrivesAt);
    });
  }
}

test.describe('detail pages with an id that is malformed, unknown or another company’s', () => {
  test('client pages for the super user', async ({ browser }) => {
    const superUser = await signedIn(browser, demo.superUser, /\/clients$/);
    const { page } = superUser;
    const client = await api<{ _id: string }>(page, 'post', 'company', companyBody({ name: `Missing Ids Test ${stamp()}` }));
    const clientNotFound = { title: 'Not Found', message: 'This client does not exist', way: 'Back to Clients', to: /\/clients$/, arrivesAt: 'Clients' } as const;
    const employeeNotFound = {
      title: 'Not Found',
      message: 'This employee does not exist',
      way: 'Back to Client',
      to: `/clients/${client._id}`,
      arrivesAt: 'Client Details',
    } as const;
    await expectProblems(page, [
      { path: '/clients/not-an-id', ...clientNotFound },
      { path: `/clients/${unknownId}`, ...clientNotFound },
      { path: '/clients/00000000-0000-0000-0000-000000000000', ...clientNotFound },
      { path: `/clients/${unknownId}/edit`, ...clientNotFound },
      { path: `/clients/${client._id}/employees/${unknownId}`, ...employeeNotFound },
      { path: `/clients/${client._id}/employees/not-an-id`, ...employeeNotFound },
    ]);
    await page.goto(`/clients/${unknownId}`);
    await expect(new ProblemStatePage(page).message).toBeVisible();
    await screenshots(page, 'client-not-found');
    await superUser.close();
  });

  test('company pages for the Harbour admin: unknown ids, and records of Ridgeline under Harbour’s address', async ({ browser }) => {
    const ridgeline = await signedIn(browser, ridgelineAdmin, new RegExp(`/company/${uuid}$`));
    const foreignSite = (await api<{ items: { _id: string }[] }>(ridgeline.page, 'get', `company/${ridgeline.companyId}/projectSites?pageSize=1`)).items[0];
    const foreignSwms = (await api<{ items: { _id: string }[] }>(ridgeline.page, 'get', `company/${ridgeline.companyId}/swms?pageSize=1`)).items[0];
    const foreignEmployee = (await api<{ userRole: { _id: string } }[]>(ridgeline.page, 'get', `company/${ridgeline.companyId}/employees`))[0];
    expect(foreignSite && foreignSwms && foreignEmployee, 'the demo data gives Ridgeline a site, a SWMS and an employee').toBeTruthy();
    await ridgeline.close();

    const admin = await signedIn(browser, demo.admin, new RegExp(`/company/${uuid}$`));
    const { page, companyId } = admin;
    const company = `/company/${companyId}`;
    const siteNotFound = {
      title: 'Not Found',
      message: 'This project site does not exist',
      way: 'Back to Projects',
      to: `${company}/projectsites`,
      arrivesAt: 'Projects',
    } as const;
    const employeeNotFound = {
      title: 'Not Found',
      message: 'This employee does not exist',
      way: 'Back to Employees',
      to: `${company}/employees`,
      arrivesAt: 'Employees',
    } as const;
    const swmsToList = { way: 'Back to SWMS', to: `${company}/swms`, arrivesAt: 'SWMS' } as const;
    await expectProblems(page, [
      { path: `${company}/projectsites/not-an-id`, ...siteNotFound },
      { path: `${company}/projectsites/${unknownId}`, ...siteNotFound },
      { path: `${company}/projectsites/${foreignSite?._id}`, ...siteNotFound },
      { path: `${company}/projectsites/${foreignSite?._id}/edit`, ...siteNotFound },
      { path: `${company}/projectsites/${unknownId}/evacuation`, ...siteNotFound },
      { path: `${company}/employees/${unknownId}`, ...employeeNotFound },
      { path: `${company}/employees/${foreignEmployee?.userRole._id}`, ...employeeNotFound },
      { path: `${company}/swms/not-an-id`, title: 'Not Found', message: 'This SWMS does not exist', ...swmsToList },
      { path: `${company}/swms/${foreignSwms?._id}`, title: 'Not Authorised', message: 'You are not authorised to view this SWMS', ...swmsToList },
      { path: `${company}/swms/${unknownId}`, title: 'Not Authorised', message: 'You are not authorised to view this SWMS', ...swmsToList },
    ]);

    await page.goto(`${company}/swms/${foreignSwms?._id}`);
    await expect(new ProblemStatePage(page).message).toBeVisible();
    await screenshots(page, 'swms-not-authorised');
    await admin.close();
  });

  test('another company’s address, an unmatched path and an unknown tradesperson say not authorised (an unmatched path: that no page is there), with the way home', async ({ browser }) => {
    const supervisor = await signedIn(browser, demo.supervisor, new RegExp(`/company/${uuid}/swms$`));
    const { page, companyId } = supervisor;
    const home = { title: 'Not Authorised', message: 'You are not authorised to view this page', way: 'Go to your home page', to: `/company/${companyId}/swms`, arrivesAt: 'SWMS' } as const;
    await expectProblems(page, [
      { path: `/company/${unknownId}/swms`, ...home },
      { path: '/no-such-page', ...home, title: 'Not Found', detail: 'This page does not exist: the address may be mistyped, or the link out of date.' },
      { path: '/unauthorised', ...home, detail: 'It belongs to another company, or your role does not give access to it.' },
      { path: `/trades/${unknownId}`, ...home, way: 'Back', to: `/company/${companyId}/swms` },
    ]);
    await page.goto('/unauthorised');
    await expect(new ProblemStatePage(page).message).toBeVisible();
    await screenshots(page, 'not-authorised');
    await supervisor.close();
  });
});
