import type { MachineLabels } from './machine-labels';

export const companyEditorLabels = {
  states: {
    companyEditor: 'Editing the company',
    'companyEditor.loading': 'Reading the company',
    'companyEditor.missing': 'Company not shown',
    'companyEditor.editing': 'Filling in the form',
    'companyEditor.saving': 'Saving the company',
    'companyEditor.saved': 'Saved: the company page',
  },
  events: {
    'xstate.done.actor.loadCompany': 'when the company is read',
    'xstate.error.actor.loadCompany': 'when reading it fails',
    'company.save': 'the form is sent',
    'xstate.done.actor.saveCompany': 'when the company is saved',
    'xstate.error.actor.saveCompany': 'when saving fails',
  },
  guards: {},
} satisfies MachineLabels;
