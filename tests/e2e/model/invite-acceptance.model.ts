import { expect } from '@playwright/test';
import { inviteAcceptanceMachine, type InviteAcceptanceInput } from '../../../machines/invite-acceptance.machine';
import { companyBody } from '../../support/company-body';
import { AcceptInvitationPage } from '../pages/accept-invitation.page';
import { invitationLink } from '../pages/mailbox';
import { demo } from '../support/sign-in';
import { account, Api, freshEmail, openContext, signInAs, type Account } from './accounts';
import { HeldRequest } from './held-requests';
import type { ModelEvent } from '../../support/machine-paths';
import { expectLoading } from './pages/common.screens';
import { expectLoginScreen, storedSession } from './pages/session.screens';
import { expectCompanyHome, expectRefusal } from './pages/invitation.screens';
import { defineModel, outcomeAfter, type World, type BrowserTraversal } from './runner';

/** Who opens /accept_invitation, and how the code reaches it. */
type Visit =
  | 'signed out, no code'
  | 'signed out, with a link'
  | 'an admin, with a link'
  | 'an invitee, signed in with the stored code'
  | 'a visitor with no role, with a link';

const start = (signedIn: boolean, roles: InviteAcceptanceInput['roles'], code: { link?: string; stored?: string }): InviteAcceptanceInput => ({
  invitationCodeFromQuery: code.link ?? null,
  storedInvitationCode: code.stored ?? null,
  signedIn,
  roles,
  ...(signedIn && roles.includes('CompanyAdmin') ? { homePath: '/company/company' } : {}),
});

const messages = {
  notValid: 'This invitation is not valid',
  used: 'This invitation has already been used',
  wrongEmail: 'This invitation was sent to a different email address',
} as const;
const refusedWith = (type: string, message: string): ModelEvent => ({ type, error: new Error(message), label: message });

const visits: BrowserTraversal<Visit>[] = [
  { name: 'signed out, no code', input: start(false, [], {}), arrange: 'signed out, no code' },
  { name: 'signed out, with a link', input: start(false, [], { link: 'code' }), arrange: 'signed out, with a link' },
  {
    name: 'an admin, with a link',
    input: start(true, ['CompanyAdmin'], { link: 'code' }),
    arrange: 'an admin, with a link',
    events: {
      'xstate.done.actor.checkInvitation': [{ type: 'xstate.done.actor.checkInvitation', output: { company: { name: 'company' }, role: 'CompanyAdmin' } }],
      'xstate.error.actor.checkInvitation': [refusedWith('xstate.error.actor.checkInvitation', messages.notValid)],
    },
  },
  {
    name: 'an invitee, signed in with the stored code',
    input: start(true, ['CompanyAdmin'], { stored: 'code' }),
    arrange: 'an invitee, signed in with the stored code',
    events: { 'xstate.error.actor.checkInvitation': [refusedWith('xstate.error.actor.checkInvitation', messages.used)] },
  },
  {
    name: 'a visitor with no role, with a link',
    input: start(true, ['Unregistered'], { link: 'code' }),
    arrange: 'a visitor with no role, with a link',
    events: {
      'xstate.done.actor.loadInvitation': [{ type: 'xstate.done.actor.loadInvitation', output: { company: { name: 'company' }, role: 'CompanyAdmin' } }],
      'xstate.error.actor.loadInvitation': [refusedWith('xstate.error.actor.loadInvitation', messages.notValid)],
      'invite.accept': [{ type: 'invite.accept' }],
      'xstate.done.actor.acceptInvite': [{ type: 'xstate.done.actor.acceptInvite', output: { token: 'token' } }],
      'xstate.error.actor.acceptInvite': [refusedWith('xstate.error.actor.acceptInvite', messages.wrongEmail)],
    },
  },
];

interface Shared {
  readonly superUser: Api;
  /** A client of the test's own whose invitations the paths send. */
  readonly companyId: string;
  readonly companyName: string;
  readonly admin: Account;
  /** A visitor who stays Unregistered: their invitations are refused. */
  readonly refusedVisitor: Account;
}

interface GatewayWorld extends World {
  readonly shared: Shared;
  /** The company home the signed-in user is sent to. */
  readonly homeCompany: { readonly id: string; readonly title: string };
  held: HeldRequest | null;
}

const invitationCall = /\/api\/user\/invite\/[^/]+$/;
const acceptCall = /\/api\/user\/accept$/;

async function invite(shared: Shared, email: string, request: World['page']['request']): Promise<string> {
  await shared.superUser.call(
    'POST',
    'user/invite',
    { firstName: 'Ivy', surname: 'Invitee', email, phone: '0412345678', companyId: shared.companyId, role: 'CompanyAdmin' },
    201,
  );
  return invitationLink(request, email);
}

async function release(world: GatewayWorld): Promise<void> {
  await world.held?.release();
  world.held = null;
}

export const inviteAcceptanceModel = defineModel({
  title: 'invite acceptance',
  machine: inviteAcceptanceMachine,
  traversals: visits,

  async prepare(browser): Promise<Shared> {
    const superUser = await Api.as((await account(browser, demo.superUser)).token);
    const companyName = `Model Gateway Co ${Date.now().toString(36)}`;
    const company = await superUser.call<{ _id: string }>('POST', 'company', companyBody({ name: companyName }), 201);
    return {
      superUser,
      companyId: company._id,
      companyName,
      admin: await account(browser, demo.admin),
      refusedVisitor: await account(browser, freshEmail('gateway')),
    };
  },

  async open({ browser, shared, traversal, path }): Promise<GatewayWorld> {
    const visit = traversal.arrange;
    const unknownCode = '/accept_invitation?invitationCode=model-unknown-code';
    const ownHome = { id: shared.admin.payload.company ?? '', title: 'Company Profile' };
    const gatewayHome = { id: shared.companyId, title: 'Company Profile' };
    const held = (world: World) => HeldRequest.hold(world.page, 'GET', invitationCall);

    if (visit === 'signed out, no code' || visit === 'signed out, with a link') {
      const world = await openContext(browser, null);
      await world.page.goto(visit === 'signed out, no code' ? '/accept_invitation' : unknownCode);
      return { ...world, shared, homeCompany: ownHome, held: null };
    }
    if (visit === 'an admin, with a link') {
      const world = await openContext(browser, shared.admin);
      // A live invitation (someone else's) is checked and skipped; an unknown one is explained.
      const url = outcomeAfter(path, 0, 'checkInvitation') === 'done' ? await invite(shared, freshEmail('colleague'), world.page.request) : unknownCode;
      const checking = await held(world);
      await world.page.goto(url);
      await checking.arrived();
      return { ...world, shared, homeCompany: ownHome, held: checking };
    }
    if (visit === 'an invitee, signed in with the stored code') {
      // The link opened signed out keeps the code; the sign-in takes it along and accepts it (spec §7 auth/token).
      const world = await openContext(browser, null);
      const email = freshEmail('invitee');
      await world.page.goto(await invite(shared, email, world.page.request));
      const checking = await held(world);
      await signInAs(world.page, email);
      await checking.arrived();
      return { ...world, shared, homeCompany: gatewayHome, held: checking };
    }
    // A visitor with no role: the one who accepts signs in fresh; a refused one keeps their single role-less account.
    const accepts = outcomeAfter(path, 0, 'loadInvitation') === 'done' && outcomeAfter(path, 0, 'acceptInvite') !== 'error';
    const world = await openContext(browser, accepts ? null : shared.refusedVisitor);
    const email = accepts ? freshEmail('invited') : null;
    if (email) {
      await world.page.goto('/');
      await signInAs(world.page, email);
    }
    let url = unknownCode;
    if (outcomeAfter(path, 0, 'loadInvitation') === 'done') url = await invite(shared, email ?? freshEmail('someone-else'), world.page.request);
    const loading = await held(world);
    await world.page.goto(url);
    await loading.arrived();
    return { ...world, shared, homeCompany: gatewayHome, held: loading };
  },

  states: {
    'inviteAcceptance.noInvitation': async ({ world }) => {
      await expectLoginScreen(world.page);
      expect((await storedSession(world.page)).invitationCode).toBeNull();
    },
    'inviteAcceptance.signInFirst': async ({ world }) => {
      await expectLoginScreen(world.page);
      await expect.poll(async () => (await storedSession(world.page)).invitationCode).not.toBeNull();
    },
    'inviteAcceptance.checking': async ({ world }) => {
      await expectLoading(world.page);
    },
    'inviteAcceptance.alreadyRegistered': async ({ world }) => {
      await expectCompanyHome(world.page, world.homeCompany);
      expect((await storedSession(world.page)).invitationCode).toBeNull();
    },
    'inviteAcceptance.refused': async ({ world, snapshot }) => {
      await expectRefusal(world.page, snapshot.output.message, { home: true });
    },
    'inviteAcceptance.loading': async ({ world }) => {
      await expectLoading(world.page);
    },
    'inviteAcceptance.showing': async ({ world, snapshot }) => {
      const gateway = new AcceptInvitationPage(world.page);
      expect(snapshot.context.invitation.role).toBe('CompanyAdmin');
      await expect(gateway.message(world.shared.companyName, 'Admin')).toBeVisible();
      await expect(gateway.accept).toBeEnabled();
      await expect(gateway.logout).toBeVisible();
    },
    'inviteAcceptance.accepting': async ({ world }) => {
      await expect(new AcceptInvitationPage(world.page).accept).toBeDisabled();
    },
    'inviteAcceptance.accepted': async ({ world }) => {
      // The session holds the new token; the redirect after sign-in sends the new admin to their company.
      await expectCompanyHome(world.page, world.homeCompany);
      expect((await storedSession(world.page)).invitationCode).toBeNull();
    },
    'inviteAcceptance.failed': async ({ world, snapshot }) => {
      await expectRefusal(world.page, snapshot.output.message, { home: false });
    },
  },

  events: {
    'xstate.done.actor.checkInvitation': ({ world }) => release(world),
    'xstate.error.actor.checkInvitation': ({ world }) => release(world),
    'xstate.done.actor.loadInvitation': ({ world }) => release(world),
    'xstate.error.actor.loadInvitation': ({ world }) => release(world),
    'invite.accept': async ({ world }) => {
      world.held = await HeldRequest.hold(world.page, 'POST', acceptCall);
      await new AcceptInvitationPage(world.page).accept.click();
      await world.held.arrived();
    },
    'xstate.done.actor.acceptInvite': ({ world }) => release(world),
    'xstate.error.actor.acceptInvite': ({ world }) => release(world),
  },

  excluded: {
    states: {
      'inviteAcceptance.deciding': 'an eventless decision: the state it leads to is checked',
    },
  },
});
