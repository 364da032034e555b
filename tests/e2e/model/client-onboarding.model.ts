import { expect } from '@playwright/test';
import { clientOnboardingMachine, type CompanyFields, type InviteeFields } from '../../../machines/client-onboarding.machine';
import { companyBody, nextAbn } from '../../support/company-body';
import { pngFile } from '../../support/upload-fixtures';
import { CompanyFormPage, type CompanyFormValues } from '../pages/company-form.page';
import { demo } from '../support/sign-in';
import { account, Api, freshEmail, openContext, type Account } from './accounts';
import { HeldRequest } from './held-requests';
import type { ModelEvent } from '../../support/machine-paths';
import { toast } from './pages/common.screens';
import { clientPage, companyForm, inviteForm } from './pages/onboarding.screens';
import { defineModel, type World, type BrowserTraversal } from './runner';

const harbourAbn = '51824753556';
const messages = {
  duplicateAbn: 'A company with this ABN already exists',
  elsewhere: 'This email already belongs to an employee of another company',
} as const;

/** The model's form values; the browser types fresh ones of its own (world.company, world.invitee). */
const modelCompany: CompanyFields = {
  name: 'Model Client',
  abn: '00000000000',
  buildersRegNumber: 'BLD-1',
  phone: '0298765432',
  email: 'office@model.test',
  address: '12 George Street, Sydney NSW 2000',
  postalAddress: 'PO Box 12, Sydney NSW 2001',
};
const modelInvitee: InviteeFields = { firstName: 'Ada', surname: 'Model', email: 'ada@model.test', phone: '0412345678' };
const logo = { name: 'logo.png', mimeType: 'image/png', buffer: pngFile() };

const events: Record<string, ModelEvent[]> = {
  'logo.choose': [{ type: 'logo.choose', file: new File([], logo.name) }],
  'logo.remove': [{ type: 'logo.remove' }],
  'company.submit': [{ type: 'company.submit', company: modelCompany }],
  'xstate.done.actor.uploadLogo': [
    { type: 'xstate.done.actor.uploadLogo', output: { friendlyName: logo.name, fileKey: 'logo', type: 'companyProfile' } },
  ],
  'xstate.done.actor.createCompany': [{ type: 'xstate.done.actor.createCompany', output: { _id: 'client' } }],
  'xstate.error.actor.createCompany': [{ type: 'xstate.error.actor.createCompany', error: new Error(messages.duplicateAbn) }],
  'xstate.done.actor.loadCompany': [{ type: 'xstate.done.actor.loadCompany', output: { _id: 'client', ...modelCompany, image: null } }],
  'xstate.done.actor.updateCompany': [{ type: 'xstate.done.actor.updateCompany', output: { _id: 'client', ...modelCompany, image: null } }],
  'xstate.error.actor.updateCompany': [{ type: 'xstate.error.actor.updateCompany', error: new Error(messages.duplicateAbn) }],
  'invite.submit': [{ type: 'invite.submit', invitee: modelInvitee }],
  'xstate.done.actor.sendInvite': [{ type: 'xstate.done.actor.sendInvite', output: {} }],
  'xstate.error.actor.sendInvite': [{ type: 'xstate.error.actor.sendInvite', error: new Error(messages.elsewhere) }],
};

const starts: BrowserTraversal<'create' | 'resume' | 'revisit'>[] = [
  { name: "'Create New Client'", input: {}, arrange: 'create', events },
  { name: 'a client without an admin', input: { clientId: 'client' }, arrange: 'resume', events },
  { name: 'Back from the invite to the client step 1 created', input: { createdClientId: 'client' }, arrange: 'revisit', events },
];

interface OnboardingWorld extends World {
  /** What the browser types: fresh values per path, so every client it creates is new. */
  readonly company: CompanyFormValues;
  readonly invitee: InviteeFields;
  /** The client of the invite step, once the URL names it (from the start when Back revisits step 1). */
  clientId: string | null;
  /** Step 1 edits a client that exists: Next updates it. */
  readonly revisit: boolean;
  /** The address last typed into 'Contact Email'. */
  typedEmail: string;
  held: HeldRequest | null;
}

async function release(world: OnboardingWorld): Promise<void> {
  await world.held?.release();
  world.held = null;
}

const freshCompany = (): CompanyFormValues => {
  const body = companyBody({ name: `Model Client ${Date.now().toString(36)}` });
  return { ...body, abn: nextAbn(), phone: '0298765432', email: `office-${Date.now().toString(36)}@model.test` };
};

export const clientOnboardingModel = defineModel({
  title: 'client onboarding',
  machine: clientOnboardingMachine,
  traversals: starts,

  async prepare(browser) {
    const superUser: Account = await account(browser, demo.superUser);
    const api = await Api.as(superUser.token);
    const waiting = await api.call<{ _id: string }>('POST', 'company', companyBody({ name: `Model Client Without Admin ${Date.now().toString(36)}` }), 201);
    return { superUser, clientWithoutAdmin: waiting._id };
  },

  async open({ browser, shared, traversal }): Promise<OnboardingWorld> {
    const world = await openContext(browser, shared.superUser);
    const company = freshCompany();
    const revisit = traversal.arrange === 'revisit';
    const created = revisit ? (await (await Api.as(shared.superUser.token)).call<{ _id: string }>('POST', 'company', company, 201))._id : null;
    const clientId = traversal.arrange === 'resume' ? shared.clientWithoutAdmin : created;
    await world.page.goto(created ? `/clients/create?client=${created}` : clientId ? `/clients/${clientId}/employees/add` : '/clients/create');
    const invitee = { ...modelInvitee, surname: `Model${Date.now().toString(36)}`, email: freshEmail('admin') };
    return { ...world, company, invitee, clientId, revisit, typedEmail: '', held: null };
  },

  states: {
    'clientOnboarding.loadingCompany': async ({ world }) => {
      await companyForm(world.page).expectOn('/clients/create\\?client=[^/]+', 'Create New Client');
    },
    'clientOnboarding.editingCompany': async ({ world, snapshot }) => {
      const form = companyForm(world.page);
      await form.expectOn(world.revisit ? '/clients/create\\?client=[^/]+' : '/clients/create', 'Create New Client');
      const { company, logo: chosen, error } = snapshot.context;
      await expect(form.form.field('name')).toHaveValue(company ? world.company.name : '');
      await form.expectLogo(chosen ? logo.name : null);
      await form.expectError(error);
      await expect(form.submit('Next')).toBeEnabled({ enabled: company !== null });
    },
    'clientOnboarding.uploadingLogo': async ({ world }) => {
      await companyForm(world.page).expectBusy('Next');
    },
    'clientOnboarding.creatingCompany': async ({ world }) => {
      await companyForm(world.page).expectBusy('Next');
    },
    'clientOnboarding.updatingCompany': async ({ world }) => {
      await companyForm(world.page).expectBusy('Next');
    },
    'clientOnboarding.invitingAdmin': async ({ world, snapshot, event }) => {
      const form = inviteForm(world.page);
      world.clientId = await form.expectOn();
      if (event.type === 'xstate.done.actor.createCompany') await expect(toast(world.page, 'Client added successfully')).toBeVisible();
      if (event.type === 'xstate.done.actor.updateCompany') await expect(toast(world.page, 'Information updated successfully')).toBeVisible();
      const { invitee, error } = snapshot.context;
      await expect(form.field('Contact Email')).toHaveValue(invitee ? world.typedEmail : '');
      await form.expectError(error);
      if (error) await expect(toast(world.page, 'Failed to send Invite')).toBeVisible();
    },
    'clientOnboarding.sendingInvite': async ({ world }) => {
      await inviteForm(world.page).expectBusy();
    },
    'clientOnboarding.done': async ({ world }) => {
      await expect(toast(world.page, 'Invite sent successfully')).toBeVisible();
      await clientPage(world.page).expectInvitation(world.clientId ?? '', world.invitee.email);
    },
  },

  events: {
    'logo.choose': async ({ world }) => {
      await new CompanyFormPage(world.page).uploadLogo(logo);
    },
    'logo.remove': async ({ world }) => {
      await companyForm(world.page).removeLogo();
    },
    'company.submit': async ({ world, outcome }) => {
      const form = new CompanyFormPage(world.page);
      // The server refuses a second client with an ABN it already has (Harbour Build Co's).
      const refused = outcome(world.revisit ? 'updateCompany' : 'createCompany') === 'error';
      await form.fill({ ...world.company, abn: refused ? harbourAbn : world.company.abn });
      world.held = world.revisit
        ? await HeldRequest.hold(world.page, 'PUT', new RegExp(`/api/company/${world.clientId}$`))
        : await HeldRequest.hold(world.page, 'POST', /\/api\/company$/);
      await form.submit('Next').click();
      await world.held.arrived();
    },
    // The picker uploaded the logo when it was chosen; the flow reuses that upload without a call.
    'xstate.done.actor.uploadLogo': async () => undefined,
    'xstate.done.actor.createCompany': ({ world }) => release(world),
    'xstate.error.actor.createCompany': ({ world }) => release(world),
    // Step 1 reads the client by itself as it opens.
    'xstate.done.actor.loadCompany': async () => undefined,
    'xstate.done.actor.updateCompany': ({ world }) => release(world),
    'xstate.error.actor.updateCompany': ({ world }) => release(world),
    'invite.submit': async ({ world, outcome }) => {
      const form = inviteForm(world.page);
      // The server refuses to invite someone who already works for another company.
      world.typedEmail = outcome('sendInvite') === 'error' ? 'admin@ridgeline.demo' : world.invitee.email;
      await form.fill({ ...world.invitee, email: world.typedEmail });
      world.held = await HeldRequest.hold(world.page, 'POST', /\/api\/user\/invite$/);
      await form.send.click();
      await world.held.arrived();
    },
    'xstate.done.actor.sendInvite': ({ world }) => release(world),
    'xstate.error.actor.sendInvite': ({ world }) => release(world),
  },

  excluded: {
    states: {
      'clientOnboarding.resuming': 'an eventless decision: the form it leads to is checked',
    },
    events: {
      'logo.progress':
        'the picker uploads the logo as soon as it is chosen and hands the flow its reference: the flow never uploads, so it has no progress to report',
      'xstate.error.actor.loadCompany':
        'a client deleted between Next and Back: the machine tests cover the fall back to a new client; the browser would need a client deleted mid-path',
      'xstate.error.actor.uploadLogo':
        'the picker uploads the logo as soon as it is chosen and hands the flow its reference: the flow never uploads, so its upload cannot fail',
    },
  },
});
