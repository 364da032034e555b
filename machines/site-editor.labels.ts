import type { MachineLabels } from './machine-labels';

export const siteEditorLabels = {
  states: {
    siteEditor: 'Editing a project site',
    'siteEditor.starting': 'Opening the form',
    'siteEditor.loading': 'Reading the site',
    'siteEditor.missing': 'No site to edit',
    'siteEditor.editing': 'Filling in the form',
    'siteEditor.saving': 'Saving the site',
    'siteEditor.reloading': 'Reading the saved site again',
    'siteEditor.saved': 'Saved: the site page',
  },
  events: {
    'timeZone.change': 'a time zone is chosen',
    'xstate.done.actor.loadSite': 'when the site is read',
    'xstate.error.actor.loadSite': 'when reading it fails',
    'field.change': 'a field is typed in',
    'field.blur': 'a field is left',
    'ppe.change': 'PPE is ticked or unticked',
    'supervisor.change': 'a supervisor is chosen',
    'plan.change': 'the safety plan changes',
    'form.submit': 'the form is sent',
    'site.reload': "'Reload' the other person's save",
    'xstate.done.actor.saveSite': 'when the site is saved',
    'xstate.error.actor.saveSite': 'when saving fails',
    'xstate.done.actor.reloadSite': 'when the saved site is read',
    'xstate.error.actor.reloadSite': 'when reading it fails',
  },
  guards: {
    isEdit: 'an existing site is edited',
    isValid: 'every field is valid',
    isStaleVersion: 'someone else saved it first',
  },
} satisfies MachineLabels;
