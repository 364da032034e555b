import { assign, emit, fromPromise, setup } from 'xstate';
import { companyMessages, type Company, type CompanyImageReference, type CompanyInput } from '../src/domain/company';
import type { InviteInput, InviteResponse } from '../src/domain/invite';
import { serverMessage } from './server-message';
import { mustBeProvided } from './must-be-provided';

/** The company form's fields; the logo travels separately, as a file to upload. */
export type CompanyFields = Omit<CompanyInput, 'image'>;

/** The 'Create Admin User' form's fields; the company and the role come from the flow. */
export type InviteeFields = Pick<InviteInput, 'firstName' | 'surname' | 'email' | 'phone'>;

export interface ClientOnboardingInput {
  /** An existing client with no admin yet: the flow starts at the admin invite. */
  readonly clientId?: string | null;
  /** Back from the admin invite to step 1 of a client this flow created: step 1 edits it (issue 55 §7). */
  readonly createdClientId?: string | null;
}

export interface ClientOnboardingContext {
  readonly clientId: string | null;
  /** Started by Back from the invite: step 1 reads the client it created. */
  readonly revisiting: boolean;
  /** The client as read when step 1 is revisited: the form shows it and Next updates it. */
  readonly existing: Company | null;
  /** A revisited client's stored logo was removed in the form. */
  readonly logoRemoved: boolean;
  /** The company form as last submitted: it prefills the form after a failure. */
  readonly company: CompanyFields | null;
  /** The chosen logo, uploaded when the form is submitted. */
  readonly logo: File | null;
  /** The chosen logo once uploaded: a retry after a failed create does not upload it again. */
  readonly uploadedLogo: CompanyImageReference | null;
  /** 0 to 1 while the logo uploads. */
  readonly logoProgress: number | null;
  /** The admin invite form as last submitted. */
  readonly invitee: InviteeFields | null;
  /** The last failure's message, shown with the form. */
  readonly error: string | null;
}

export type ClientOnboardingEvent =
  | { type: 'logo.choose'; file: File }
  | { type: 'logo.remove' }
  | { type: 'logo.progress'; fraction: number }
  | { type: 'company.submit'; company: CompanyFields }
  | { type: 'invite.submit'; invitee: InviteeFields };

export interface UploadLogoInput {
  readonly file: File;
  /** Call with 0 to 1 as bytes reach blob storage; it sends 'logo.progress' to the flow. */
  readonly onProgress: (fraction: number) => void;
}

export type CreatedCompany = Pick<Company, '_id'>;

export interface UpdateCompanyInput {
  readonly companyId: string;
  readonly input: CompanyInput;
}

/** The form's fields of a stored company. */
const companyFieldsOf = ({ name, abn, buildersRegNumber, phone, email, address, postalAddress }: Company): CompanyFields => ({
  name,
  abn,
  buildersRegNumber,
  phone,
  email,
  address,
  postalAddress,
});

export type ClientOnboardingEmitted = { type: 'toast'; tone: 'success' | 'error'; message: string };

export interface ClientOnboardingOutput {
  readonly clientId: string;
  /** The client page. */
  readonly to: string;
}

/** Spec §8 and DESIGN.md messages of the flow. */
const clientOnboardingMessages = {
  clientAdded: 'Client added successfully',
  clientUpdated: 'Information updated successfully',
  inviteSent: 'Invite sent successfully',
  inviteFailed: 'Failed to send Invite',
  /** When a failed create answers no text. */
  createFailed: 'Something went wrong :(',
  logoFailed: companyMessages.logoUploadAgain,
} as const;

export const createClientPath = '/clients/create';
/** Step 1 of a client the flow created: Back from the invite returns here. */
export const createdClientPath = (clientId: string) => `${createClientPath}?client=${encodeURIComponent(clientId)}`;
export const inviteAdminPath = (clientId: string) => `/clients/${clientId}/employees/add`;
export const clientPath = (clientId: string) => `/clients/${clientId}`;

const clamp = (fraction: number) => Math.min(1, Math.max(0, fraction));

/** The design card client-create-then-invite-admin: create the company, then invite its first admin. */
export const clientOnboardingMachine = setup({
  types: {} as {
    context: ClientOnboardingContext;
    events: ClientOnboardingEvent;
    // void keeps the input optional for createActor (XState drops a plain `| undefined`).
    input: ClientOnboardingInput | void;
    output: ClientOnboardingOutput;
    emitted: ClientOnboardingEmitted;
    tags: 'busy' | 'uploading' | 'loading' | 'companyStep';
  },
  actors: {
    uploadLogo: fromPromise<CompanyImageReference, UploadLogoInput>(mustBeProvided('uploadLogo')),
    loadCompany: fromPromise<Company, { companyId: string }>(mustBeProvided('loadCompany')),
    createCompany: fromPromise<CreatedCompany, CompanyInput>(mustBeProvided('createCompany')),
    updateCompany: fromPromise<Company, UpdateCompanyInput>(mustBeProvided('updateCompany')),
    sendInvite: fromPromise<InviteResponse, InviteInput>(mustBeProvided('sendInvite')),
  },
  actions: {
    rememberCompany: assign((_, { company }: { company: CompanyFields }) => ({ company, error: null })),
    rememberInvitee: assign((_, { invitee }: { invitee: InviteeFields }) => ({ invitee, error: null })),
    rememberFailure: assign((_, { message }: { message: string }) => ({ error: message, logoProgress: null })),
    toastSuccess: emit((_, { message }: { message: string }) => ({ type: 'toast', tone: 'success', message }) as const),
    toastFailure: emit((_, { message }: { message: string }) => ({ type: 'toast', tone: 'error', message }) as const),
  },
  guards: {
    hasClient: ({ context }) => context.clientId !== null,
    isRevisit: ({ context }) => context.clientId !== null && context.existing === null && context.revisiting,
    needsLogoUpload: ({ context }) => context.logo !== null && context.uploadedLogo === null,
  },
}).createMachine({
  id: 'clientOnboarding',
  description:
    "A super user creates a client company, lands on 'Create Admin User' for it and invites its first admin; then the client page.",
  context: ({ input }) => ({
    clientId: (input ? (input.createdClientId ?? input.clientId) : null) ?? null,
    revisiting: Boolean(input?.createdClientId),
    existing: null,
    logoRemoved: false,
    company: null,
    logo: null,
    uploadedLogo: null,
    logoProgress: null,
    invitee: null,
    error: null,
  }),
  initial: 'resuming',
  output: ({ context }) => ({ clientId: context.clientId ?? '', to: clientPath(context.clientId ?? '') }),
  states: {
    resuming: {
      description:
        'A client that exists but has no admin yet (the client page offers the invite) starts at the invite; Back from the invite to a client this flow created reads it for step 1.',
      always: [{ guard: 'isRevisit', target: 'loadingCompany' }, { guard: 'hasClient', target: 'invitingAdmin' }, { target: 'editingCompany' }],
    },
    loadingCompany: {
      description: 'GET company/{id}: step 1 shows the client that exists, to edit rather than create again.',
      tags: ['loading', 'companyStep'],
      invoke: {
        id: 'loadCompany',
        src: 'loadCompany',
        input: ({ context }) => ({ companyId: context.clientId ?? '' }),
        onDone: {
          target: 'editingCompany',
          actions: assign(({ event }) => ({ existing: event.output, company: companyFieldsOf(event.output) })),
        },
        onError: {
          description: 'The client cannot be read (deleted meanwhile): step 1 creates a new one.',
          target: 'editingCompany',
          actions: assign(({ event }) => ({ clientId: null, error: serverMessage(event.error, clientOnboardingMessages.createFailed) })),
        },
      },
    },
    editingCompany: {
      description: "'Create New Client' at /clients/create, or the client it created when Back returns here. The logo is optional.",
      tags: ['companyStep'],
      on: {
        'logo.choose': {
          description: 'A new file replaces any uploaded one.',
          actions: assign({ logo: ({ event }) => event.file, uploadedLogo: null, logoRemoved: false }),
        },
        'logo.remove': { actions: assign({ logo: null, uploadedLogo: null, logoRemoved: true }) },
        'company.submit': [
          {
            description: 'Next: the chosen logo goes to blob storage first.',
            guard: 'needsLogoUpload',
            target: 'uploadingLogo',
            actions: { type: 'rememberCompany', params: ({ event }) => event },
          },
          {
            description: 'Next on a client that exists: it is updated, never created again.',
            guard: 'hasClient',
            target: 'updatingCompany',
            actions: { type: 'rememberCompany', params: ({ event }) => event },
          },
          { target: 'creatingCompany', actions: { type: 'rememberCompany', params: ({ event }) => event } },
        ],
      },
    },
    uploadingLogo: {
      description: 'POST file for a SAS URL, then the file straight to blob storage, with a progress bar.',
      tags: ['busy', 'uploading', 'companyStep'],
      entry: assign({ logoProgress: 0 }),
      invoke: {
        id: 'uploadLogo',
        src: 'uploadLogo',
        input: ({ context, self }) => {
          if (!context.logo) throw new Error('Only a chosen logo is uploaded');
          return { file: context.logo, onProgress: (fraction: number) => self.send({ type: 'logo.progress', fraction }) };
        },
        onDone: [
          { guard: 'hasClient', target: 'updatingCompany', actions: assign({ uploadedLogo: ({ event }) => event.output, logoProgress: null }) },
          { target: 'creatingCompany', actions: assign({ uploadedLogo: ({ event }) => event.output, logoProgress: null }) },
        ],
        onError: {
          description: 'The form comes back as it was, the logo still chosen.',
          target: 'editingCompany',
          actions: [
            {
              type: 'rememberFailure',
              params: ({ event }) => ({ message: serverMessage(event.error, clientOnboardingMessages.logoFailed) }),
            },
            {
              type: 'toastFailure',
              params: ({ event }) => ({ message: serverMessage(event.error, clientOnboardingMessages.logoFailed) }),
            },
          ],
        },
      },
      on: {
        'logo.progress': { actions: assign({ logoProgress: ({ event }) => clamp(event.fraction) }) },
      },
    },
    updatingCompany: {
      description: 'PUT company/{id}: the client step 1 created, as changed after Back; then the invite again.',
      tags: ['busy', 'companyStep'],
      invoke: {
        id: 'updateCompany',
        src: 'updateCompany',
        input: ({ context }) => {
          if (!context.company || !context.clientId) throw new Error('Only a submitted company that exists is updated');
          const image = context.uploadedLogo ?? (context.logoRemoved ? null : undefined);
          return { companyId: context.clientId, input: image === undefined ? context.company : { ...context.company, image } };
        },
        onDone: {
          target: 'invitingAdmin',
          actions: [
            assign({ existing: ({ event }) => event.output }),
            { type: 'toastSuccess', params: { message: clientOnboardingMessages.clientUpdated } },
          ],
        },
        onError: {
          description: "Spec §8: the error toast shows the server's message; the form keeps every value.",
          target: 'editingCompany',
          actions: [
            {
              type: 'rememberFailure',
              params: ({ event }) => ({ message: serverMessage(event.error, clientOnboardingMessages.createFailed) }),
            },
            {
              type: 'toastFailure',
              params: ({ event }) => ({ message: serverMessage(event.error, clientOnboardingMessages.createFailed) }),
            },
          ],
        },
      },
    },
    creatingCompany: {
      description: 'POST company.',
      tags: ['busy', 'companyStep'],
      invoke: {
        id: 'createCompany',
        src: 'createCompany',
        input: ({ context }) => {
          if (!context.company) throw new Error('Only a submitted company is created');
          return context.uploadedLogo ? { ...context.company, image: context.uploadedLogo } : context.company;
        },
        onDone: {
          description: "Spec §2: on success, 'Create Admin User' at /clients/{clientId}/employees/add.",
          target: 'invitingAdmin',
          actions: [
            assign({ clientId: ({ event }) => event.output._id }),
            { type: 'toastSuccess', params: { message: clientOnboardingMessages.clientAdded } },
          ],
        },
        onError: {
          description: "Spec §8: the error toast shows the server's message; the form keeps every value.",
          target: 'editingCompany',
          actions: [
            {
              type: 'rememberFailure',
              params: ({ event }) => ({ message: serverMessage(event.error, clientOnboardingMessages.createFailed) }),
            },
            {
              type: 'toastFailure',
              params: ({ event }) => ({ message: serverMessage(event.error, clientOnboardingMessages.createFailed) }),
            },
          ],
        },
      },
    },
    invitingAdmin: {
      description: "'Create Admin User' at /clients/{clientId}/employees/add: the client's first CompanyAdmin.",
      on: {
        'invite.submit': {
          target: 'sendingInvite',
          actions: { type: 'rememberInvitee', params: ({ event }) => event },
        },
      },
    },
    sendingInvite: {
      description: 'POST user/invite with the role CompanyAdmin.',
      tags: ['busy'],
      invoke: {
        id: 'sendInvite',
        src: 'sendInvite',
        input: ({ context }) => {
          if (!context.invitee || !context.clientId) throw new Error('Only a submitted invite for a client is sent');
          return { ...context.invitee, companyId: context.clientId, role: 'CompanyAdmin' as const };
        },
        onDone: {
          target: 'done',
          actions: { type: 'toastSuccess', params: { message: clientOnboardingMessages.inviteSent } },
        },
        onError: {
          description: "Spec §8 'Failed to send Invite'; the server's reason stays beside the form, which keeps every value.",
          target: 'invitingAdmin',
          actions: [
            {
              type: 'rememberFailure',
              params: ({ event }) => ({ message: serverMessage(event.error, clientOnboardingMessages.inviteFailed) }),
            },
            { type: 'toastFailure', params: { message: clientOnboardingMessages.inviteFailed } },
          ],
        },
      },
    },
    done: {
      type: 'final',
      description: 'Spec §4: after inviting a CompanyAdmin the user goes to the client page, which lists the invitation.',
    },
  },
});
