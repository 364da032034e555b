import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { sessionMachine } from '../../../machines/session.machine';
import type { StoredSession } from '../../../machines/session-storage';
import { companyBody } from '../../support/company-body';
import { LoginPage } from '../pages/login.page';
import { invitationLink } from '../pages/mailbox';
import { chooseDevAccount, demo } from '../support/sign-in';
import { account, Api, freshEmail, openContext, payloadOf, signInAs } from './accounts';
import { HeldRequest } from './held-requests';
import type { ModelEvent } from '../../support/machine-paths';
import { expectLoading } from './pages/common.screens';
import { expectLoginScreen, expectProviderPage, logoutButton, mainNavigation, noRolesMessage, storedSession } from './pages/session.screens';
import { defineModel, type StepContext, type World } from './runner';

/** Model tokens: the session reads only their payload; the browser holds real ones with the same roles. */
const modelToken = (roles: string[], expiresInSeconds: number) => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${part({ alg: 'none' })}.${part({ sub: 'visitor', exp, roles, company: roles.includes('CompanyAdmin') ? 'company' : null })}.model`;
};
const tokens = {
  visitor: modelToken(['Unregistered'], 3600),
  expired: modelToken(['Unregistered'], -600),
  admin: modelToken(['CompanyAdmin'], 3600),
};
const staleCode = 'model-spent-code';
const nothing: StoredSession = { provider: null, authCode: null, accessToken: null, inviteCode: null };

const loaded = (label: string, stored: Partial<StoredSession>): ModelEvent => ({
  type: 'xstate.done.actor.loadStored',
  output: { ...nothing, ...stored },
  label,
});
const roleOf = (snapshot: AnyMachineSnapshot): string | undefined => snapshot.context.payload?.roles[0];
const failure = (message: string) => ({ error: new Error(message) });

interface SessionWorld extends World {
  readonly superUser: Api;
  /** A new address per path: every sign-in of the path is this visitor, Unregistered until an invitation is accepted. */
  readonly email: string;
  /** The company the visitor is invited to run, when the path accepts an invitation. */
  readonly companyId: string | null;
  invitation: string | null;
  /** On the identity provider's page rather than the portal. */
  atProvider: boolean;
  held: HeldRequest | null;
}

const tokenCall = /\/api\/auth\/token$/;
const refreshCall = /\/api\/auth\/refresh$/;
const logoutCall = /\/api\/auth\/logout$/;

async function holdCall(world: SessionWorld, url: RegExp): Promise<HeldRequest> {
  world.held = await HeldRequest.hold(world.page, 'POST', url);
  return world.held;
}

/** The server answers the held call; `refusal` says the server itself refuses it (else a failure is a network failure). */
async function answer(world: SessionWorld, outcome: 'done' | 'error', refusal = false): Promise<void> {
  const held = world.held;
  if (!held) throw new Error('No call is held');
  world.held = null;
  if (outcome === 'done' || refusal) await held.release();
  else await held.abort();
}

/** Arranged before the app boots: a real sign-in of the visitor in this context. */
async function signInFirst(world: SessionWorld): Promise<void> {
  await world.page.goto('/');
  await signInAs(world.page, world.email);
}

async function bootWith({ world, event, outcome }: StepContext<SessionWorld>): Promise<void> {
  const { page } = world;
  switch (event.label) {
    case 'nothing stored':
      await page.goto('/');
      return;
    case 'a live token':
      await signInFirst(world);
      await page.goto('/');
      return;
    case 'an expired token': {
      await signInFirst(world);
      // The server refuses the renewal when the refresh cookie is gone (spec §4: signed out).
      if (outcome('refreshToken') === 'error') await world.context.clearCookies();
      await page.evaluate(() => {
        const [header, payload, signature] = (window.localStorage.getItem('accessToken') ?? '').split('.');
        const claims = JSON.parse(atob((payload ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number };
        const expired = btoa(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 600 }))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
        window.localStorage.setItem('accessToken', `${header}.${expired}.${signature}`);
      });
      const held = await holdCall(world, refreshCall);
      await page.goto('/');
      await held.arrived();
      return;
    }
    case 'a spent sign-in code': {
      await page.goto('/');
      await page.evaluate((code) => window.localStorage.setItem('authCode', code), staleCode);
      const held = await holdCall(world, tokenCall);
      await page.reload();
      await held.arrived();
      return;
    }
    default:
      throw new Error(`No browser start for stored values '${String(event.label)}'`);
  }
}

export const sessionModel = defineModel({
  title: 'session',
  machine: sessionMachine,
  traversals: [
    {
      name: 'a visitor',
      arrange: null,
      events: {
        'xstate.done.actor.loadStored': [
          loaded('nothing stored', {}),
          loaded('a live token', { provider: 'google', accessToken: tokens.visitor }),
          loaded('an expired token', { provider: 'google', accessToken: tokens.expired }),
          loaded('a spent sign-in code', { authCode: staleCode }),
        ],
        'session.signIn': [{ type: 'session.signIn', provider: 'google' }],
        'session.codeReceived': (snapshot) => (snapshot.matches('signedOut') ? [{ type: 'session.codeReceived', code: 'model-code' }] : []),
        'session.inviteCodeReceived': (snapshot) =>
          snapshot.matches('signedOut') ? [{ type: 'session.inviteCodeReceived', inviteCode: 'model-invitation' }] : [],
        'xstate.done.actor.exchangeCode': (snapshot) =>
          snapshot.context.authCode === staleCode ? [] : [{ type: 'xstate.done.actor.exchangeCode', output: { token: tokens.visitor } }],
        // The server refuses a spent code; a fresh one it exchanges.
        'xstate.error.actor.exchangeCode': (snapshot) =>
          snapshot.context.authCode === staleCode
            ? [{ type: 'xstate.error.actor.exchangeCode', error: Object.assign(new Error('Sign-in code is invalid or expired'), { status: 401 }) }]
            : [],
        // The provider sends the browser back with ?signInError (a denied or forged answer): once, from the login page.
        'session.signInFailed': (snapshot) =>
          snapshot.matches('signedOut') && snapshot.context.signInFailure === null && snapshot.context.provider === null ? [{ type: 'session.signInFailed' }] : [],
        'xstate.done.actor.refreshToken': [{ type: 'xstate.done.actor.refreshToken', output: { token: tokens.visitor } }],
        // The server refuses the renewal (no refresh cookie); an unanswered one is tests/e2e/offline.spec.ts's.
        'xstate.error.actor.refreshToken': [
          { type: 'xstate.error.actor.refreshToken', error: Object.assign(new Error('Your session has ended, please sign in again'), { status: 401 }) },
        ],
        // Accepting an invitation is the one way a new token reaches a signed-in session; only a visitor has one to accept.
        'session.tokenReceived': (snapshot) =>
          roleOf(snapshot) === 'Unregistered' ? [{ type: 'session.tokenReceived', token: tokens.admin, label: 'invitation accepted' }] : [],
        // The API refuses the token once the admin's company is removed.
        'session.expired': (snapshot) => (roleOf(snapshot) === 'CompanyAdmin' ? [{ type: 'session.expired' }] : []),
        'session.signOut': [{ type: 'session.signOut' }],
        'xstate.done.actor.signOut': [{ type: 'xstate.done.actor.signOut', output: null }],
        'xstate.error.actor.signOut': [{ type: 'xstate.error.actor.signOut', ...failure('network') }],
      },
      // A removed company, or an invitation code of nobody's, is left behind: nothing more is walked in that browser.
      endsPath: (event) => event.type === 'session.expired' || event.type === 'session.inviteCodeReceived',
    },
  ],

  async prepare(browser) {
    return { superUser: await Api.as((await account(browser, demo.superUser)).token) };
  },

  async open({ browser, shared, path }) {
    const { context, page } = await openContext(browser, null);
    const email = freshEmail('session');
    let companyId: string | null = null;
    let invitation: string | null = null;
    if (path.steps.some((step) => step.event.type === 'session.tokenReceived')) {
      companyId = (await shared.superUser.call<{ _id: string }>('POST', 'company', companyBody({ name: `Model Session Co ${email}` }), 201))._id;
      await shared.superUser.call('POST', 'user/invite', { firstName: 'Vera', surname: 'Visitor', email, phone: '0412345678', companyId, role: 'CompanyAdmin' }, 201);
      invitation = await invitationLink(page.request, email);
    }
    return { context, page, superUser: shared.superUser, email, companyId, invitation, atProvider: false, held: null };
  },

  states: {
    'session.signedOut': async ({ world, snapshot }) => {
      const { context } = snapshot;
      if (world.atProvider) await expectProviderPage(world.page);
      else await expectLoginScreen(world.page, context.signInFailure);
      await expect
        .poll(() => storedSession(world.page))
        .toEqual({
          signInWith: context.provider,
          authCode: null,
          accessToken: null,
          invitationCode: context.inviteCode === null ? null : expect.any(String),
        });
    },
    'session.exchangingCode': async ({ world }) => {
      await expectLoading(world.page);
      expect((await storedSession(world.page)).accessToken).toBeNull();
    },
    'session.refreshing': async ({ world }) => {
      await expectLoading(world.page);
    },
    'session.signedIn': async ({ world, snapshot }) => {
      await expect(logoutButton(world.page)).toBeVisible();
      const role = roleOf(snapshot);
      // What each role sees first: the visitor 'You have no roles in the system', the new admin their company's navigation.
      if (role === 'Unregistered') await expect(noRolesMessage(world.page)).toBeVisible();
      else await expect(mainNavigation(world.page).getByRole('link', { name: 'Projects' })).toBeVisible();
      const token = (await storedSession(world.page)).accessToken;
      expect(token).not.toBeNull();
      expect(payloadOf(token ?? '').roles).toEqual(snapshot.context.payload.roles);
    },
    'session.signedIn.active': async ({ world }) => {
      const token = (await storedSession(world.page)).accessToken ?? '';
      expect(payloadOf(token).exp * 1000 - Date.now(), 'more than a minute before the token is renewed').toBeGreaterThan(60_000);
    },
    'session.signingOut': async ({ world }) => {
      await expectLoading(world.page);
    },
  },

  events: {
    'xstate.done.actor.loadStored': bootWith,
    'session.signIn': async ({ world }) => {
      await world.page.getByRole('button', { name: 'Continue with Google' }).click();
      world.atProvider = true;
    },
    'session.codeReceived': async ({ world }) => {
      if (!world.atProvider) await world.page.goto('/api/auth/login/google');
      const held = await holdCall(world, tokenCall);
      await chooseDevAccount(world.page, world.email);
      await held.arrived();
      world.atProvider = false;
    },
    'session.inviteCodeReceived': async ({ world }) => {
      await world.page.goto('/?invitationCode=model-invitation');
    },
    'session.signInFailed': async ({ world }) => {
      await world.page.goto('/?signInError=1');
    },
    'xstate.done.actor.exchangeCode': ({ world }) => answer(world, 'done'),
    'xstate.error.actor.exchangeCode': ({ world }) => answer(world, 'error', true),
    'xstate.done.actor.refreshToken': ({ world }) => answer(world, 'done'),
    'xstate.error.actor.refreshToken': ({ world }) => answer(world, 'error', true),
    'session.tokenReceived': async ({ world }) => {
      await world.page.goto(world.invitation ?? '');
      await world.page.getByRole('button', { name: 'Accept Invite' }).click();
    },
    'session.expired': async ({ world }) => {
      // Spec §6 / DESIGN.md: a removed client's users lose access at once; the next call answers 401. That call is
      // usually the one this click starts. On a loaded machine the company screen may still be loading when the
      // client goes: its own load answers 401 first and the app signs out before the click, whose link is gone.
      await world.superUser.call('DELETE', `company/${world.companyId}`);
      const projects = mainNavigation(world.page).getByRole('link', { name: 'Projects' });
      const loginButton = new LoginPage(world.page).google;
      await expect(async () => {
        if (await loginButton.isVisible()) return;
        await projects.click({ timeout: 2_000 });
      }).toPass();
    },
    'session.signOut': async ({ world }) => {
      const held = await holdCall(world, logoutCall);
      await logoutButton(world.page).click();
      await held.arrived();
    },
    'xstate.done.actor.signOut': ({ world }) => answer(world, 'done'),
    'xstate.error.actor.signOut': ({ world }) => answer(world, 'error'),
  },

  excluded: {
    states: {
      'session.initialising': 'storage is read as the app boots, before its first paint: nothing of its own to see',
      'session.restoring': 'an eventless decision: the state it leads to is checked',
      'session.signedIn.renewing': 'entered only by the renewal timer, a minute before the one-hour token expires',
      'session.signedIn.stale': 'a renewal with no answer needs the phone offline with a kept worker: tests/e2e/offline.spec.ts walks it',
    },
    events: {
      'xstate.error.actor.loadStored': 'reading localStorage does not fail in Chromium; only a faked Storage could make it',
      'xstate.after.refreshDue.session.signedIn.active':
        "a timer a minute before the one-hour token expires: too long to wait for, and a faked clock is not the app's",
      'xstate.done.actor.renewToken': 'follows the renewal timer only (above)',
      'xstate.error.actor.renewToken': 'follows the renewal timer only (above)',
      'session.online': 'only a kept (stale) session takes it: tests/e2e/offline.spec.ts goes offline and back',
    },
    transitions: {
      'session.initialising --session.codeReceived[hasCode]--> (stay)':
        'storage is read in a microtask as the app boots, before any page can hand over a code',
      'session.initialising --session.inviteCodeReceived[hasInviteCode]--> (stay)':
        'storage is read in a microtask as the app boots, before any page can hand over a code',
      'session.initialising --session.inviteCodeReceived--> (stay)':
        'storage is read in a microtask as the app boots, before any page can hand over a code',
      'session.exchangingCode --xstate.done.actor.exchangeCode--> session.signedOut': 'the real server only issues signed, readable tokens',
      'session.refreshing --xstate.done.actor.refreshToken--> session.signedOut': 'the real server only issues signed, readable tokens',
      'session.signedIn --session.tokenReceived--> (stay)': 'the real server only issues signed, readable tokens',
      'session.refreshing --xstate.error.actor.refreshToken--> session.signedIn.stale':
        'a renewal with no answer needs the phone offline with a kept worker: tests/e2e/offline.spec.ts walks it',
      'session.signedIn.stale --session.expired--> session.signedIn.renewing': 'follows a renewal with no answer only (above)',
      'session.signedIn --session.expired[refusedAReplacedToken]--> (stay)': 'a late 401 for a renewed token needs an answer held past the renewal; offline.spec.ts meets it and the machine test takes it',
      'session.signedIn.renewing --session.expired[refusedAReplacedToken]--> (stay)': 'follows the renewal timer or a kept session only (above)',
      'session.signedIn.renewing --session.expired[hasExpiredToken]--> (stay)': 'follows the renewal timer or a kept session only (above)',
      'session.signedIn.renewing --session.expired--> session.signedOut': 'follows the renewal timer or a kept session only (above)',
    },
  },
});
