import { assign, emit, fromPromise, setup } from 'xstate';
import { refusedField } from '../src/domain/refused-field';
import { serverMessage } from './server-message';
import type { Profile, ProfileUpdate } from '../src/domain/profile';
import type { Role } from '../src/domain/roles';
import { mustBeProvided, actionMustBeProvided } from './must-be-provided';
import { blankProfileForm, checkProfileForm, formValuesOf, personalFields, businessFields, type ProfileField, type ProfileFormValues } from '../src/domain/profile-form';

export interface ProfileEditorInput {
  /** The profile id in the address; the form refuses someone else's profile. Absent for /profile/create. */
  readonly profileId: string | null;
}

export interface ProfileEditorContext {
  readonly profileId: string | null;
  readonly profile: Profile | null;
  readonly values: ProfileFormValues;
  readonly touched: readonly ProfileField[];
  /** The server's reason the last save was refused; shown beside the field it names until that field changes. */
  readonly error: string | null;
}

/** Tells the view to bring the first field with a message into sight (issue 55 §5). */
export type ProfileEditorEmitted = { type: 'form.refused' };

export type ProfileEditorEvent =
  | { type: 'field.change'; field: ProfileField; value: string }
  | { type: 'field.blur'; field: ProfileField }
  | { type: 'form.submit' };

export const profileFields: readonly ProfileField[] = [...personalFields, ...businessFields];

const answered = (context: ProfileEditorContext, field: ProfileField) => (refusedField(context.error, profileFields) === field ? null : context.error);

export const roleOf = (context: ProfileEditorContext): Role | null => context.profile?.userRole.role ?? null;

/** Loads the signed-in user's profile, edits it, and saves it; a failed save keeps every typed value. */
export const profileEditorMachine = setup({
  types: {} as { context: ProfileEditorContext; events: ProfileEditorEvent; input: ProfileEditorInput; emitted: ProfileEditorEmitted },
  actors: {
    loadProfile: fromPromise<Profile>(mustBeProvided('loadProfile')),
    saveProfile: fromPromise<Profile, ProfileUpdate>(mustBeProvided('saveProfile')),
  },
  actions: {
    notifySaved: actionMustBeProvided<{ profile: Profile }>('notifySaved'),
    notifySaveFailed: actionMustBeProvided<{ error: unknown }>('notifySaveFailed'),
    revealRefusal: emit({ type: 'form.refused' } as const),
  },
  guards: {
    isOwnProfile: (_, { profile, profileId }: { profile: Profile; profileId: string | null }) =>
      profileId === null || profile._id === profileId,
    isValid: ({ context }) => checkProfileForm(context.values, roleOf(context)).update !== null,
  },
}).createMachine({
  id: 'profileEditor',
  context: ({ input }) => ({ profileId: input.profileId, profile: null, values: blankProfileForm, touched: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: "Reading the signed-in user's profile.",
      tags: ['loading'],
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: [
          {
            guard: { type: 'isOwnProfile', params: ({ context, event }) => ({ profile: event.output, profileId: context.profileId }) },
            target: 'editing',
            actions: assign(({ event }) => ({ profile: event.output, values: formValuesOf(event.output) })),
          },
          { target: 'missing' },
        ],
        onError: { target: 'missing' },
      },
    },
    missing: {
      description: "Spec §8: no profile to edit: 'Something went wrong :('.",
      tags: ['missing'],
    },
    editing: {
      description: 'The form is open; each field shows its message once touched.',
      on: {
        'field.change': {
          actions: assign(({ context, event }) => ({
            values: { ...context.values, [event.field]: event.value },
            touched: context.touched.includes(event.field) ? context.touched : [...context.touched, event.field],
            error: answered(context, event.field),
          })),
        },
        'field.blur': {
          actions: assign(({ context, event }) => ({
            touched: context.touched.includes(event.field) ? context.touched : [...context.touched, event.field],
          })),
        },
        'form.submit': [
          { guard: 'isValid', target: 'saving' },
          { actions: [assign({ touched: profileFields }), 'revealRefusal'] },
        ],
      },
    },
    saving: {
      description: 'PUT profile with the checked values.',
      tags: ['saving'],
      entry: assign({ error: null }),
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => {
          const { update } = checkProfileForm(context.values, roleOf(context));
          if (!update) throw new Error('Only a checked profile is saved');
          return update;
        },
        onDone: {
          target: 'editing',
          actions: [
            assign(({ event }) => ({ profile: event.output, values: formValuesOf(event.output), touched: [] })),
            { type: 'notifySaved', params: ({ event }) => ({ profile: event.output }) },
          ],
        },
        onError: {
          description: "Spec §8: the values stay as typed so the user can try again; the server's reason shows beside the field it names.",
          target: 'editing',
          actions: [
            assign({ error: ({ event }) => serverMessage(event.error, '') || null }),
            { type: 'notifySaveFailed', params: ({ event }) => ({ error: event.error }) },
            'revealRefusal',
          ],
        },
      },
    },
  },
});
