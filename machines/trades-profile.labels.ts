import type { MachineLabels } from './machine-labels';

export const tradesProfileLabels = {
  states: {
    tradesProfile: "A tradesperson's profile",
    'tradesProfile.loading': 'Reading the profile',
    'tradesProfile.missing': "'Something went wrong :('",
    'tradesProfile.editing': 'Filling in the profile',
    'tradesProfile.saving': 'Saving the profile',
    'tradesProfile.saved': "'Details updated successfully'",
  },
  events: {
    'xstate.done.actor.loadProfile': 'when the profile is read',
    'xstate.error.actor.loadProfile': 'when reading it fails',
    'profile.reload': "'Try again'",
    'form.edit': 'a field changes',
    'form.blur': 'a field is left',
    'form.submit': "'Save Edits'",
    'draft.discard': 'the kept changes are discarded',
    'xstate.done.actor.saveProfile': 'when the profile is saved',
    'xstate.error.actor.saveProfile': 'when saving fails',
  },
  guards: {
    isValid: 'every field is valid',
  },
} satisfies MachineLabels;
