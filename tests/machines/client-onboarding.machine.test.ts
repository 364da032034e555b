import { describe, expect, test } from 'vitest';
import { createActor, type EventFromLogic } from 'xstate';
import {
  clientOnboardingMachine,
  type ClientOnboardingEmitted,
  type ClientOnboardingInput,
  type CompanyFields,
  type CreatedCompany,
  type InviteeFields,
  type UpdateCompanyInput,
  type UploadLogoInput,
} from '../../machines/client-onboarding.machine';
import * as Onboarding from '../../machines/client-onboarding.selectors';
import type { Company, CompanyImageReference, CompanyInput } from '../../src/domain/company';
import type { InviteInput, InviteResponse } from '../../src/domain/invite';
import { modelPaths } from '../support/machine-paths';
import { replayPath, ScriptedActors, TransitionCoverage, type Rig } from './model-coverage';

type OnboardingEvent = EventFromLogic<typeof clientOnboardingMachine> | { type: string; [key: string]: unknown };

const company: CompanyFields = {
  name: 'Harbour Constructions',
  abn: '51 824 753 556',
  buildersRegNumber: 'BR-20931',
  phone: '0298765432',
  email: 'office@harbour.example',
  address: '1 George St, Sydney NSW 2000',
  postalAddress: 'PO Box 12, Sydney NSW 2001',
};
const invitee: InviteeFields = { firstName: 'Priya', surname: 'Shah', email: 'priya@harbour.example', phone: '0412345678' };
const logoFile = new File(['png'], 'harbour-logo.png', { type: 'image/png' });
const uploadedLogo: CompanyImageReference = { friendlyName: 'harbour-logo.png', fileKey: 'f3a9.png', type: 'companyProfile' };
const createdClientId = '0d5b4c1e-7a2f-4f7e-9a57-2b1c8e4d6f10';
const existingClientId = '9c1e2d3f-4a5b-4c6d-8e7f-001122334455';
const storedClient: Company = {
  _id: createdClientId,
  ...company,
  abn: '51824753556',
  image: { ...uploadedLogo, url: 'https://blob.example/f3a9.png' },
} as Company;
const inviteAnswer: InviteResponse = {
  userRole: { _id: 'role-1' },
  firstName: invitee.firstName,
  surname: invitee.surname,
  contactEmail: invitee.email,
  role: 'CompanyAdmin',
};

const sampleEvents: Record<string, OnboardingEvent[]> = {
  'logo.choose': [{ type: 'logo.choose', file: logoFile }],
  'logo.remove': [{ type: 'logo.remove' }],
  'logo.progress': [{ type: 'logo.progress', fraction: 0.4 }],
  'company.submit': [{ type: 'company.submit', company }],
  'invite.submit': [{ type: 'invite.submit', invitee }],
  'xstate.done.actor.uploadLogo': [{ type: 'xstate.done.actor.uploadLogo', output: uploadedLogo }],
  'xstate.error.actor.uploadLogo': [{ type: 'xstate.error.actor.uploadLogo', error: new Error('A .png or .jpg file is required') }],
  'xstate.done.actor.createCompany': [{ type: 'xstate.done.actor.createCompany', output: { _id: createdClientId } }],
  'xstate.error.actor.createCompany': [
    { type: 'xstate.error.actor.createCompany', error: new Error('A company with this ABN already exists') },
  ],
  'xstate.done.actor.loadCompany': [{ type: 'xstate.done.actor.loadCompany', output: storedClient }],
  'xstate.error.actor.loadCompany': [{ type: 'xstate.error.actor.loadCompany', error: new Error('This company does not exist') }],
  'xstate.done.actor.updateCompany': [{ type: 'xstate.done.actor.updateCompany', output: storedClient }],
  'xstate.error.actor.updateCompany': [{ type: 'xstate.error.actor.updateCompany', error: new Error('Phone Number: a valid phone number is required') }],
  'xstate.done.actor.sendInvite': [{ type: 'xstate.done.actor.sendInvite', output: inviteAnswer }],
  'xstate.error.actor.sendInvite': [
    { type: 'xstate.error.actor.sendInvite', error: new Error('This email already belongs to an employee of this company') },
  ],
};

const inputs: (ClientOnboardingInput | undefined)[] = [undefined, { clientId: existingClientId }, { createdClientId }];

interface OnboardingRig extends Rig<typeof clientOnboardingMachine> {
  toasts: ClientOnboardingEmitted[];
  seen: number;
}

function describeOnboardingEvent({ type, ...fields }: { type: string; [key: string]: unknown }): string {
  if (fields.error instanceof Error) return `${type} (${fields.error.message})`;
  return type;
}

const coverage = new TransitionCoverage(clientOnboardingMachine);
const paths = modelPaths(clientOnboardingMachine, { inputs, events: sampleEvents, describeEvent: describeOnboardingEvent });

const toast = (tone: 'success' | 'error', message: string) => ({ type: 'toast', tone, message });

describe('client onboarding machine, model-based', () => {
  test.for(paths.map((path) => [`${path.input ? 'existing client' : 'new client'}: ${path.description}`, path] as const))(
    '%s',
    async ([, path]) => {
      const rig = await replayPath<typeof clientOnboardingMachine, OnboardingRig>(path, {
        coverage,
        createRig: ({ input, scripted, clock, inspect }) => {
          const machine = clientOnboardingMachine.provide({
            actors: {
              uploadLogo: scripted.logic<CompanyImageReference, UploadLogoInput>(),
              loadCompany: scripted.logic<Company, { companyId: string }>(),
              createCompany: scripted.logic<CreatedCompany, CompanyInput>(),
              updateCompany: scripted.logic<Company, UpdateCompanyInput>(),
              sendInvite: scripted.logic<InviteResponse, InviteInput>(),
            },
          });
          const actor = createActor(machine, { input, inspect });
          const current: OnboardingRig = { actor, scripted, clock, toasts: [], seen: 0 };
          actor.on('toast', (emitted) => current.toasts.push(emitted));
          return current;
        },
        check: (rig, step, previous) => {
          const snapshot = rig.actor.getSnapshot();
          const { context } = snapshot;
          const toasts = rig.toasts.slice(rig.seen);
          rig.seen = rig.toasts.length;
          const { event } = step;

          const id = context.clientId;
          const companyStep = ['loadingCompany', 'editingCompany', 'uploadingLogo', 'creatingCompany', 'updatingCompany'].some((state) => snapshot.matches(state as never));
          expect(Onboarding.path(snapshot)).toBe(
            id === null
              ? '/clients/create'
              : companyStep
                ? `/clients/create?client=${id}`
                : snapshot.status === 'done'
                  ? `/clients/${id}`
                  : `/clients/${id}/employees/add`,
          );
          expect(Onboarding.isBusy(snapshot)).toBe(
            ['uploadingLogo', 'creatingCompany', 'updatingCompany', 'sendingInvite'].some((state) => snapshot.matches(state as never)),
          );
          expect(Onboarding.isLoading(snapshot)).toBe(snapshot.matches('loadingCompany'));
          if (snapshot.matches('editingCompany') && id !== null) {
            expect(Onboarding.existingClient(snapshot), 'Back to step 1 shows the client that exists').toEqual(storedClient);
            expect(Onboarding.companyValues(snapshot)).not.toBeNull();
          }
          if (snapshot.matches('creatingCompany')) expect(id, 'a client that exists is never created again').toBeNull();
          if (snapshot.matches('updatingCompany') && !previous?.state.matches('updatingCompany')) {
            const update = rig.scripted.lastInput('updateCompany') as UpdateCompanyInput;
            expect(update.companyId).toBe(createdClientId);
            expect(update.input).toEqual(
              context.uploadedLogo ? { ...context.company, image: context.uploadedLogo } : context.logoRemoved ? { ...context.company, image: null } : context.company,
            );
          }
          expect(Onboarding.isUploadingLogo(snapshot)).toBe(snapshot.matches('uploadingLogo'));
          expect(Onboarding.logoProgressPercent(snapshot)).toBe(snapshot.matches('uploadingLogo') ? Math.round((context.logoProgress ?? 0) * 100) : null);

          if (snapshot.matches('uploadingLogo') && !previous?.state.matches('uploadingLogo')) {
            expect(rig.scripted.lastInput('uploadLogo')).toMatchObject({ file: logoFile });
          }
          if (snapshot.matches('creatingCompany') && !previous?.state.matches('creatingCompany')) {
            const logoChosen = context.logo !== null;
            expect(rig.scripted.lastInput('createCompany'), 'the uploaded logo goes with the company').toEqual(
              logoChosen ? { ...company, image: uploadedLogo } : company,
            );
          }
          if (snapshot.matches('sendingInvite') && !previous?.state.matches('sendingInvite')) {
            expect(rig.scripted.lastInput('sendInvite')).toEqual({ ...invitee, companyId: id, role: 'CompanyAdmin' });
          }

          const toastsFor: Record<string, ReturnType<typeof toast>[]> = {
            'xstate.done.actor.createCompany': [toast('success', 'Client added successfully')],
            'xstate.error.actor.createCompany': [toast('error', 'A company with this ABN already exists')],
            'xstate.error.actor.uploadLogo': [toast('error', 'A .png or .jpg file is required')],
            'xstate.done.actor.updateCompany': [toast('success', 'Information updated successfully')],
            'xstate.error.actor.updateCompany': [toast('error', 'Phone Number: a valid phone number is required')],
            'xstate.done.actor.sendInvite': [toast('success', 'Invite sent successfully')],
            'xstate.error.actor.sendInvite': [toast('error', 'Failed to send Invite')],
          };
          expect(toasts).toEqual(toastsFor[event.type] ?? []);

          if (event.type.startsWith('xstate.error.actor.') && event.type !== 'xstate.error.actor.loadCompany') {
            expect(Onboarding.error(snapshot), "the server's message stays beside the form").toBe((event as unknown as { error: Error }).error.message);
            expect(context.company, 'nothing the user entered is lost').toEqual(previous?.state.context.company);
            expect(context.invitee).toEqual(previous?.state.context.invitee);
            expect(context.logo).toBe(previous?.state.context.logo);
          }
          if (event.type === 'company.submit' || event.type === 'invite.submit') expect(Onboarding.error(snapshot)).toBeNull();
          if (snapshot.matches('editingCompany')) expect(Onboarding.step(snapshot)).toBe('company');
          if (snapshot.matches('invitingAdmin')) expect(Onboarding.step(snapshot)).toBe('admin');
        },
      });

      const end = rig.actor.getSnapshot();
      if (end.status === 'done') {
        const clientId = path.input?.clientId ? existingClientId : createdClientId;
        expect(end.output).toEqual({ clientId, to: `/clients/${clientId}` });
        expect(Onboarding.step(end)).toBe('done');
      }
    },
  );

  test('every state and transition of the onboarding machine is exercised', () => {
    coverage.assertComplete('clientOnboarding');
  });
});

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function startOnboarding(input?: ClientOnboardingInput) {
  const scripted = new ScriptedActors();
  const toasts: ClientOnboardingEmitted[] = [];
  const actor = createActor(
    clientOnboardingMachine.provide({
      actors: {
        uploadLogo: scripted.logic<CompanyImageReference, UploadLogoInput>(),
        loadCompany: scripted.logic<Company, { companyId: string }>(),
        createCompany: scripted.logic<CreatedCompany, CompanyInput>(),
        updateCompany: scripted.logic<Company, UpdateCompanyInput>(),
        sendInvite: scripted.logic<InviteResponse, InviteInput>(),
      },
    }),
    { input },
  );
  actor.on('toast', (emitted) => toasts.push(emitted));
  actor.start();
  return { actor, scripted, toasts, snapshot: () => actor.getSnapshot() };
}

describe('client onboarding, the super user’s story', () => {
  test('create with a logo, land on Create Admin User, invite, then the client page', async () => {
    const { actor, scripted, toasts, snapshot } = startOnboarding();
    expect(Onboarding.path(snapshot())).toBe('/clients/create');
    actor.send({ type: 'logo.choose', file: logoFile });
    actor.send({ type: 'company.submit', company });

    const upload = scripted.lastInput('uploadLogo') as UploadLogoInput;
    upload.onProgress(0.25);
    expect(Onboarding.logoProgressPercent(snapshot())).toBe(25);
    upload.onProgress(1.2);
    expect(Onboarding.logoProgressPercent(snapshot())).toBe(100);
    scripted.resolve('uploadLogo', uploadedLogo);
    await settle();
    expect(Onboarding.logoProgressPercent(snapshot())).toBeNull();
    expect(scripted.lastInput('createCompany')).toEqual({ ...company, image: uploadedLogo });

    scripted.resolve('createCompany', { _id: createdClientId });
    await settle();
    expect(Onboarding.path(snapshot())).toBe(`/clients/${createdClientId}/employees/add`);
    expect(toasts).toEqual([toast('success', 'Client added successfully')]);

    actor.send({ type: 'invite.submit', invitee });
    scripted.resolve('sendInvite', inviteAnswer);
    await settle();
    expect(Onboarding.path(snapshot())).toBe(`/clients/${createdClientId}`);
    expect(snapshot().output).toEqual({ clientId: createdClientId, to: `/clients/${createdClientId}` });
    expect(toasts.at(-1)).toEqual(toast('success', 'Invite sent successfully'));
  });

  test('a failed create keeps the form and the uploaded logo; the retry does not upload again', async () => {
    const { actor, scripted, snapshot } = startOnboarding();
    actor.send({ type: 'logo.choose', file: logoFile });
    actor.send({ type: 'company.submit', company });
    scripted.resolve('uploadLogo', uploadedLogo);
    await settle();
    scripted.reject('createCompany', new Error('A company with this ABN already exists'));
    await settle();
    expect(snapshot().value).toBe('editingCompany');
    expect(Onboarding.companyValues(snapshot())).toEqual(company);
    expect(Onboarding.logo(snapshot())).toBe(logoFile);
    expect(Onboarding.error(snapshot())).toBe('A company with this ABN already exists');

    const fixed = { ...company, abn: '53 004 085 616' };
    actor.send({ type: 'company.submit', company: fixed });
    expect(snapshot().value).toBe('creatingCompany');
    expect(scripted.calls.filter((call) => call.id === 'uploadLogo')).toHaveLength(1);
    expect(scripted.lastInput('createCompany')).toEqual({ ...fixed, image: uploadedLogo });
  });

  test('choosing another logo after an upload uploads the new one', async () => {
    const { actor, scripted, snapshot } = startOnboarding();
    actor.send({ type: 'logo.choose', file: logoFile });
    actor.send({ type: 'company.submit', company });
    scripted.resolve('uploadLogo', uploadedLogo);
    await settle();
    scripted.reject('createCompany', new Error('Something went wrong :('));
    await settle();
    const other = new File(['jpg'], 'new-logo.jpg', { type: 'image/jpeg' });
    actor.send({ type: 'logo.choose', file: other });
    actor.send({ type: 'company.submit', company });
    expect(snapshot().value).toBe('uploadingLogo');
    expect(scripted.lastInput('uploadLogo')).toMatchObject({ file: other });
  });

  test('without a logo the company is created without an image', () => {
    const { actor, scripted } = startOnboarding();
    actor.send({ type: 'logo.choose', file: logoFile });
    actor.send({ type: 'logo.remove' });
    actor.send({ type: 'company.submit', company });
    expect(scripted.lastInput('createCompany')).toEqual(company);
  });

  test('a client left without an admin resumes at the invite', async () => {
    const { actor, scripted, toasts, snapshot } = startOnboarding({ clientId: existingClientId });
    expect(snapshot().value).toBe('invitingAdmin');
    expect(Onboarding.path(snapshot())).toBe(`/clients/${existingClientId}/employees/add`);

    actor.send({ type: 'invite.submit', invitee });
    scripted.reject('sendInvite', new Error('This email already belongs to an employee of this company'));
    await settle();
    expect(snapshot().value).toBe('invitingAdmin');
    expect(Onboarding.inviteeValues(snapshot())).toEqual(invitee);
    expect(Onboarding.error(snapshot())).toBe('This email already belongs to an employee of this company');
    expect(toasts).toEqual([toast('error', 'Failed to send Invite')]);
  });

  test('step 1 names the created client, and Back to it shows that client and updates it rather than creating again', async () => {
    const first = startOnboarding();
    first.actor.send({ type: 'company.submit', company });
    first.scripted.resolve('createCompany', { _id: createdClientId });
    await settle();
    expect(Onboarding.companyPath(first.snapshot())).toBe(`/clients/create?client=${createdClientId}`);

    const { actor, scripted, toasts, snapshot } = startOnboarding({ createdClientId });
    expect(Onboarding.isLoading(snapshot())).toBe(true);
    expect(Onboarding.step(snapshot())).toBe('company');
    expect(scripted.lastInput('loadCompany')).toEqual({ companyId: createdClientId });
    scripted.resolve('loadCompany', storedClient);
    await settle();
    expect(snapshot().value).toBe('editingCompany');
    expect(Onboarding.companyValues(snapshot())).toEqual({ ...company, abn: '51824753556' });
    expect(Onboarding.existingClient(snapshot())?.image?.fileKey).toBe(uploadedLogo.fileKey);

    const changed = { ...company, phone: '0299990000' };
    actor.send({ type: 'company.submit', company: changed });
    expect(snapshot().value).toBe('updatingCompany');
    expect(scripted.calls.filter((call) => call.id === 'createCompany')).toHaveLength(0);
    expect(scripted.lastInput('updateCompany')).toEqual({ companyId: createdClientId, input: changed });
    scripted.resolve('updateCompany', { ...storedClient, phone: '0299990000' });
    await settle();
    expect(Onboarding.path(snapshot())).toBe(`/clients/${createdClientId}/employees/add`);
    expect(toasts).toEqual([toast('success', 'Information updated successfully')]);
  });

  test('removing the stored logo after Back sends null, which removes it', async () => {
    const { actor, scripted } = startOnboarding({ createdClientId });
    scripted.resolve('loadCompany', storedClient);
    await settle();
    actor.send({ type: 'logo.remove' });
    actor.send({ type: 'company.submit', company });
    expect(scripted.lastInput('updateCompany')).toEqual({ companyId: createdClientId, input: { ...company, image: null } });
  });

  test('an unprovided call fails into the form with its message', async () => {
    const actor = createActor(clientOnboardingMachine).start();
    actor.send({ type: 'company.submit', company });
    await settle();
    expect(Onboarding.error(actor.getSnapshot())).toBe('createCompany must be provided');
  });
});
