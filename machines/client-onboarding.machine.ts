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
}

export interface ClientOnboardingContext {
  readonly clientId: string | null;
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

export type ClientOnboardingEmitted = { type: 'toast'; tone: 'success' | 'error'; message: string };

export interface ClientOnboardingOutput {
  readonly clientId: string;
  /** The client page. */
  readonly to: string;
}

/** Spec §8 and DESIGN.md messages of the flow. */
export const clientOnboardingMessages = {
  clientAdded: 'Client added successfully',
  inviteSent: 'Invite sent successfully',
  inviteFailed: 'Failed to send Invite',
  /** When a failed create answers no text. */
  createFailed: 'Something went wrong :(',
  logoFailed: companyMessages.logoUploadAgain,
} as const;

export const createClientPath = '/clients/create';
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
    tags: 'busy' | 'uploading';
  },
  actors: {
    uploadLogo: fromPromise<CompanyImageReference, UploadLogoInput>(mustBeProvided('uploadLogo')),
    createCompany: fromPromise<CreatedCompany, CompanyInput>(mustBeProvided('createCompany')),
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
    needsLogoUpload: ({ context }) => context.logo !== null && context.uploadedLogo === null,
  },
}).createMachine({
  id: 'clientOnboarding',
  description:
    "A super user creates a client company, lands on 'Create Admin User' for it and invites its first admin; then the client page.",
  context: ({ input }) => ({
    clientId: (input ? input.clientId : null) ?? null,
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
      description: 'A client that exists but has no admin yet (the client page offers the invite) starts at the invite.',
      always: [{ guard: 'hasClient', target: 'invitingAdmin' }, { target: 'editingCompany' }],
    },
    editingCompany: {
      description: "'Create New Client' at /clients/create. The logo is optional.",
      on: {
        'logo.choose': {
          description: 'A new file replaces any uploaded one.',
          actions: assign({ logo: ({ event }) => event.file, uploadedLogo: null }),
        },
        'logo.remove': { actions: assign({ logo: null, uploadedLogo: null }) },
        'company.submit': [
          {
            description: 'Next: the chosen logo goes to blob storage first.',
            guard: 'needsLogoUpload',
            target: 'uploadingLogo',
            actions: { type: 'rememberCompany', params: ({ event }) => event },
          },
          { target: 'creatingCompany', actions: { type: 'rememberCompany', params: ({ event }) => event } },
        ],
      },
    },
    uploadingLogo: {
      description: 'POST file for a SAS URL, then the file straight to blob storage, with a progress bar.',
      tags: ['busy', 'uploading'],
      entry: assign({ logoProgress: 0 }),
      invoke: {
        id: 'uploadLogo',
        src: 'uploadLogo',
        input: ({ context, self }) => {
          if (!context.logo) throw new Error('Only a chosen logo is uploaded');
          return { file: context.logo, onProgress: (fraction: number) => self.send({ type: 'logo.progress', fraction }) };
        },
        onDone: {
          target: 'creatingCompany',
          actions: assign({ uploadedLogo: ({ event }) => event.output, logoProgress: null }),
        },
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
    creatingCompany: {
      description: 'POST company.',
      tags: ['busy'],
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
