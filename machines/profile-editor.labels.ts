import type { MachineLabels } from './machine-labels';

export const profileEditorLabels = {
  states: {
    profileEditor: 'Editing my profile',
    'profileEditor.loading': 'Reading the profile',
    'profileEditor.missing': "'Something went wrong :('",
    'profileEditor.editing': 'Filling in the form',
    'profileEditor.saving': 'Saving the profile',
  },
  events: {
    'xstate.done.actor.loadProfile': 'when the profile is read',
    'xstate.error.actor.loadProfile': 'when reading it fails',
    'field.change': 'a field is typed in',
    'field.blur': 'a field is left',
    'form.submit': "'Save Edits'",
    'xstate.done.actor.saveProfile': 'when the profile is saved',
    'xstate.error.actor.saveProfile': 'when saving fails',
  },
  guards: {
    isOwnProfile: "it is the signed-in person's own",
    isValid: 'every field is valid',
  },
} satisfies MachineLabels;
