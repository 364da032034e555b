import type { MachineLabels } from './machine-labels';

export const companyFormLabels = {
  states: {
    companyForm: 'Filling in the company form',
  },
  events: {
    'form.refused': 'the save is refused',
    'field.change': 'a field is typed in',
    'field.blur': 'a field is left',
    'logo.change': 'the logo changes',
    'logo.uploading': 'the logo starts or stops uploading',
    'form.submit': 'the form is sent',
  },
  guards: {
    canSubmit: 'every field is filled in and valid',
  },
} satisfies MachineLabels;
